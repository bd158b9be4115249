import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockStatus } from '@daftar/shared/schemas/products';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { inventoryKey } from './keys';

export interface LowStockRow {
  product_id: string;
  sku: string;
  name: string;
  name_ar: string | null;
  on_hand: string;
  reorder_point: string | null;
  stock_status: StockStatus;
}

export const lowStockQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'low-stock'],
    queryFn: ({ signal }) => api.get<ListResponse<LowStockRow>>(`/organizations/${segment(organizationId)}/inventory/low-stock`, { organizationId, signal }),
  });

export const useLowStock = (organizationId: string, enabled = true) => useQuery({ ...lowStockQueryOptions(organizationId), enabled });
