import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PosSessionStatus } from '@daftar/shared/schemas/pos';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath, type Session } from './keys';

/** posSessionListQuery's filters; absent ones are not sent. */
export interface SessionListParams {
  skip: number;
  limit: number;
  terminal_id?: string;
  status?: PosSessionStatus;
}

export const sessionsQueryOptions = (organizationId: string, params: SessionListParams) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'sessions', params],
    queryFn: ({ signal }) => api.get<ListResponse<Session>>(`${posPath(organizationId)}/sessions`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSessions = (organizationId: string, params: SessionListParams, enabled = true) => useQuery({ ...sessionsQueryOptions(organizationId, params), enabled });
