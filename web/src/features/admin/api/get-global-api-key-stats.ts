import { queryOptions, useQuery } from '@tanstack/react-query';
import type { schemas } from '@daftar/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PLATFORM_SCOPE } from './platform-scope';

export type GlobalApiKeyStats = z.infer<typeof schemas.apiKeyGlobalStats>;

export const globalApiKeyStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'api-keys', 'stats'],
    queryFn: ({ signal }) => api.get<GlobalApiKeyStats>(`/organizations/${PLATFORM_SCOPE}/api-keys/global/stats`, { signal }),
  });

export const useGlobalApiKeyStats = () => useQuery(globalApiKeyStatsQueryOptions());
