import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Invitation = z.infer<typeof schemas.invitationPublic>;
export type InvitationStatus = z.infer<typeof schemas.invitationStatus>;

export const invitationsQueryOptions = (organizationId: string, status?: InvitationStatus, skip = 0, limit = 50) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'invitations', { status: status ?? null, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Invitation>>(`/organizations/${segment(organizationId)}/invitations`, {
        organizationId,
        query: { status_filter: status, skip, limit },
        signal,
      }),
  });

export const useInvitations = (organizationId: string, status?: InvitationStatus, skip = 0, limit = 50) =>
  useQuery(invitationsQueryOptions(organizationId, status, skip, limit));
