import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import { hasRank, type Role } from '@daftar/shared/roles';
import type { z } from 'zod';
import { api, segment, type ListResponse } from './api-client';
import { useUser } from './auth';

export type Member = z.infer<typeof schemas.memberPublic>;

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'members'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Member>>(`/organizations/${segment(organizationId)}/members`, { organizationId, signal }),
  });

export interface RoleFlags {
  role: Role | null;
  isOwner: boolean;
  isAdmin: boolean;
  isMember: boolean;
}

/** SPEC §6: a check passes when the rank is at least the required one; no role fails. */
export function roleFlags(role: Role | null): RoleFlags {
  return { role, isOwner: hasRank(role, 'owner'), isAdmin: hasRank(role, 'admin'), isMember: hasRank(role, 'member') };
}

/** The signed-in user's role in an organization, from its member list (SPEC §6). */
export function useOrganizationRole(organizationId: string | null): RoleFlags & { isLoading: boolean } {
  const user = useUser();
  const members = useQuery({ ...membersQueryOptions(organizationId ?? ''), enabled: !!organizationId });
  const role = members.data?.data.find((m) => m.user_id === user.data?.id)?.role ?? null;
  return { ...roleFlags(role), isLoading: user.isPending || (!!organizationId && members.isPending) };
}
