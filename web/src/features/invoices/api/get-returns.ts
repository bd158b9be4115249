import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { InvoiceReturnPublic } from '@daftar/shared/schemas/invoiceReturns';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type InvoiceReturn = InvoiceReturnPublic;

export const returnsKey = (organizationId: string) => ['organizations', organizationId, 'invoice-returns'] as const;

export const returnsQueryOptions = (organizationId: string, { skip, limit }: { skip: number; limit: number }) =>
  queryOptions({
    queryKey: [...returnsKey(organizationId), 'list', { skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<InvoiceReturn>>(`/organizations/${segment(organizationId)}/invoices/return/invoices`, { organizationId, query: { skip, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useReturns = (organizationId: string, params: { skip: number; limit: number }) => useQuery(returnsQueryOptions(organizationId, params));

/** Every credit note of one invoice: what was already taken back, line by line. */
export const invoiceReturnsQueryOptions = (organizationId: string, invoiceId: string) =>
  queryOptions({
    queryKey: [...returnsKey(organizationId), 'invoice', invoiceId],
    queryFn: ({ signal }) =>
      api.get<ListResponse<InvoiceReturn>>(`/organizations/${segment(organizationId)}/invoices/return/invoices`, {
        organizationId,
        query: { invoice_id: invoiceId, limit: MAX_PAGE_LIMIT },
        signal,
      }),
  });

export const useInvoiceReturns = (organizationId: string, invoiceId: string, enabled = true) =>
  useQuery({ ...invoiceReturnsQueryOptions(organizationId, invoiceId), enabled });
