import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { loyaltyRewardCreate, loyaltyRewardUpdate } from '@daftar/shared/schemas/loyalty';
import type { z } from 'zod';
import { api, type ListResponse } from '../../../lib/api-client';
import { loyaltyKey, loyaltyPath, rewardPath, type Reward } from './keys';

export type RewardCreateBody = z.output<typeof loyaltyRewardCreate>;
export type RewardUpdateBody = z.output<typeof loyaltyRewardUpdate>;

/** A program's rewards, active and not (a deactivated one stays listed: members may have seen it). */
export const rewardsQueryOptions = (organizationId: string, programId: string) =>
  queryOptions({
    queryKey: [...loyaltyKey(organizationId), 'rewards', programId],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Reward>>(`${loyaltyPath(organizationId)}/rewards`, { organizationId, query: { loyalty_program_id: programId, skip: 0, limit: 100 }, signal }),
  });

export const useRewards = (organizationId: string, programId: string, enabled = true) => useQuery({ ...rewardsQueryOptions(organizationId, programId), enabled: enabled && !!programId });

export const createReward = ({ organizationId, data }: { organizationId: string; data: RewardCreateBody }) =>
  api.post<Reward>(`${loyaltyPath(organizationId)}/rewards`, { organizationId, json: data });

export const updateReward = ({ organizationId, rewardId, data }: { organizationId: string; rewardId: string; data: RewardUpdateBody }) =>
  api.put<Reward>(rewardPath(organizationId, rewardId), { organizationId, json: data });

const useLoyaltyMutation = <V extends { organizationId: string }, A>(mutationFn: (variables: V) => Promise<A>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: (_answer: A, { organizationId }: V) => queryClient.invalidateQueries({ queryKey: loyaltyKey(organizationId) }),
  });
};

export const useCreateReward = () => useLoyaltyMutation(createReward);
export const useUpdateReward = () => useLoyaltyMutation(updateReward);
