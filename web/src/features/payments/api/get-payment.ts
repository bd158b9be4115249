import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Payment } from './get-payments';
import { paymentsKey } from './keys';

export const paymentQueryOptions = (organizationId: string, paymentId: string) =>
  queryOptions({
    queryKey: [...paymentsKey(organizationId), 'detail', paymentId],
    queryFn: ({ signal }) => api.get<Payment>(`/organizations/${segment(organizationId)}/payments/${segment(paymentId)}`, { organizationId, signal }),
  });

export const usePayment = (organizationId: string, paymentId: string) => useQuery(paymentQueryOptions(organizationId, paymentId));
