import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath, type Terminal } from './keys';

/** The terminals list's largest page (its own limit, below the shared pagination's 1000). */
const TERMINALS_PAGE_LIMIT = 500;

/**
 * A shop has a handful of tills: one read of the largest page lists them all. The key sits under
 * the register's own terminals read (features/pos), which keeps a device copy: a change here
 * refreshes both, and neither answers for the other.
 */
export const terminalsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'terminals', 'all'],
    queryFn: ({ signal }) => api.get<ListResponse<Terminal>>(`${posPath(organizationId)}/terminals`, { organizationId, query: { limit: TERMINALS_PAGE_LIMIT }, signal }),
  });

export const useTerminals = (organizationId: string, enabled = true) => useQuery({ ...terminalsQueryOptions(organizationId), enabled });
