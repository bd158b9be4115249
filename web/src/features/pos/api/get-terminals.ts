import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosTerminal } from '@daftar/shared/schemas/pos';
import { ApiError, api, type ListResponse } from '../../../lib/api-client';
import { posStore } from '../offline/store';
import { posKey, posPath } from './keys';

export type { PosTerminal };

/**
 * The organization's terminals. The last answer is kept on this device, so a register reloaded
 * without network still knows its terminal; a server refusal (4xx) is not hidden by it.
 */
export const terminalsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'terminals'],
    queryFn: async ({ signal }) => {
      const key = `terminals:${organizationId}`;
      try {
        const list = await api.get<ListResponse<PosTerminal>>(`${posPath(organizationId)}/terminals`, { organizationId, signal, query: { limit: 100 } });
        await posStore().putMeta(key, list);
        return list;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) throw error;
        const cached = await posStore().getMeta<ListResponse<PosTerminal>>(key);
        if (cached) return cached;
        throw error;
      }
    },
    retry: false,
  });

export const useTerminals = (organizationId: string) => useQuery(terminalsQueryOptions(organizationId));

const TERMINAL_CHOICE = 'daftar.pos.terminal';

/** The terminal this device was last used as, per organization. */
export function storedTerminalId(organizationId: string): string | null {
  try {
    return window.localStorage.getItem(`${TERMINAL_CHOICE}.${organizationId}`);
  } catch {
    return null;
  }
}

export function storeTerminalId(organizationId: string, terminalId: string | null) {
  const key = `${TERMINAL_CHOICE}.${organizationId}`;
  if (terminalId) window.localStorage.setItem(key, terminalId);
  else window.localStorage.removeItem(key);
}
