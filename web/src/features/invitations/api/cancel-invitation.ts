import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Invitation } from './get-invitations';

export const cancelInvitation = ({ organizationId, invitationId }: { organizationId: string; invitationId: string }) =>
  api.post<Invitation>(`/organizations/${segment(organizationId)}/invitations/${segment(invitationId)}/cancel`, { organizationId });

export const useCancelInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'invitations'] }),
  });
};
