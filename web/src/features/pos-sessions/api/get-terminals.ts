import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath, type Terminal } from './keys';

/**
 * A shop has a handful of tills: one read of the largest page lists them all. The key sits under
 * the register's own terminals read (features/pos), which keeps a device copy: a change here
 * refreshes both, and neither answers for the other.
 */
export const terminalsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'terminals', 'all'],
    queryFn: ({ signal }) => api.get<ListResponse<Terminal>>(`${posPath(organizationId)}/terminals`, { organizationId, query: { limit: MAX_PAGE_LIMIT }, signal }),
  });

export const useTerminals = (organizationId: string, enabled = true) => useQuery({ ...terminalsQueryOptions(organizationId), enabled });
