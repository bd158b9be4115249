import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { inventoryKey, type MovementType, type StockMovement } from './keys';

/** movementListQuery's filters; absent ones are not sent. */
export interface MovementListParams {
  skip: number;
  limit: number;
  location_id?: string;
  movement_type?: MovementType;
  date_from?: string;
  date_to?: string;
}

export const stockMovementsQueryOptions = (organizationId: string, params: MovementListParams) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'movements', params],
    queryFn: ({ signal }) =>
      api.get<ListResponse<StockMovement>>(`/organizations/${segment(organizationId)}/inventory/stock-movements`, { organizationId, query: { ...params }, signal }),
    // The table keeps the last page while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useStockMovements = (organizationId: string, params: MovementListParams, enabled = true) =>
  useQuery({ ...stockMovementsQueryOptions(organizationId, params), enabled });
