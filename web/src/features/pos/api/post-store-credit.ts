import type { posAccountBalance, PosStoreCreditCreate } from '@daftar/shared/schemas/pos';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { posKey, posPath } from './keys';

export type AccountBalance = z.infer<typeof posAccountBalance>;

export const accountBalanceQueryOptions = (organizationId: string, customerId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'customers', customerId, 'account-balance'],
    queryFn: ({ signal }) => api.get<AccountBalance>(`${posPath(organizationId)}/customers/${segment(customerId)}/account-balance`, { organizationId, signal }),
    staleTime: 0,
    retry: false,
  });

export const useAccountBalance = (organizationId: string, customerId: string | null) =>
  useQuery({ ...accountBalanceQueryOptions(organizationId, customerId ?? ''), enabled: !!customerId });

export interface StoreCreditAnswer {
  id: string;
  customer_id: string;
  amount: string;
  balance: string;
}

export const postStoreCredit = ({ organizationId, body }: { organizationId: string; body: PosStoreCreditCreate }) =>
  api.post<StoreCreditAnswer>(`${posPath(organizationId)}/store-credit`, { organizationId, json: body });

/** A deposit paid in at the till; the customer's balance is read again afterwards. */
export function usePostStoreCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStoreCredit,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId, body }) =>
      queryClient.invalidateQueries({ queryKey: [...posKey(organizationId), 'customers', body.customer_id, 'account-balance'] }),
  });
}
