import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { billsKey, type Bill } from './get-bills';

export const billQueryOptions = (organizationId: string, billId: string) =>
  queryOptions({
    queryKey: [...billsKey(organizationId), 'detail', billId],
    queryFn: ({ signal }) => api.get<Bill>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}`, { organizationId, signal }),
  });

export const useBill = (organizationId: string, billId: string) => useQuery(billQueryOptions(organizationId, billId));
