import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionRuleInput } from '@daftar/shared/schemas/promotions';
import { api, segment } from '../../../lib/api-client';
import { promotionsKey, promotionsPath, type PromotionRule } from './keys';

/** A rule is replaced whole: the conditions sent are all it has afterwards. */
export const updateRule = ({ organizationId, ruleId, data }: { organizationId: string; ruleId: string; data: PromotionRuleInput }) =>
  api.put<PromotionRule>(`${promotionsPath(organizationId)}/rules/${segment(ruleId)}`, { organizationId, json: data });

export const useUpdateRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    meta: { handlesErrors: true },
    onSuccess: (_rule, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
