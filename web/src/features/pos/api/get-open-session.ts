import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosSession } from '@daftar/shared/schemas/pos';
import { ApiError, api, type ListResponse } from '../../../lib/api-client';
import { posStore } from '../offline/store';
import { posKey, posPath } from './keys';

export type { PosSession };

/**
 * The terminal's open session, or null. Kept on the device like the terminals: a register that
 * lost the network mid-shift reloads into the same session and keeps selling into the outbox.
 */
export const openSessionQueryOptions = (organizationId: string, terminalId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'sessions', { terminal_id: terminalId, status: 'open' }],
    queryFn: async ({ signal }): Promise<PosSession | null> => {
      const key = `open-session:${organizationId}:${terminalId}`;
      try {
        const list = await api.get<ListResponse<PosSession>>(`${posPath(organizationId)}/sessions`, {
          organizationId,
          signal,
          query: { terminal_id: terminalId, status: 'open', limit: 1 },
        });
        const session = list.data.find((s) => s.status === 'open') ?? null;
        await posStore().putMeta(key, session);
        return session;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) throw error;
        const cached = await posStore().getMeta<PosSession | null>(key);
        if (cached !== undefined) return cached;
        throw error;
      }
    },
    retry: false,
  });

export const useOpenSession = (organizationId: string, terminalId: string | null) =>
  useQuery({ ...openSessionQueryOptions(organizationId, terminalId ?? ''), enabled: !!terminalId });
