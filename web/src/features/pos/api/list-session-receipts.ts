import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { PosTerminal, PosTransaction } from '@daftar/shared/schemas/pos';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { posKey, posPath } from './keys';

export type { PosTransaction };

/** Newest first: a terminal's receipts carry its own gapless sequence. */
const newestFirst = (a: PosTransaction, b: PosTransaction) => b.sequence - a.sequence;

/** The session's receipts (sales and returns), newest first. */
export const sessionReceiptsQueryOptions = (organizationId: string, terminalId: string, sessionId: string) =>
  queryOptions({
    queryKey: [...posKey(organizationId), 'transactions', { terminal_id: terminalId, session_id: sessionId }],
    queryFn: async ({ signal }) => {
      const all: PosTransaction[] = [];
      for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
        const page = await api.get<ListResponse<PosTransaction>>(`${posPath(organizationId)}/transactions`, {
          organizationId,
          signal,
          query: { terminal_id: terminalId, session_id: sessionId, skip, limit: MAX_PAGE_LIMIT },
        });
        all.push(...page.data);
        if (page.data.length < MAX_PAGE_LIMIT || all.length >= page.count) break;
      }
      return all.sort(newestFirst);
    },
    retry: false,
  });

export const useSessionReceipts = (organizationId: string, terminalId: string, sessionId: string, enabled = true) =>
  useQuery({ ...sessionReceiptsQueryOptions(organizationId, terminalId, sessionId), enabled });

/**
 * A receipt typed or scanned at the till: its prefix names the terminal (`FT-000042`); digits alone
 * are this terminal's (`42` → `FT-000042`). Normalised to the server's spelling, or null.
 */
export function normalizeReceiptNumber(raw: string, ownPrefix: string): string | null {
  const text = raw.trim().toUpperCase().replace(/\s+/g, '');
  const match = /^(?:([A-Z0-9]{1,8})-)?0*(\d{1,9})$/.exec(text);
  if (!match) return null;
  return `${match[1] ?? ownPrefix}-${match[2]!.padStart(6, '0')}`;
}

/**
 * Finds a receipt by number: in the receipts already read (this session's), else among the
 * receipts of the terminal its prefix names (newest first, page by page), so a sale from an
 * older session can be returned too.
 */
export async function findReceiptByNumber(
  organizationId: string,
  number: string,
  terminals: readonly Pick<PosTerminal, 'id' | 'receipt_prefix'>[],
  known: readonly PosTransaction[],
  signal?: AbortSignal,
): Promise<PosTransaction | null> {
  const hit = known.find((t) => t.number === number);
  if (hit) return hit;
  const prefix = number.slice(0, number.lastIndexOf('-'));
  const terminal = terminals.find((t) => t.receipt_prefix === prefix);
  if (!terminal) return null;
  for (let skip = 0; ; skip += MAX_PAGE_LIMIT) {
    const page = await api.get<ListResponse<PosTransaction>>(`${posPath(organizationId)}/transactions`, {
      organizationId,
      signal,
      query: { terminal_id: terminal.id, skip, limit: MAX_PAGE_LIMIT },
    });
    const found = page.data.find((t) => t.number === number);
    if (found) return found;
    if (page.data.length < MAX_PAGE_LIMIT || skip + page.data.length >= page.count) return null;
  }
}
