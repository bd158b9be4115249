import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type InvitationSent = z.infer<typeof schemas.invitationSent>;
export type CreateInvitationInput = z.output<typeof schemas.invitationCreate>;

export const createInvitation = ({ organizationId, data }: { organizationId: string; data: CreateInvitationInput }) =>
  api.post<InvitationSent>(`/organizations/${segment(organizationId)}/invitations`, { organizationId, json: data });

export const useCreateInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: ['organizations', organizationId, 'invitations'] }),
  });
};
