import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionRuleInput } from '@daftar/shared/schemas/promotions';
import { api } from '../../../lib/api-client';
import { promotionPath, promotionsKey, type PromotionRule } from './keys';

export const addRule = ({ organizationId, promotionId, data }: { organizationId: string; promotionId: string; data: PromotionRuleInput }) =>
  api.post<PromotionRule>(`${promotionPath(organizationId, promotionId)}/rules`, { organizationId, json: data });

/** A rule more for a promotion (at most 20: the server answers 409 beyond). */
export const useAddRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRule,
    meta: { handlesErrors: true },
    onSuccess: (_rule, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
