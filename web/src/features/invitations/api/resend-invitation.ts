import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { InvitationSent } from './create-invitation';

export const resendInvitation = ({ organizationId, invitationId }: { organizationId: string; invitationId: string }) =>
  api.post<InvitationSent>(`/organizations/${segment(organizationId)}/invitations/${segment(invitationId)}/resend`, { organizationId });

export const useResendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'invitations'] }),
  });
};
