/**
 * Rollups of past days and months (db/rollup.ts): what writers of past figures add to their
 * transaction, what readers ask before reading the figures themselves, and the nightly job that
 * compacts them.
 *
 * The two lags. Writers bump a period when its date is at most `today − BUMP_LAG_DAYS` (UTC);
 * the job compacts days up to `today − COMPACT_LAG_DAYS`, one day less. A posting computes its
 * date test a moment before it commits, and the job reads a moment after it starts, so with a
 * day between the two no posting can land in a compacted period without bumping it — whatever the
 * organization's time zone (its business dates are at most a day from UTC's). Readers treat
 * everything after `today − COMPACT_LAG_DAYS` as never compacted and read it from the figures in
 * the same step as the rollups. The job itself is ledger/rollup-job.ts (only the maintenance
 * Lambda loads it).
 */
import type { AccountBalanceRecord } from '../db/accountBalance.js';
import { Rollup, type BalanceFigures, type RollupRecord } from '../db/rollup.js';
import { readItem } from '../db/get-together.js';
import { updateItem, type TransactItem } from '../db/transaction.js';
import { addDays, lastDayOfMonth, monthOf, nextMonth, previousMonth } from './dates.js';

export const BUMP_LAG_DAYS = 2;
export const COMPACT_LAG_DAYS = 3;

export const utcToday = (now: Date) => now.toISOString().slice(0, 10);
/** The last day the job may compact at `now` (never later than the real clock: a job run "in the future" must not pass writers that do not bump). */
export function compactableThrough(now = new Date()): string {
  const real = new Date();
  return addDays(utcToday(now < real ? now : real), -COMPACT_LAG_DAYS);
}

/** The last whole month up to a day (null: none). */
export const lastWholeMonth = (through: string) => (lastDayOfMonth(monthOf(through)) === through ? monthOf(through) : previousMonth(monthOf(through)));

/**
 * The bumps a write of past figures adds to its transaction: the day (when it moves cash flows)
 * and the month of each date old enough to have been compacted. One per period.
 */
export function rollupBumps(organizationId: string, writes: Iterable<{ date: string; cashFlows: boolean }>, now = new Date()): TransactItem[] {
  const bumpThrough = addDays(utcToday(now), -BUMP_LAG_DAYS);
  const periods = new Set<string>();
  for (const { date, cashFlows } of writes) {
    if (date > bumpThrough) continue;
    periods.add(`M#${monthOf(date)}`);
    if (cashFlows) periods.add(`D#${date}`);
  }
  return [...periods].map((period) => updateItem(Rollup.update({ organization_id: organizationId, period }).add({ v: 1 }).params()));
}

export const isValid = (r: RollupRecord) => r.cv !== undefined && r.cv === (r.v ?? 0);

export interface RollupRead {
  /** Valid rollups by period (`D#…`, `M#…`). */
  valid: Map<string, RollupRecord>;
  /** Periods whose rollup is stale (written to since it was compacted). */
  stale: string[];
  /** The watermark: days up to it are compacted (null: never). */
  through: string | null;
}

/** The rollups of a period range (sk bounds, inclusive) and the watermark, read together. */
export async function readRollups(organizationId: string, first: string, last: string): Promise<RollupRead> {
  const [{ data }, watermark] = await Promise.all([
    Rollup.query.byPeriod({ organization_id: organizationId }).between({ period: first }, { period: last }).go({ consistent: true, pages: 'all' }),
    readItem(Rollup, { organization_id: organizationId, period: 'W' }),
  ]);
  const valid = new Map<string, RollupRecord>();
  const stale: string[] = [];
  for (const r of data) (isValid(r) ? valid.set(r.period, r) : stale.push(r.period));
  return { valid, stale, through: watermark?.through ?? null };
}

/** Months from `first` to `last` (inclusive). */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) out.push(m);
  return out;
}

/**
 * Which months of `[first, last]` a reader takes from rollups and which from the balance items:
 * `rolled` are answered by `read.valid` (or had no figures), `raw` are month ranges to query.
 */
export function monthPlan(read: RollupRead, first: string | undefined, last: string): { rolled: (m: string) => boolean; raw: { first?: string; last: string }[] } {
  const covered = read.through ? lastWholeMonth(read.through) : null;
  if (!covered || (first && covered < first)) return { rolled: () => false, raw: [{ first, last }] };
  const raw: { first?: string; last: string }[] = read.stale.filter((p) => p.startsWith('M#')).map((p) => p.slice(2)).filter((m) => (!first || m >= first) && m <= last && m <= covered).map((m) => ({ first: m, last: m }));
  if (covered < last) raw.push({ first: nextMonth(covered), last });
  const staleSet = new Set(raw.filter((r) => r.first === r.last).map((r) => r.first));
  return { rolled: (m) => m <= covered && !staleSet.has(m), raw };
}

/** Balance figures of a month rollup as balance-item-shaped records (one per account, shards summed). */
export function rollupBalanceItems(organizationId: string, rollup: RollupRecord): AccountBalanceRecord[] {
  const month = rollup.period.slice(2);
  return Object.entries((rollup.balances ?? {}) as BalanceFigures).map(([account_id, [debit, credit, lines]]) => ({
    organization_id: organizationId, month, account_id, shard: '*', debit, credit, line_count: lines,
  }));
}
