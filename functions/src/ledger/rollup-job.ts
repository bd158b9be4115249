/**
 * The nightly compaction of past days and months into rollups (db/rollup.ts, ledger/rollups.ts):
 * a step of the maintenance job. Readers never wait for it — a period it has not reached, or
 * that was written to since, is read from the figures the postings keep.
 */
import type { CashFlowDayRecord } from '../db/cashFlow.js';
import { CashFlowDay } from '../db/cashFlow.js';
import { AccountBalance, type AccountBalanceRecord } from '../db/accountBalance.js';
import { organizationIdPages } from '../db/organization.js';
import { Rollup, type BalanceFigures, type FlowFigures, type RollupRecord } from '../db/rollup.js';
import { readItem } from '../db/get-together.js';
import { isConditionFailure } from '../db/transaction.js';
import { logger } from '../platform/logger.js';
import { addDays, lastDayOfMonth, monthOf, nextMonth } from './dates.js';
import { compactableThrough, isValid, lastWholeMonth } from './rollups.js';
import { dayFigures } from './cash-flows.js';

function addBalance(figures: BalanceFigures, item: AccountBalanceRecord) {
  const f = (figures[item.account_id] ??= [0, 0, 0]);
  f[0] += item.debit ?? 0;
  f[1] += item.credit ?? 0;
  f[2] += item.line_count ?? 0;
}

function addFlows(figures: FlowFigures, item: CashFlowDayRecord) {
  const account = (figures[item.account_id] ??= { n: 0, c: {} });
  account.n += item.n ?? 0;
  for (const [category, inflow, outflow, n] of dayFigures(item)) {
    const f = (account.c[category] ??= [0, 0, 0]);
    f[0] += inflow;
    f[1] += outflow;
    f[2] += n;
  }
}

const dayItems = (organizationId: string, from: string | null, to: string) => {
  const q = CashFlowDay.query.byDate({ organization_id: organizationId });
  return (from ? q.between({ date: from, account_id: '', shard: '' }, { date: to, account_id: '~', shard: '~' }) : q.lte({ date: to, account_id: '~', shard: '~' }))
    .go({ consistent: true, pages: 'all' }).then((r) => r.data);
};
const monthItems = (organizationId: string, first: string | null, last: string) => {
  const q = AccountBalance.query.byMonth({ organization_id: organizationId });
  return (first ? q.between({ month: first }, { month: nextMonth(last) }) : q.lt({ month: nextMonth(last) }))
    .go({ consistent: true, pages: 'all', attributes: ['organization_id', 'month', 'account_id', 'shard', 'debit', 'credit', 'line_count'] }).then((r) => r.data as AccountBalanceRecord[]);
};

/** Writes a period's figures at the version read; a bump since then leaves it stale (tomorrow's job). */
async function writeRollup(organizationId: string, period: string, read: RollupRecord | undefined, figures: { balances?: BalanceFigures; flows?: FlowFigures }, now: string): Promise<boolean> {
  const v = read?.v ?? 0;
  try {
    await Rollup.put({ organization_id: organizationId, period, v, cv: v, ...figures, compacted_at: now })
      .where((a, { eq, notExists }) => (read ? eq(a.v, v) : notExists(a.v)))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Compacts one organization: the days and months that became old enough since the watermark, and
 * every stale rollup. Reads each period's rollup (its `v`) before its figures, writes on that `v`.
 */
export async function compactOrganization(organizationId: string, now = new Date()): Promise<{ periods: number }> {
  const target = compactableThrough(now);
  const stamp = now.toISOString();
  const [watermark, { data: existing }] = await Promise.all([
    readItem(Rollup, { organization_id: organizationId, period: 'W' }),
    Rollup.query.byPeriod({ organization_id: organizationId }).between({ period: 'D#' }, { period: 'M#~' }).go({ consistent: true, pages: 'all' }),
  ]);
  const through = watermark?.through ?? null;
  const byPeriod = new Map(existing.map((r) => [r.period, r]));
  let written = 0;

  // New: the days after the watermark, and the months whose last day is now behind the target.
  if (!through || through < target) {
    const from = through ? addDays(through, 1) : null;
    const lastMonth = lastWholeMonth(target);
    const firstMonth = from ? monthOf(from) : null;
    const months = firstMonth && firstMonth > lastMonth ? [] : null; // null: a range to read
    const dayFrom = firstMonth && months === null ? `${firstMonth}-01` : from;
    const [days, balances] = await Promise.all([
      dayItems(organizationId, dayFrom, target),
      months ? Promise.resolve([] as AccountBalanceRecord[]) : monthItems(organizationId, firstMonth, lastMonth),
    ]);
    const dayFlows = new Map<string, FlowFigures>();
    const monthFlows = new Map<string, FlowFigures>();
    const monthBalances = new Map<string, BalanceFigures>();
    for (const item of days) {
      if (!from || item.date >= from) addFlows(dayFlows.get(item.date) ?? dayFlows.set(item.date, {}).get(item.date)!, item);
      const month = monthOf(item.date);
      if (month <= lastMonth && (!firstMonth || month >= firstMonth)) addFlows(monthFlows.get(month) ?? monthFlows.set(month, {}).get(month)!, item);
    }
    for (const item of balances) addBalance(monthBalances.get(item.month) ?? monthBalances.set(item.month, {}).get(item.month)!, item);
    // A period bumped before the figures were read but holding nothing now still gets its (empty) rollup.
    for (const r of existing) {
      const key = r.period.slice(2);
      if (r.period.startsWith('D#') && (!from || key >= from) && key <= target && !dayFlows.has(key)) dayFlows.set(key, {});
      if (r.period.startsWith('M#') && (!firstMonth || key >= firstMonth) && key <= lastMonth && !monthBalances.has(key)) monthBalances.set(key, {});
    }
    for (const [date, flows] of dayFlows) if (await writeRollup(organizationId, `D#${date}`, byPeriod.get(`D#${date}`), { flows }, stamp)) written++;
    for (const month of new Set([...monthBalances.keys(), ...monthFlows.keys()])) {
      if (await writeRollup(organizationId, `M#${month}`, byPeriod.get(`M#${month}`), { balances: monthBalances.get(month) ?? {}, flows: monthFlows.get(month) ?? {} }, stamp)) written++;
    }
    await Rollup.put({ organization_id: organizationId, period: 'W', through: target, compacted_at: stamp }).go({ response: 'none' });
  }

  // Stale: periods already compacted and written to since.
  for (const r of existing) {
    if (isValid(r)) continue;
    const key = r.period.slice(2);
    // Only what the last run covered; the new range was written above, and a period not yet old
    // enough stays stale (readers take it from the figures) until it is.
    if (through === null || (r.period.startsWith('D#') ? key > through : lastDayOfMonth(key) > through)) continue;
    if (r.period.startsWith('D#')) {
      const flows: FlowFigures = {};
      for (const item of await dayItems(organizationId, key, key)) addFlows(flows, item);
      if (await writeRollup(organizationId, r.period, r, { flows }, stamp)) written++;
    } else {
      const [days, balances] = await Promise.all([dayItems(organizationId, `${key}-01`, lastDayOfMonth(key)), monthItems(organizationId, key, key)]);
      const flows: FlowFigures = {};
      const figures: BalanceFigures = {};
      for (const item of days) addFlows(flows, item);
      for (const item of balances) addBalance(figures, item);
      if (await writeRollup(organizationId, r.period, r, { balances: figures, flows }, stamp)) written++;
    }
  }
  return { periods: written };
}

/** The nightly step: every organization. A failure is logged and retried tomorrow; readers never depend on it. */
export async function compactRollups(now = new Date()): Promise<{ organizations: number; periods: number }> {
  let organizations = 0;
  let periods = 0;
  for await (const ids of organizationIdPages()) {
    for (const id of ids) {
      try {
        periods += (await compactOrganization(id, now)).periods;
        organizations++;
      } catch (error) {
        logger.warn('rollup compaction failed; tomorrow tries again', { organization_id: id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { organizations, periods };
}
