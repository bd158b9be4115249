import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemType, ProductPublic, StockStatus } from '@daftar/shared/schemas/products';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Product = ProductPublic;

/** Every query of the feature starts with this key, so one invalidation refreshes list, pages and lookups. */
export const productsKey = (organizationId: string) => ['organizations', organizationId, 'products'] as const;

/** The list's filters as the API takes them (productListQuery); absent ones are not sent. */
export interface ProductListParams {
  skip: number;
  limit: number;
  search?: string;
  item_type?: ItemType;
  category_id?: string;
  is_tracked_inventory?: boolean;
  include_inactive?: boolean;
  supplier_name?: string;
  min_price?: string;
  max_price?: string;
  has_image?: boolean;
  has_barcode?: boolean;
  stock_status?: StockStatus;
}

export const productsQueryOptions = (organizationId: string, params: ProductListParams) =>
  queryOptions({
    queryKey: [...productsKey(organizationId), 'list', params],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Product>>(`/organizations/${segment(organizationId)}/products-services`, { organizationId, query: { ...params }, signal }),
    // The table keeps the last page while the next search or page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useProducts = (organizationId: string, params: ProductListParams, enabled = true) =>
  useQuery({ ...productsQueryOptions(organizationId, params), enabled });
