import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type ApiKeyUsage = z.infer<typeof schemas.apiKeyUsageStats>;

export const apiKeyUsageQueryOptions = (organizationId: string, days: number) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'api-keys', 'usage', days],
    queryFn: ({ signal }) =>
      api.get<ApiKeyUsage>(`/organizations/${segment(organizationId)}/api-keys/stats/usage`, { organizationId, query: { days }, signal }),
  });

export const useApiKeyUsage = (organizationId: string, days: number) => useQuery(apiKeyUsageQueryOptions(organizationId, days));
