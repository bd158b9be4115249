import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type OrganizationStats = z.infer<typeof schemas.organizationStats>;

export const organizationStatsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'stats'],
    queryFn: ({ signal }) => api.get<OrganizationStats>(`/organizations/${segment(organizationId)}/stats`, { organizationId, signal }),
  });

export const useOrganizationStats = (organizationId: string | null) =>
  useQuery({ ...organizationStatsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
