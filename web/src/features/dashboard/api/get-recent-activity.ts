import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type ActivityEntry = z.infer<typeof schemas.auditLogPublic>;

const RECENT_LIMIT = 8;

export const recentActivityQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'audit-logs', 'recent', RECENT_LIMIT],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ActivityEntry>>(`/organizations/${segment(organizationId)}/audit-logs/recent`, {
        organizationId,
        query: { limit: RECENT_LIMIT, hours: 24 * 7 },
        signal,
      }),
  });

/** The audit trail is an administrator's view. */
export const useRecentActivity = (organizationId: string | null, enabled: boolean) =>
  useQuery({ ...recentActivityQueryOptions(organizationId ?? ''), enabled: !!organizationId && enabled });
