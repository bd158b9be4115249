import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import type { MovementListParams } from './get-stock-movements';
import { inventoryKey, type StockMovement } from './keys';

export const productMovementsQueryOptions = (organizationId: string, productId: string, params: MovementListParams) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'product-movements', productId, params],
    queryFn: ({ signal }) =>
      api.get<ListResponse<StockMovement>>(`/organizations/${segment(organizationId)}/inventory/products/${segment(productId)}/stock-movements`, {
        organizationId,
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useProductMovements = (organizationId: string, productId: string, params: MovementListParams, enabled = true) =>
  useQuery({ ...productMovementsQueryOptions(organizationId, productId, params), enabled });
