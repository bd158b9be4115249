import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type InvitationPreview = z.infer<typeof schemas.invitationPreview>;

/** Read by the token in the e-mail's link; no organization header, no sign-in needed. */
export const publicInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', 'public', token],
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/invitations/public/${segment(token)}`, { signal }),
  });

export const usePublicInvitation = (token: string | null) => useQuery({ ...publicInvitationQueryOptions(token ?? ''), enabled: !!token });
