import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentPublic } from '@daftar/shared/schemas/payments';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { billsKey } from './get-bills';

export type Payment = PaymentPublic;

/** Payments made against the bill (posted and void). */
export const billPaymentsQueryOptions = (organizationId: string, billId: string) =>
  queryOptions({
    queryKey: [...billsKey(organizationId), 'payments', billId],
    queryFn: ({ signal }) => api.get<ListResponse<Payment>>(`/organizations/${segment(organizationId)}/bills/${segment(billId)}/payments`, { organizationId, signal }),
  });

export const useBillPayments = (organizationId: string, billId: string) => useQuery(billPaymentsQueryOptions(organizationId, billId));
