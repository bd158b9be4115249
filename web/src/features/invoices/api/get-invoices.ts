import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicePublic, InvoiceStatus } from '@daftar/shared/schemas/invoices';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Invoice = InvoicePublic;

export const invoicesKey = (organizationId: string) => ['organizations', organizationId, 'invoices'] as const;

export interface InvoiceListParams {
  status?: InvoiceStatus;
  skip: number;
  limit: number;
}

export const invoicesQueryOptions = (organizationId: string, { status, skip, limit }: InvoiceListParams) =>
  queryOptions({
    queryKey: [...invoicesKey(organizationId), 'list', { status: status ?? null, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Invoice>>(`/organizations/${segment(organizationId)}/invoices`, { organizationId, query: { status, skip, limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (organizationId: string, params: InvoiceListParams, enabled = true) =>
  useQuery({ ...invoicesQueryOptions(organizationId, params), enabled });
