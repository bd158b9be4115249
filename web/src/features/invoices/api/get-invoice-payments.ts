import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentPublic } from '@daftar/shared/schemas/payments';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Payment = PaymentPublic;

/** Payments received that were allocated to the invoice (voided ones too, marked as such). */
export const invoicePaymentsQueryOptions = (organizationId: string, invoiceId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'payments', 'invoice', invoiceId],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Payment>>(`/organizations/${segment(organizationId)}/payments/invoices/${segment(invoiceId)}`, { organizationId, signal }),
  });

export const useInvoicePayments = (organizationId: string, invoiceId: string) => useQuery(invoicePaymentsQueryOptions(organizationId, invoiceId));
