import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { inventoryKey, type StockLevel } from './keys';

export const stockReportQueryOptions = (organizationId: string, locationId?: string) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId), 'stock-report', locationId ?? null],
    queryFn: ({ signal }) =>
      api.get<ListResponse<StockLevel>>(`/organizations/${segment(organizationId)}/inventory/stock-report`, { organizationId, query: { location_id: locationId }, signal }),
  });

export const useStockReport = (organizationId: string, locationId?: string, enabled = true) => useQuery({ ...stockReportQueryOptions(organizationId, locationId), enabled });
