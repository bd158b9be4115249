import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { returnsKey, type InvoiceReturn } from './get-returns';

export const returnQueryOptions = (organizationId: string, returnId: string) =>
  queryOptions({
    queryKey: [...returnsKey(organizationId), 'detail', returnId],
    queryFn: ({ signal }) =>
      api.get<InvoiceReturn>(`/organizations/${segment(organizationId)}/invoices/return/invoices/${segment(returnId)}`, { organizationId, signal }),
  });

export const useReturn = (organizationId: string, returnId: string) => useQuery(returnQueryOptions(organizationId, returnId));
