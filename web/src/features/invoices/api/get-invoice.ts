import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { invoicesKey, type Invoice } from './get-invoices';

export const invoiceQueryOptions = (organizationId: string, invoiceId: string) =>
  queryOptions({
    queryKey: [...invoicesKey(organizationId), 'detail', invoiceId],
    queryFn: ({ signal }) => api.get<Invoice>(`/organizations/${segment(organizationId)}/invoices/${segment(invoiceId)}`, { organizationId, signal }),
  });

export const useInvoice = (organizationId: string, invoiceId: string) => useQuery(invoiceQueryOptions(organizationId, invoiceId));
