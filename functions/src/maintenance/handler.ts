/**
 * The nightly maintenance job (EventBridge schedule `maintenance` in routes.ts; a timer locally):
 * expires pending invitations past their date, removes expired API keys, deletes audit
 * records older than the retention period (AUDIT_RETENTION_DAYS, default 365), and expires gift
 * cards past their date (their unspent balance released as breakage: gift-cards/expiry.ts) and lapses
 * loyalty points whose lots have expired (loyalty/expiry.ts), and gives entries posted before cash
 * flows existed their cash flows (cashflow/backfill.ts), and compacts the past days and months
 * into rollups (ledger/rollup-job.ts) so that statements and cash-flow summaries read one item per
 * past period, and queues again the stock re-costings whose message was lost (inventory/recost.ts). Revoked-token
 * markers and throttle counters need nothing here: DynamoDB's TTL removes them.
 *
 * Each step runs even when another fails; a failed step fails the invocation afterwards, so the
 * schedule's retry and the Lambda error alarm see it.
 */
import type { ScheduledEvent } from 'aws-lambda';
import { cleanupExpiredInvitations } from '../invitations/cleanup.js';
import { cleanupExpiredApiKeys } from '../api-keys/cleanup.js';
import { cleanupAuditLogs } from '../audit-logs/cleanup.js';
import { expireGiftCards } from '../gift-cards/expiry.js';
import { expireLoyaltyPoints } from '../loyalty/expiry.js';
import { backfillCashFlows } from '../cashflow/backfill.js';
import { checkOverdueLayaways } from '../layaway/overdue.js';
import { compactRollups } from '../ledger/rollup-job.js';
import { requeueStaleRecostings } from '../inventory/recost.js';
import { logger, setCorrelationId } from '../platform/logger.js';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

export interface MaintenanceSummary {
  ran_at: string;
  expired_invitations: number | null;
  removed_api_keys: number | null;
  deleted_audit_logs: number | null;
  audit_retention_days: number | null;
  expired_gift_cards: number | null;
  expired_loyalty_points: number | null;
  backfilled_cash_flow_entries: number | null;
  /** Active layaways overdue after tonight's check (one reminder per overdue instalment: layaway/overdue.ts). */
  overdue_layaways: number | null;
  /** Days and months compacted (or re-compacted after a back-dated write) tonight. */
  compacted_periods: number | null;
  /** Stock re-costing requests queued again (their message lost, or still failing an hour later). */
  requeued_recostings: number | null;
  duration_ms: number;
}

export function auditRetentionDays(value = process.env.AUDIT_RETENTION_DAYS): number {
  if (value === undefined || value.trim() === '') return DEFAULT_AUDIT_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) throw new Error(`AUDIT_RETENTION_DAYS must be a positive whole number of days, not "${value}"`);
  return days;
}

/** The schedule's own time: a retried delivery of the same night's event cleans up as of that night. */
function runTime(event: Partial<ScheduledEvent> | undefined): Date {
  const t = event?.time ? new Date(event.time) : new Date();
  return Number.isNaN(t.getTime()) ? new Date() : t;
}

export const handler = async (event: ScheduledEvent): Promise<MaintenanceSummary> => {
  setCorrelationId(event?.id);
  const started = Date.now();
  const now = runTime(event);
  let retentionDays: number | null = null;

  const [invitations, apiKeys, auditLogs, giftCards, loyaltyPoints, layaways, cashFlows, rollups, recostings] = await Promise.allSettled([
    cleanupExpiredInvitations(now),
    cleanupExpiredApiKeys(now),
    (async () => cleanupAuditLogs((retentionDays = auditRetentionDays()), now))(),
    expireGiftCards(now),
    expireLoyaltyPoints(now),
    checkOverdueLayaways(now),
    backfillCashFlows(),
    compactRollups(now),
    requeueStaleRecostings(now),
  ]);
  const summary: MaintenanceSummary = {
    ran_at: now.toISOString(),
    expired_invitations: invitations.status === 'fulfilled' ? invitations.value.expired : null,
    removed_api_keys: apiKeys.status === 'fulfilled' ? apiKeys.value : null,
    deleted_audit_logs: auditLogs.status === 'fulfilled' ? auditLogs.value.deleted : null,
    audit_retention_days: retentionDays,
    expired_gift_cards: giftCards.status === 'fulfilled' ? giftCards.value.expired : null,
    expired_loyalty_points: loyaltyPoints.status === 'fulfilled' ? loyaltyPoints.value.expired : null,
    backfilled_cash_flow_entries: cashFlows.status === 'fulfilled' ? cashFlows.value.entries : null,
    overdue_layaways: layaways.status === 'fulfilled' ? layaways.value.overdue : null,
    compacted_periods: rollups.status === 'fulfilled' ? rollups.value.periods : null,
    requeued_recostings: recostings.status === 'fulfilled' ? recostings.value : null,
    duration_ms: Date.now() - started,
  };

  const failures = ([['invitations', invitations], ['api keys', apiKeys], ['audit logs', auditLogs], ['gift cards', giftCards], ['loyalty points', loyaltyPoints], ['layaways', layaways], ['cash flows', cashFlows], ['rollups', rollups], ['stock re-costing', recostings]] as const)
    .filter(([, r]) => r.status === 'rejected')
    .map(([step, r]) => ({ step, error: String((r as PromiseRejectedResult).reason?.stack ?? (r as PromiseRejectedResult).reason) }));
  if (failures.length) {
    logger.error('maintenance failed', { ...summary, failures });
    throw new Error(`Maintenance failed: ${failures.map((f) => f.step).join(', ')}`);
  }
  logger.info('maintenance finished', { ...summary });
  return summary;
};
