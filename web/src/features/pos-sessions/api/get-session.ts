import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath, type Session } from './keys';

/**
 * One session. The API has no read by id: the session is found in its terminal's list (or, with
 * no terminal known, the organization's most recent sessions), read as one large page.
 */
export const sessionQueryOptions = (organizationId: string, sessionId: string, terminalId?: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'session', sessionId, terminalId ?? null],
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResponse<Session>>(`${posPath(organizationId)}/sessions`, {
        organizationId,
        query: { terminal_id: terminalId, skip: 0, limit: MAX_PAGE_LIMIT },
        signal,
      });
      return list.data.find((session) => session.id === sessionId) ?? null;
    },
  });

export const useSession = (organizationId: string, sessionId: string, terminalId?: string, enabled = true) =>
  useQuery({ ...sessionQueryOptions(organizationId, sessionId, terminalId), enabled });
