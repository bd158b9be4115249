/**
 * Rollups of past days and months (ledger/rollups.ts, rollup-job.ts): every read answers the same
 * before and after compaction, a back-dated posting into a compacted period is seen at once (its
 * rollup goes stale and the figures answer) and the next run compacts it again, a whole past month
 * is read from its rollup without touching the balance items, the job never compacts past the real
 * clock, and the verification routine compares every rollup that answers reads with its figures.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { dynamo } from '../db/client.js';
import { Rollup } from '../db/rollup.js';
import { cashScope, dayFlows } from '../cashflow/summaries.js';
import { accountBalances, accountBalancesOf } from './balances.js';
import { systemAccounts } from './chart.js';
import { addDays, lastDayOfMonth, monthOf } from './dates.js';
import { buildPosting, postTransaction } from './posting.js';
import { compactOrganization } from './rollup-job.js';
import { compactableThrough } from './rollups.js';
import { verifyLedger } from './verify.js';

const today = new Date().toISOString().slice(0, 10);
const monthStart = (date: string) => `${monthOf(date)}-01`;

async function books() {
  const owner = await createUser();
  const org = await createOrganization(owner.user.id);
  const a = await systemAccounts(org.id, ['cash', 'sales', 'receivable']);
  const post = async (date: string, lines: { account_id: string; debit?: number; credit?: number }[]) => {
    const posting = await buildPosting({ organizationId: org.id, date, source: { type: 'manual' }, lines });
    await postTransaction(posting.transactItems);
  };
  const sale = (date: string, amount: number) => post(date, [{ account_id: a.cash.id, debit: amount }, { account_id: a.sales.id, credit: amount }]);
  const receipt = (date: string, amount: number) => post(date, [{ account_id: a.cash.id, debit: amount }, { account_id: a.receivable.id, credit: amount }]);
  const credit = (date: string, amount: number) => post(date, [{ account_id: a.receivable.id, debit: amount }, { account_id: a.sales.id, credit: amount }]);
  return { org, a, sale, receipt, credit };
}

const plain = (m: Map<string, unknown>): Record<string, unknown> => Object.fromEntries([...m].sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, v instanceof Map ? plain(v) : v]));

/** Everything the readers answer for the organization, as plain data. */
async function readings(organizationId: string, old: string) {
  const scope = await cashScope(organizationId);
  const flows = async (from: string, to: string, wholeMonths: boolean) => {
    const days = await dayFlows(organizationId, scope, from, to, { wholeMonths });
    // With whole months a month answers on its 1st: compare totals per month.
    const byMonth = new Map<string, Record<string, number>>();
    for (const day of days.values()) {
      const sum = byMonth.get(monthOf(day.date)) ?? { count: 0 };
      sum.count = (sum.count ?? 0) + day.count;
      for (const [category, f] of day.byCategory) {
        sum[`${category}_in`] = (sum[`${category}_in`] ?? 0) + f.inflow;
        sum[`${category}_out`] = (sum[`${category}_out`] ?? 0) + f.outflow;
        sum[`${category}_n`] = (sum[`${category}_n`] ?? 0) + f.count;
      }
      byMonth.set(monthOf(day.date), sum);
    }
    return wholeMonths ? plain(byMonth) : plain(new Map([...days].map(([d, v]) => [d, { count: v.count, c: plain(v.byCategory) }])));
  };
  return {
    all: plain(await accountBalances(organizationId, {}, { lineCounts: true })),
    ranges: (await accountBalancesOf(organizationId, [{ from: monthStart(old), to: today }, { to: addDays(old, 5) }, { from: addDays(old, 3), to: addDays(today, -1) }])).map(plain),
    days: await flows(monthStart(old), today, false),
    months: await flows(monthStart(old), today, true),
  };
}

/** Balance items DynamoDB answered to Queries while `fn` ran. */
async function balanceItemsRead(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const name = `balanceItemsRead${Math.random().toString(36).slice(2)}`;
  dynamo.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const items = (result.output as { Items?: Record<string, { S?: string }>[] }).Items ?? [];
      count += items.filter((item) => item.month?.S && item.shard?.S).length;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await fn();
  } finally {
    dynamo.middlewareStack.remove(name);
  }
  return count;
}

const rollupsOf = async (organizationId: string) => (await Rollup.query.byPeriod({ organization_id: organizationId }).go({ consistent: true, pages: 'all' })).data;

async function dropRollups(organizationId: string) {
  for (const r of await rollupsOf(organizationId)) await Rollup.delete({ organization_id: organizationId, period: r.period }).go();
}

describe('rollups of past days and months', () => {
  it('answer what the figures answer, stay true after a back-dated posting, and are compacted again', async () => {
    const { org, sale, receipt, credit } = await books();
    const old = addDays(today, -75);
    const middle = addDays(today, -40);
    await sale(old, 10_000);
    await credit(old, 4_000);
    await receipt(addDays(old, 4), 4_000);
    await sale(middle, 2_500);
    await sale(addDays(middle, 1), 1_250);
    await sale(today, 700);

    const before = await readings(org.id, old);
    const first = await compactOrganization(org.id);
    expect(first.periods).toBeGreaterThan(0);
    const stored = await rollupsOf(org.id);
    expect(stored.find((r) => r.period === 'W')?.through).toBe(compactableThrough());
    expect(stored.filter((r) => r.period.startsWith('M#')).map((r) => r.period)).toContain(`M#${monthOf(old)}`);
    expect(stored.filter((r) => r.period.startsWith('D#')).map((r) => r.period)).toEqual(expect.arrayContaining([`D#${old}`, `D#${middle}`]));
    expect(await readings(org.id, old)).toEqual(before);
    const verified = await verifyLedger(org.id);
    expect(verified.ok).toBe(true);
    expect(verified.rollupsChecked).toBeGreaterThan(3);

    // A whole past month is one rollup: no balance item is read for it.
    const wholeMonth = { from: monthStart(old), to: lastDayOfMonth(monthOf(old)) };
    expect(await balanceItemsRead(() => accountBalances(org.id, wholeMonth))).toBe(0);
    expect((await accountBalances(org.id, wholeMonth)).size).toBeGreaterThan(0);

    // Back-dated into a compacted day and month: seen at once, from the figures.
    await sale(addDays(old, 2), 333);
    const stale = (await rollupsOf(org.id)).filter((r) => r.period !== 'W' && r.cv !== r.v).map((r) => r.period).sort();
    expect(stale).toEqual([`D#${addDays(old, 2)}`, `M#${monthOf(old)}`].sort());
    const afterBackdated = await readings(org.id, old);
    expect(afterBackdated.all).not.toEqual(before.all);
    expect((await verifyLedger(org.id)).ok).toBe(true);

    // The next run compacts the stale periods again; nothing changes for readers.
    await compactOrganization(org.id);
    expect((await rollupsOf(org.id)).filter((r) => r.period !== 'W' && r.cv !== r.v)).toEqual([]);
    expect(await readings(org.id, old)).toEqual(afterBackdated);
    expect((await verifyLedger(org.id)).ok).toBe(true);

    // And the figures alone (no rollups at all) answer the same.
    await dropRollups(org.id);
    expect(await readings(org.id, old)).toEqual(afterBackdated);
  });

  it('never compacts beyond the real clock, and the verification finds a rollup that differs from its figures', async () => {
    const { org, sale } = await books();
    const old = addDays(today, -50);
    await sale(old, 5_000);
    await compactOrganization(org.id, new Date(Date.now() + 5 * 365 * 86_400_000));
    expect((await rollupsOf(org.id)).find((r) => r.period === 'W')?.through).toBe(compactableThrough());

    const month = (await rollupsOf(org.id)).find((r) => r.period === `M#${monthOf(old)}`)!;
    const [accountId, figures] = Object.entries(month.balances as Record<string, [number, number, number]>)[0]!;
    await Rollup.patch({ organization_id: org.id, period: month.period }).set({ balances: { ...month.balances, [accountId]: [figures[0] + 1, figures[1], figures[2]] } }).go();
    const verified = await verifyLedger(org.id);
    expect(verified.ok).toBe(false);
    expect(verified.differences).toEqual([expect.objectContaining({ kind: 'rollup', period: month.period, account_id: accountId })]);
  });
});
