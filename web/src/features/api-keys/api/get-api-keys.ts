import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type ApiKey = z.infer<typeof schemas.apiKeyPublic>;

export const apiKeysQueryOptions = (organizationId: string, includeInactive: boolean) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'api-keys', { includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ApiKey>>(`/organizations/${segment(organizationId)}/api-keys`, {
        organizationId,
        query: { include_inactive: includeInactive },
        signal,
      }),
  });

export const useApiKeys = (organizationId: string, includeInactive: boolean) => useQuery(apiKeysQueryOptions(organizationId, includeInactive));
