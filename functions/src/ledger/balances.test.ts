/**
 * Balance reads and the journal-line counts behind them: posting ADDs counts beside the amounts
 * (month and day), reversals count their own lines, ranges cut inside a month read the smaller side
 * of the cut and agree with the balance items summed day by day, and the verification routine
 * recomputes the counts from the journal and reports a drift; ranges read together share their reads
 * and no read takes a balance item twice.
 */
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { AccountBalance, DAYS, type AccountBalanceRecord } from '../db/accountBalance.js';
import { dynamo } from '../db/client.js';
import { accountBalances, accountBalancesOf, type BalanceRange, type CountedTotals } from './balances.js';
import { systemAccounts } from './chart.js';
import { lastDayOfMonth } from './dates.js';
import { buildPosting, buildReversal, postTransaction } from './posting.js';
import { verifyLedger } from './verify.js';

async function books() {
  const owner = await createUser();
  const org = await createOrganization(owner.user.id);
  const a = await systemAccounts(org.id, ['cash', 'sales', 'vat_output', 'receivable']);
  const post = async (date: string, lines: { account_id: string; debit?: number; credit?: number }[]) => {
    const posting = await buildPosting({ organizationId: org.id, date, source: { type: 'manual' }, lines });
    await postTransaction(posting.transactItems);
    return posting.entry;
  };
  return { org, a, post };
}

/** What the balance items say about a range, summed day by day from whole items: the reads' yardstick. */
async function summedDayByDay(organizationId: string, { from = '0000-01-01', to = '9999-12-31' }: BalanceRange): Promise<Map<string, CountedTotals>> {
  const items = (await AccountBalance.query.byMonth({ organization_id: organizationId }).go({ consistent: true, pages: 'all' })).data as AccountBalanceRecord[];
  const out = new Map<string, CountedTotals>();
  for (const item of items) {
    for (const day of DAYS) {
      const date = `${item.month}-${day}`;
      if (date < from || date > to || date > lastDayOfMonth(item.month)) continue;
      const value = (field: string) => ((item as Record<string, unknown>)[`d${day}_${field}`] as number | undefined) ?? 0;
      const [debit, credit, lines] = [value('debit'), value('credit'), value('lines')];
      if (!debit && !credit && !lines) continue;
      const sum = out.get(item.account_id) ?? { debit: 0, credit: 0, lines: 0 };
      out.set(item.account_id, { debit: sum.debit + debit, credit: sum.credit + credit, lines: sum.lines + lines });
    }
  }
  return out;
}

/** The balance items (month, account, shard) that DynamoDB answered while `fn` ran, once per answer. */
async function itemsRead<T>(fn: () => Promise<T>): Promise<{ value: T; items: string[]; queries: number }> {
  const items: string[] = [];
  let queries = 0;
  const name = `itemsRead${Math.random().toString(36).slice(2)}`;
  const text = (v: unknown) => (typeof v === 'string' ? v : (v as { S?: string } | undefined)?.S);
  dynamo.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as { Items?: Record<string, unknown>[] };
      const input = args.input as { KeyConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> };
      // Balance items only: the rollups' Query (ledger/rollups.ts) is not one of them.
      const onRollups = Object.values(input.ExpressionAttributeValues ?? {}).some((v) => String(text(v)).endsWith('#ROLLUPS'));
      if (input.KeyConditionExpression && output.Items && !onRollups) {
        queries++;
        for (const item of output.Items) if (text(item.month)) items.push(`${text(item.month)}#${text(item.account_id)}#${text(item.shard)}`);
      }
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    return { value: await fn(), items, queries };
  } finally {
    dynamo.middlewareStack.remove(name);
  }
}

describe('balance reads and journal-line counts', () => {
  it('counts each line on its account, per month and per day, and answers ranges cut inside a month', async () => {
    // prepare
    const { org, a, post } = await books();
    // two sales lines on one account in one entry count twice
    await post('2026-03-05', [{ account_id: a.cash.id, debit: 2_000 }, { account_id: a.sales.id, credit: 1_000 }, { account_id: a.sales.id, credit: 1_000 }]);
    await post('2026-03-20', [{ account_id: a.receivable.id, debit: 1_160 }, { account_id: a.sales.id, credit: 1_000 }, { account_id: a.vat_output.id, credit: 160 }]);
    await post('2026-04-02', [{ account_id: a.cash.id, debit: 500 }, { account_id: a.sales.id, credit: 500 }]);
    // act
    const items = (await AccountBalance.query.byMonth({ organization_id: org.id }).go()).data;
    const march = items.find((i) => i.month === '2026-03' && i.account_id === a.sales.id)!;
    const wholeMarch = await accountBalances(org.id, { from: '2026-03-01', to: '2026-03-31' }, { lineCounts: true });
    const cut = await accountBalances(org.id, { from: '2026-03-06', to: '2026-04-30' }, { lineCounts: true });
    const firstDays = await accountBalances(org.id, { from: '2026-03-01', to: '2026-03-10' }, { lineCounts: true });
    // assess
    expect([march.line_count, march.d05_lines, march.d20_lines, march.d06_lines]).toEqual([3, 2, 1, undefined]);
    expect(wholeMarch.get(a.sales.id)).toEqual({ debit: 0, credit: 3_000, lines: 3 });
    expect(wholeMarch.get(a.vat_output.id)).toEqual({ debit: 0, credit: 160, lines: 1 });
    expect(cut.get(a.sales.id)).toEqual({ debit: 0, credit: 1_500, lines: 2 });
    expect(cut.get(a.cash.id)).toEqual({ debit: 500, credit: 0, lines: 1 });
    expect(firstDays.get(a.sales.id)).toEqual({ debit: 0, credit: 2_000, lines: 2 });
    expect(firstDays.has(a.receivable.id)).toBe(false);
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('counts a reversal\'s lines as transactions of its own date', async () => {
    // prepare
    const { org, a, post } = await books();
    const entry = await post('2026-05-10', [{ account_id: a.cash.id, debit: 700 }, { account_id: a.sales.id, credit: 700 }]);
    // act
    const reversal = await buildReversal({ organizationId: org.id, entryId: entry.id, date: '2026-05-12' });
    await postTransaction(reversal.transactItems);
    // assess
    expect((await accountBalances(org.id, { from: '2026-05-01', to: '2026-05-31' }, { lineCounts: true })).get(a.sales.id)).toEqual({ debit: 700, credit: 700, lines: 2 });
    expect((await accountBalances(org.id, { from: '2026-05-11', to: '2026-05-31' }, { lineCounts: true })).get(a.sales.id)).toEqual({ debit: 700, credit: 0, lines: 1 });
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('verification recomputes the counts from the journal and reports a drift', async () => {
    // prepare
    const { org, a, post } = await books();
    await post('2026-06-15', [{ account_id: a.cash.id, debit: 100 }, { account_id: a.sales.id, credit: 100 }]);
    // act: a count changed behind the ledger's back (never possible through posting)
    await AccountBalance.update({ organization_id: org.id, month: '2026-06', account_id: a.cash.id, shard: '-' }).add({ line_count: 1, d15_lines: 1 }).go();
    const result = await verifyLedger(org.id);
    // assess
    expect(result.ok).toBe(false);
    expect(result.differences.map((d) => [d.kind, d.period, d.account_id, d.lines, d.expected, d.actual])).toEqual([
      ['balance', '2026-06', a.cash.id, { expected: 1, actual: 2 }, { debit: 100, credit: 0 }, { debit: 100, credit: 0 }],
      ['balance', '2026-06-15', a.cash.id, { expected: 1, actual: 2 }, { debit: 100, credit: 0 }, { debit: 100, credit: 0 }],
    ]);
  });

  it('agrees with the balance items summed day by day on every kind of range, reading either side of a cut month', async () => {
    // prepare: a posting on many days of February (28 days), April (30) and May (31), 2026
    const { org, a, post } = await books();
    const days = ['2026-02-01', '2026-02-14', '2026-02-28', '2026-04-01', '2026-04-02', '2026-04-15', '2026-04-29', '2026-04-30', '2026-05-03', '2026-05-16', '2026-05-31'];
    for (const [i, date] of days.entries()) {
      await post(date, [{ account_id: a.receivable.id, debit: 1_000 * (i + 1) }, { account_id: a.sales.id, credit: 1_000 * (i + 1) }]);
    }
    const ranges: BalanceRange[] = [
      {},
      { to: '2026-04-14' },
      { asOf: '2026-04-29' },
      { to: '2026-05-31' },
      { from: '2026-04-16' },
      { from: '2026-02-02', to: '2026-02-27' },
      { from: '2026-02-14', to: '2026-04-02' },
      { from: '2026-04-29', to: '2026-05-03' },
      { from: '2026-04-03', to: '2026-05-30' },
      { from: '2026-02-01', to: '2026-04-30' },
      { from: '2026-05-16', to: '2026-05-16' },
      { from: '2026-06-01', to: '2026-06-30' },
      { from: '2026-04-03', to: '2026-05-30', accountId: a.sales.id },
    ];
    // act
    const plain = await Promise.all(ranges.map((range) => accountBalances(org.id, range)));
    const counted = await Promise.all(ranges.map((range) => accountBalances(org.id, range, { lineCounts: true })));
    const yardstick = await Promise.all(ranges.map((range) => summedDayByDay(org.id, { ...range, to: range.to ?? range.asOf })));
    // assess
    ranges.forEach((range, i) => {
      const expected = new Map([...yardstick[i]!].filter(([accountId]) => !range.accountId || accountId === range.accountId));
      expect(counted[i], JSON.stringify(range)).toEqual(expected);
      expect(plain[i], JSON.stringify(range)).toEqual(new Map([...expected].map(([k, t]) => [k, { debit: t.debit, credit: t.credit }])));
    });
    expect(plain[1]!.get(a.sales.id)).toEqual({ debit: 0, credit: 1_000 + 2_000 + 3_000 + 4_000 + 5_000 });
    expect(counted[1]!.get(a.sales.id)).toEqual({ debit: 0, credit: 1_000 + 2_000 + 3_000 + 4_000 + 5_000, lines: 5 });
  });

  it('reads ranges together in shared reads, each balance item once, with the answers of separate reads', async () => {
    // prepare: postings either side of 15 April and of 16 May, and before the ranges
    const { org, a, post } = await books();
    for (const [i, date] of ['2026-03-31', '2026-04-03', '2026-04-14', '2026-04-15', '2026-04-28', '2026-05-02', '2026-05-16', '2026-05-17'].entries()) {
      await post(date, [{ account_id: a.cash.id, debit: 100 * (i + 1) }, { account_id: a.sales.id, credit: 100 * (i + 1) }]);
    }
    // the cash-flow statement's pair (balances before the period, the period's activity), a period
    // with the one before it (meeting inside April), and a balance on a date inside a month
    const pairs: BalanceRange[][] = [
      [{ to: '2026-04-14' }, { from: '2026-04-15', to: '2026-05-16' }],
      [{ from: '2026-04-15', to: '2026-05-16' }, { from: '2026-03-15', to: '2026-04-14' }],
      [{ asOf: '2026-05-16' }],
    ];
    for (const ranges of pairs) {
      // act
      const together = await itemsRead(() => accountBalancesOf(org.id, ranges));
      const apart = await Promise.all(ranges.map((range) => accountBalances(org.id, range)));
      // assess: the same figures, and no item answered twice (a month cut inside is not also read whole)
      expect(together.value, JSON.stringify(ranges)).toEqual(apart);
      expect(together.items.length, JSON.stringify(ranges)).toBe(new Set(together.items).size);
    }
    const cashFlow = await itemsRead(() => accountBalancesOf(org.id, pairs[0]!));
    expect(cashFlow.value[0]!.get(a.cash.id)).toEqual({ debit: 100 + 200 + 300, credit: 0 });
    expect(cashFlow.value[1]!.get(a.sales.id)).toEqual({ debit: 0, credit: 400 + 500 + 600 + 700 });
    // March and earlier whole, April once for both ranges, May cut: three queries, each item once
    expect(cashFlow.queries).toBe(3);
    expect([...new Set(cashFlow.items.map((i) => i.slice(0, 7)))].sort()).toEqual(['2026-03', '2026-04', '2026-05']);
    expect(cashFlow.items).toHaveLength(6);
  });
});
