import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyTransactionType, loyaltyTransactionCreate } from '@daftar/shared/schemas/loyalty';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { loyaltyKey, loyaltyPath, memberPath, type Member, type PointsLine } from './keys';

export type AdjustBody = z.output<typeof loyaltyTransactionCreate>;

export interface LedgerParams {
  skip: number;
  limit: number;
  transaction_type?: LoyaltyTransactionType;
}

/** A member's point ledger, newest first: every change with the balance after it. */
export const memberLedgerQueryOptions = (organizationId: string, customerId: string, params: LedgerParams) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'member', customerId, 'transactions', params],
    queryFn: ({ signal }) => api.get<ListResponse<PointsLine>>(`${memberPath(organizationId, customerId)}/transactions`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useMemberLedger = (organizationId: string, customerId: string, params: LedgerParams, enabled = true) =>
  useQuery({ ...memberLedgerQueryOptions(organizationId, customerId, params), enabled });

const usePointsMutation = <V extends { organizationId: string }, A>(mutationFn: (variables: V) => Promise<A>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: (_answer: A, { organizationId }: V) => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
};

/** A manual correction (+ given, − taken) with the reason; the other side is the loyalty expense or liability. */
export const adjustPoints = ({ organizationId, data, idempotencyKey }: { organizationId: string; data: AdjustBody; idempotencyKey?: string }) =>
  api.post<PointsLine>(`${loyaltyPath(organizationId)}/transactions`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });
export const useAdjustPoints = () => usePointsMutation(adjustPoints);

/** A manual line undone: the server writes a reversal line (a ledger line is never deleted). */
export const reversePointsLine = ({ organizationId, transactionId }: { organizationId: string; transactionId: string }) =>
  api.delete<PointsLine | undefined>(`${loyaltyPath(organizationId)}/transactions/${segment(transactionId)}`, { organizationId });
export const useReversePointsLine = () => usePointsMutation(reversePointsLine);

export interface RedeemRewardQuery {
  customer_id: string;
  points: number;
  reward_id: string;
  description?: string;
}

/** A reward taken in the office: its points leave the balance (the fields go in the query, SPEC §3). */
export const redeemReward = ({ organizationId, query, idempotencyKey }: { organizationId: string; query: RedeemRewardQuery; idempotencyKey?: string }) =>
  api.post<Member | PointsLine>(`${loyaltyPath(organizationId)}/redeem-points`, {
    organizationId,
    query: { ...query },
    headers: idempotencyHeaders(idempotencyKey),
  });
export const useRedeemReward = () => usePointsMutation(redeemReward);
