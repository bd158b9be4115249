/**
 * Audit-log retention. Records are deleted a whole UTC day at a time through the gsi2 day
 * partitions (no Scan): every day before the cut-off day goes, so a record lives between
 * `daysToKeep` and `daysToKeep + 1` days. A watermark (AuditRetention) remembers the first day not
 * yet cleared, so each run walks only the days that aged out since the last one; the very first
 * run walks back FIRST_RUN_LOOKBACK_DAYS before the cut-off.
 */
import { AuditLog, AuditRetention } from '../db/auditLog.js';
import { logger } from '../platform/logger.js';
import { addDays, DAY_MS, daysDescending, utcDay } from './days.js';
import { isConditionFailure } from '../db/transaction.js';

/** Ten years: the audit log cannot be older than the product. Costs one empty Query per day, once. */
export const FIRST_RUN_LOOKBACK_DAYS = 3650;
/** Day partitions cleared at once. */
const PARALLEL_DAYS = 16;
const DELETE_RETRIES = 3;

export interface AuditCleanupResult { deleted: number; days_to_keep: number; cutoff_date: string }

/**
 * Deletes every audit record of a UTC day before `now - daysToKeep` days; answers how many.
 * `firstRunLookbackDays` bounds the walk while no watermark exists yet.
 */
export async function cleanupAuditLogs(
  daysToKeep: number,
  now: Date = new Date(),
  { firstRunLookbackDays = FIRST_RUN_LOOKBACK_DAYS }: { firstRunLookbackDays?: number } = {},
): Promise<AuditCleanupResult> {
  if (!Number.isInteger(daysToKeep) || daysToKeep < 1) throw new RangeError('daysToKeep must be a positive integer');
  const cutoffDate = utcDay(now.getTime() - daysToKeep * DAY_MS);
  const watermark = await AuditRetention.get({}).go({ consistent: true });
  const firstDay = watermark.data?.cleared_before ?? addDays(cutoffDate, -firstRunLookbackDays);
  const result = { deleted: 0, days_to_keep: daysToKeep, cutoff_date: cutoffDate };
  if (firstDay >= cutoffDate) return result;

  const days = daysDescending(firstDay, addDays(cutoffDate, -1));
  for (let i = 0; i < days.length; i += PARALLEL_DAYS) {
    const counts = await Promise.all(days.slice(i, i + PARALLEL_DAYS).map(clearDay));
    result.deleted += counts.reduce((a, b) => a + b, 0);
  }
  await advanceWatermark(cutoffDate, now);
  if (result.deleted) logger.info('audit retention', { deleted: result.deleted, cutoff_date: cutoffDate });
  return result;
}

/**
 * Deletes one day partition page by page, following the query cursor rather than re-reading
 * (the index may lag the deletes). The day is past, so nothing new is written into it meanwhile.
 */
async function clearDay(day: string): Promise<number> {
  let deleted = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { organization_id: string; id: string }[]; cursor: string | null } =
      await AuditLog.query.byDay({ day }).go({ cursor, attributes: ['organization_id', 'id'] });
    let keys = page.data.map(({ organization_id, id }) => ({ organization_id, id }));
    for (let attempt = 0; keys.length && attempt < DELETE_RETRIES; attempt++) {
      const { unprocessed } = await AuditLog.delete(keys).go();
      deleted += keys.length - unprocessed.length;
      keys = unprocessed.map(({ organization_id, id }) => ({ organization_id, id }));
    }
    // Still throttled after the retries: fail before the watermark moves; the next run resumes.
    if (keys.length) throw new Error(`audit retention: ${keys.length} deletes of ${day} left unprocessed`);
    cursor = page.cursor;
  } while (cursor);
  return deleted;
}

/** Moves the watermark forward only (two overlapping runs must not move it back). */
async function advanceWatermark(clearedBefore: string, now: Date) {
  try {
    await AuditRetention.upsert({ cleared_before: clearedBefore, updated_at: now.toISOString() })
      .where(({ cleared_before }, { notExists, lt }) => `${notExists(cleared_before)} OR ${lt(cleared_before, clearedBefore)}`)
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
