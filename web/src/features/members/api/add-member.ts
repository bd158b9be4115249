import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@daftar/shared';
import { api, segment } from '../../../lib/api-client';
import { membersQueryOptions, type Member } from '../../../lib/authorization';

export interface AddMemberInput {
  organizationId: string;
  email: string;
  role: Role;
}

/** Adds someone who already has an account; everyone else gets an invitation. */
export const addMember = ({ organizationId, email, role }: AddMemberInput) =>
  api.post<Member>(`/organizations/${segment(organizationId)}/members`, { organizationId, json: { email, role } });

export const useAddMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_member, { organizationId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(organizationId).queryKey }),
  });
};
