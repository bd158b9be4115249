import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { promotionsKey, promotionsPath } from './keys';

export const deleteRule = ({ organizationId, ruleId }: { organizationId: string; ruleId: string }) =>
  api.delete<{ message: string }>(`${promotionsPath(organizationId)}/rules/${segment(ruleId)}`, { organizationId });

export const useDeleteRule = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: promotionsKey(organizationId) }),
  });
};
