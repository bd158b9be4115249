import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Organization } from '../../../lib/organizations';

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId],
    queryFn: ({ signal }) => api.get<Organization>(`/organizations/${segment(organizationId)}`, { organizationId, signal }),
  });

export const useOrganization = (organizationId: string | null) =>
  useQuery({ ...organizationQueryOptions(organizationId ?? ''), enabled: !!organizationId });
