/**
 * The till's sync status and health (issue 15): what each register has waiting on the server, when
 * it last synced, what the server refused; and whether the API's dependencies answer.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { z } from 'zod';
import type { posSyncStatus } from '@daftar/shared/schemas/pos';
import { Organization } from '../db/organization.js';
import { PosPendingStock, PosSyncRefusal, type PosPendingStockRecord } from '../db/posPendingStock.js';
import { PosTerminal } from '../db/posTerminal.js';
import { PosTransaction } from '../db/posTransaction.js';
import { getSettingsItem, configuredPortalUrl } from '../e-invoicing/settings.js';
import { config } from '../platform/config.js';
import { logger } from '../platform/logger.js';

export type PosSyncStatus = z.infer<typeof posSyncStatus>;

/**
 * Per terminal (deleted ones left out):
 * - pending: one Query of the organization's PosPendingStock partition (every receipt still
 *   waiting for its exact stock cost), grouped here by terminal; the partition holds only what is
 *   in flight, so it stays small when the stock queue keeps up;
 * - last_sync_at: the `posted_at` of the terminal's newest receipt, one Query of PosTransaction
 *   gsi1 backwards with Limit 1. Its sort key is `<session>#<number>`: session ids are UUIDv7
 *   (time-ordered) and the number is given when the sale posts, so the last key is the last
 *   receipt posted. Reading the newest session's `last_sale_at` (also set at posting) instead
 *   would be the same one Query at the same price — a receipt of a few lines and a session are
 *   both under 4 KB, half a read unit each, and a large receipt a unit or two — but needs a
 *   second Query whenever the newest session has no sale yet (every shift's start);
 * - refused: one Query of the terminal's PosSyncRefusal partition.
 * So 2 + 2 × terminals Queries, run together.
 */
export async function syncStatus(organizationId: string, now = Date.now()): Promise<PosSyncStatus> {
  const [terminals, pending] = await Promise.all([
    PosTerminal.query.byId({ organization_id: organizationId }).go({ pages: 'all' }),
    PosPendingStock.query.byTransaction({ organization_id: organizationId }).go({ pages: 'all' }),
  ]);
  const pendingByTerminal = new Map<string, PosPendingStockRecord[]>();
  for (const item of pending.data) pendingByTerminal.set(item.terminal_id, [...(pendingByTerminal.get(item.terminal_id) ?? []), item]);

  const rows = await Promise.all(
    terminals.data
      .filter((t) => !t.deleted)
      .map(async (terminal) => {
        const [latest, refused] = await Promise.all([
          PosTransaction.query.byTerminal({ organization_id: organizationId, terminal_id: terminal.id }).go({ order: 'desc', limit: 1 }),
          PosSyncRefusal.query.byTerminal({ organization_id: organizationId, terminal_id: terminal.id }).go({ pages: 'all' }),
        ]);
        const waiting = pendingByTerminal.get(terminal.id) ?? [];
        const oldest = waiting.reduce<string | null>((min, p) => (min === null || p.created_at < min ? p.created_at : min), null);
        return {
          terminal_id: terminal.id,
          name: terminal.name,
          pending_count: waiting.length,
          oldest_pending_age_seconds: oldest === null ? null : Math.max(0, Math.round((now - Date.parse(oldest)) / 1000)),
          last_sync_at: latest.data[0]?.posted_at ?? null,
          refused: refused.data
            .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
            .map((r) => ({ transaction_id: r.transaction_id, sequence: r.sequence ?? null, at: r.at, status: r.status, detail: r.detail })),
        };
      }),
  );
  return { terminals: rows.sort((a, b) => a.name.localeCompare(b.name) || (a.terminal_id < b.terminal_id ? -1 : 1)) };
}

// ---------------------------------------------------------------------------------------------
// Health

export interface PosHealth {
  api: 'ok';
  database: 'ok' | 'error';
  queues: { pos_stock: number | null; pos_receipt: number | null; einvoice: number | null };
  jofotara: { configured: boolean; reachable: boolean | null; checked_at: string | null };
  checked_at: string;
}

let sqsClient: SQSClient | undefined;
/** Messages waiting on a queue (ApproximateNumberOfMessages); null when the queue does not answer. */
async function queueDepth(queueUrl: () => string): Promise<number | null> {
  try {
    const { GetQueueAttributesCommand, SQSClient } = await import('@aws-sdk/client-sqs');
    sqsClient ??= new SQSClient({ useQueueUrlAsEndpoint: false });
    const { Attributes } = await sqsClient.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl(), AttributeNames: ['ApproximateNumberOfMessages'] }));
    const depth = Number(Attributes?.ApproximateNumberOfMessages);
    return Number.isFinite(depth) ? depth : null;
  } catch (error) {
    logger.warn('pos health: queue did not answer', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** One GetItem of the organization: the table answers. */
async function databaseOk(organizationId: string): Promise<'ok' | 'error'> {
  try {
    await Organization.get({ id: organizationId }).go();
    return 'ok';
  } catch (error) {
    logger.error('pos health: database did not answer', { error: error instanceof Error ? error.message : String(error) });
    return 'error';
  }
}

/**
 * JoFotara offers no status call (e-invoicing/connection.ts): reachable means the portal endpoint
 * answered one OPTIONS request, without body or credentials, within the timeout — the probe the
 * connection test makes. Registers ask for health every minute or so, and the portal is the
 * government's: the answer is kept for PORTAL_PROBE_TTL_MS per Lambda instance, and the portal is
 * not asked at all for an organization without e-invoicing.
 */
export const PORTAL_PROBE_TTL_MS = 60_000;
const PORTAL_PROBE_TIMEOUT_MS = 2_000;
let lastProbe: { url: string; at: number; reachable: boolean } | null = null;

async function portalReachable(now: number): Promise<{ reachable: boolean; at: number }> {
  const url = configuredPortalUrl();
  if (lastProbe && lastProbe.url === url && now - lastProbe.at < PORTAL_PROBE_TTL_MS) return lastProbe;
  let reachable = false;
  try {
    const response = await fetch(url, { method: 'OPTIONS', redirect: 'manual', signal: AbortSignal.timeout(PORTAL_PROBE_TIMEOUT_MS) });
    await response.arrayBuffer().catch(() => undefined);
    reachable = true;
  } catch {
    reachable = false;
  }
  lastProbe = { url, at: now, reachable };
  return lastProbe;
}

/** Forgets the cached portal probe (tests, and a deployment that changed JOFOTARA_BASE_URL). */
export const forgetPortalProbe = () => { lastProbe = null; };

export async function health(organizationId: string, now = Date.now()): Promise<PosHealth> {
  const [database, posStock, posReceipt, einvoice, settings] = await Promise.all([
    databaseOk(organizationId),
    queueDepth(() => config.posStockQueueUrl),
    queueDepth(() => config.posReceiptQueueUrl),
    queueDepth(() => config.einvoiceQueueUrl),
    getSettingsItem(organizationId).catch(() => null),
  ]);
  const configured = !!settings?.client_id_encrypted && !!settings?.secret_key_encrypted;
  const probe = configured ? await portalReachable(now) : null;
  return {
    api: 'ok',
    database,
    queues: { pos_stock: posStock, pos_receipt: posReceipt, einvoice },
    jofotara: { configured, reachable: probe?.reachable ?? null, checked_at: probe ? new Date(probe.at).toISOString() : null },
    checked_at: new Date(now).toISOString(),
  };
}
