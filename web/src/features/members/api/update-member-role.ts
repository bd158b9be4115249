import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@daftar/shared';
import { api, segment } from '../../../lib/api-client';
import { membersQueryOptions, type Member } from '../../../lib/authorization';

export interface UpdateMemberRoleInput {
  organizationId: string;
  userId: string;
  role: Role;
}

export const updateMemberRole = ({ organizationId, userId, role }: UpdateMemberRoleInput) =>
  api.put<Member>(`/organizations/${segment(organizationId)}/members/${segment(userId)}`, { organizationId, json: { role } });

export const useUpdateMemberRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: (_member, { organizationId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(organizationId).queryKey }),
  });
};
