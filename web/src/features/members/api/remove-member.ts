import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { membersQueryOptions } from '../../../lib/authorization';

export const removeMember = ({ organizationId, userId }: { organizationId: string; userId: string }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/members/${segment(userId)}`, { organizationId });

export const useRemoveMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(organizationId).queryKey }),
  });
};
