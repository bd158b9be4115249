import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod, PaymentPublic, PaymentType } from '@daftar/shared/schemas/payments';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { paymentsKey } from './keys';

export type Payment = PaymentPublic;

export interface PaymentListParams {
  payment_type: PaymentType;
  payment_method?: PaymentMethod;
  contact_id?: string;
  skip: number;
  limit: number;
}

/** Payments of one direction, newest first, filtered by method and contact on the server. */
export const paymentsQueryOptions = (organizationId: string, params: PaymentListParams) =>
  queryOptions({
    queryKey: [...paymentsKey(organizationId), 'list', { ...params, payment_method: params.payment_method ?? null, contact_id: params.contact_id ?? null }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Payment>>(`/organizations/${segment(organizationId)}/payments`, {
        organizationId,
        query: { ...params },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (organizationId: string, params: PaymentListParams, enabled = true) =>
  useQuery({ ...paymentsQueryOptions(organizationId, params), enabled });
