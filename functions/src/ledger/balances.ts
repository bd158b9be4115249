/**
 * Balances from the balance items only (never the journal): O(accounts × months × shards) items
 * per read, whatever the size of the journal. Month items answer whole months; the boundary
 * months of a date range are summed from the same items' day totals. Every balance read of the
 * ledger and the reports goes through here.
 */
import { NORMAL_BALANCE, type AccountType } from '@daftar/shared/schemas/accounting';
import { AccountBalance, DAYS, type AccountBalanceRecord, type DayAttribute } from '../db/accountBalance.js';
import type { AccountRecord } from '../db/account.js';
import { dayOf, lastDayOfMonth, monthOf, nextMonth, previousMonth } from './dates.js';
import { byCode, loadChart } from './chart.js';
import { compactableThrough, lastWholeMonth, monthPlan, readRollups, rollupBalanceItems } from './rollups.js';

/** Gross debits and credits of an account over a range, in minor units. */
export interface Totals {
  debit: number;
  credit: number;
}

export interface BalanceRange {
  /** First date included (YYYY-MM-DD); absent: from the first posting. */
  from?: string;
  /** Last date included; absent: up to the last posting. */
  to?: string;
  /** Same as `to` (balance-sheet wording). */
  asOf?: string;
  /** Only this account. */
  accountId?: string;
}

const add = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new Error('Balance exceeds the safe integer range');
  return total;
};

/** The items of the months `first`…`last` (inclusive; an absent end is open). */
function monthsQuery(organizationId: string, first?: string, last?: string) {
  const query = AccountBalance.query.byMonth({ organization_id: organizationId });
  // The sort key is M#<month>#<account>#<shard>: a bound of `M#<month>` sorts before every item
  // of that month, so [first, month after `last`) is exactly the months wanted.
  if (first && last) return query.between({ month: first }, { month: nextMonth(last) });
  if (first) return query.gte({ month: first });
  if (last) return query.lt({ month: nextMonth(last) });
  return query;
}

/** The items of one month. */
const monthQuery = (organizationId: string, month: string) => monthsQuery(organizationId, month, month);

/** A query narrowed to one account's items, when the range names one. */
function onlyAccount<Q>(query: Q, accountId: string | undefined): Q {
  if (!accountId) return query;
  return (query as unknown as ReturnType<typeof monthsQuery>).where((a, { eq }) => eq(a.account_id, accountId)) as unknown as Q;
}

/**
 * The month totals of whole months `first`…`last` (an absent end is open), per account: past
 * months from their rollups (one item per month, ledger/rollups.ts), the months not compacted yet
 * or written to since from the balance items — the recent ones read beside the rollups, the
 * others (after a missed night, or a back-dated posting) in a second step. Rollup records carry
 * shard `*` (their shards summed).
 */
async function wholeMonthTotals(organizationId: string, span: { accountId?: string; first?: string; last?: string }, attributes: readonly string[]): Promise<AccountBalanceRecord[]> {
  const raw = (first: string | undefined, last: string | undefined) =>
    onlyAccount(monthsQuery(organizationId, first, last), span.accountId).go({ consistent: true, pages: 'all', attributes: attributes as never }).then((r) => r.data as AccountBalanceRecord[]);
  const newestRolled = lastWholeMonth(compactableThrough());
  const headLast = span.last === undefined || span.last > newestRolled ? newestRolled : span.last;
  const hasHead = !span.first || span.first <= headLast;
  const tailFirst = span.first && span.first > headLast ? span.first : nextMonth(headLast);
  const hasTail = span.last === undefined || tailFirst <= span.last;
  const [read, tail] = await Promise.all([
    hasHead ? readRollups(organizationId, `M#${span.first ?? ''}`, `M#${headLast}`) : null,
    hasTail ? raw(tailFirst, span.last) : Promise.resolve([] as AccountBalanceRecord[]),
  ]);
  if (!read) return tail;
  const plan = monthPlan(read, span.first, headLast);
  const items = [...tail, ...(await Promise.all(plan.raw.map((r) => raw(r.first, r.last)))).flat()];
  for (const [period, rollup] of read.valid) {
    if (!plan.rolled(period.slice(2))) continue;
    for (const item of rollupBalanceItems(organizationId, rollup)) if (!span.accountId || item.account_id === span.accountId) items.push(item);
  }
  return items;
}

const KEYS = ['organization_id', 'month', 'account_id', 'shard'] as const;
/** What a whole month needs of a balance item: its month totals, not its day attributes. */
const MONTH_TOTALS = [...KEYS, 'debit', 'credit'] as const;

/** The months a range cuts inside (from after the 1st, to before the month's last day), with the days kept. */
function cutMonths(from: string | undefined, to: string | undefined): Map<string, { first: string; last: string }> {
  const cuts = new Map<string, { first: string; last: string }>();
  if (from && dayOf(from) !== '01') cuts.set(monthOf(from), { first: dayOf(from), last: '31' });
  if (to && to < lastDayOfMonth(monthOf(to))) cuts.set(monthOf(to), { first: cuts.get(monthOf(to))?.first ?? '01', last: dayOf(to) });
  return cuts;
}

/**
 * The whole months of a range, answered from their month totals: the months after a cut `from`
 * and before a cut `to`, so that a boundary month is never read twice (once whole, once for its
 * days); null when the range has none.
 */
function wholeMonths(from: string | undefined, to: string | undefined): { first?: string; last?: string } | null {
  const first = from ? (dayOf(from) === '01' ? monthOf(from) : nextMonth(monthOf(from))) : undefined;
  const last = to ? (to >= lastDayOfMonth(monthOf(to)) ? monthOf(to) : previousMonth(monthOf(to))) : undefined;
  return first && last && first > last ? null : { first, last };
}

/**
 * Every balance item of the range (all shards), read consistently, for callers that slice the
 * boundary months by day themselves (`itemTotals`). Whole months come back with their month totals
 * only (a projection); a boundary month cut inside is read whole, for its day totals.
 * `accountBalances` reads the boundary months more narrowly.
 */
export async function balanceItems(organizationId: string, range: BalanceRange = {}): Promise<AccountBalanceRecord[]> {
  const to = range.to ?? range.asOf;
  const from = range.from;
  if (from && to && from > to) return [];
  const whole = wholeMonths(from, to);
  const cut = [...cutMonths(from, to).keys()];
  const [wholeItems, ...boundaries] = await Promise.all([
    whole ? wholeMonthTotals(organizationId, { accountId: range.accountId, ...whole }, MONTH_TOTALS) : Promise.resolve([]),
    ...cut.map((month) => onlyAccount(monthQuery(organizationId, month), range.accountId).go({ consistent: true, pages: 'all' })),
  ]);
  const items = [...wholeItems];
  boundaries.forEach((boundary, index) => items.push(...boundary.data.filter((item) => item.month === cut[index])));
  return items;
}

/** Debit and credit totals of one balance item between two days of its month (inclusive). */
export function itemTotals(item: AccountBalanceRecord, firstDay = '01', lastDay = '31'): Totals {
  if (firstDay === '01' && lastDay >= dayOf(lastDayOfMonth(item.month))) return { debit: item.debit ?? 0, credit: item.credit ?? 0 };
  const totals = { debit: 0, credit: 0 };
  for (const day of DAYS) {
    if (day < firstDay || day > lastDay) continue;
    totals.debit = add(totals.debit, item[`d${day}_debit` as DayAttribute] ?? 0);
    totals.credit = add(totals.credit, item[`d${day}_credit` as DayAttribute] ?? 0);
  }
  return totals;
}

/** Totals with the number of journal lines behind them. */
export interface CountedTotals extends Totals {
  /** Journal lines posted to the account in the range; items written before counts were kept count none. */
  lines: number;
}

type Field = 'debit' | 'credit' | 'lines';

/** The attribute holding a field's month total, or its total on a day. */
const attribute = (field: Field, day?: string) => (day ? `d${day}_${field}` : field === 'lines' ? 'line_count' : field);
const valueOf = (item: AccountBalanceRecord, field: Field, day?: string) => ((item as Record<string, unknown>)[attribute(field, day)] as number | undefined) ?? 0;

/** Days of a month from `first` to `last` (inclusive), as DD strings. */
const daysFrom = (first: string, last: string) => DAYS.filter((d) => d >= first && d <= last);
const daysOfMonth = (month: string) => daysFrom('01', dayOf(lastDayOfMonth(month)));
const without = (days: readonly string[], removed: readonly string[]) => days.filter((d) => !removed.includes(d));

/**
 * The day attributes to read of a month cut inside, for every set of days wanted of it: a set is
 * summed from its days, or is the month total less its complement's days. Of the sets and their
 * complements, the smallest that answers every set, so at most half the month's days are read for
 * one cut, and two ranges meeting inside a month (the cash-flow statement's opening balance and
 * period) share one read.
 */
function daysToRead(month: string, wanted: readonly (readonly string[])[]): string[] {
  const all = daysOfMonth(month);
  const answers = (read: readonly string[]) => (set: readonly string[]) => set.every((d) => read.includes(d)) || without(all, set).every((d) => read.includes(d));
  const candidates = wanted.flatMap((set) => [[...set], without(all, set)]).filter((read) => wanted.every(answers(read)));
  return candidates.sort((a, b) => a.length - b.length)[0] ?? all;
}

/** A range as reads: its whole months and the days it keeps of each month it cuts inside. */
interface RangePlan {
  accountId?: string;
  whole: { first?: string; last?: string } | null;
  cuts: { month: string; days: string[] }[];
}

function planRange(range: BalanceRange): RangePlan | null {
  const to = range.to ?? range.asOf;
  const from = range.from;
  if (from && to && from > to) return null;
  // A cut from the 15th runs to '31' whatever the month: its days stop at the month's last.
  const cuts = [...cutMonths(from, to)].map(([month, { first, last }]) => ({ month, days: daysOfMonth(month).filter((d) => d >= first && d <= last) }));
  return { accountId: range.accountId, whole: wholeMonths(from, to), cuts };
}

/**
 * Per range: per account, debits and credits (and journal lines when `lineCounts`) of postings
 * dated within the range, summed over shards. Ranges read together share their reads: each span of
 * whole months is one query, each month cut inside one query however many ranges cut it.
 */
async function readRanges(organizationId: string, ranges: readonly BalanceRange[], lineCounts: boolean): Promise<Map<string, CountedTotals>[]> {
  const fields: Field[] = lineCounts ? ['debit', 'credit', 'lines'] : ['debit', 'credit'];
  const monthTotals = [...KEYS, ...fields.map((f) => attribute(f))];
  const plans = ranges.map(planRange);

  const wholeSpans = new Map<string, { accountId?: string; first?: string; last?: string }>();
  const cutMonthsWanted = new Map<string, { accountId?: string; month: string; sets: string[][] }>();
  const wholeKey = (p: RangePlan) => `${p.accountId ?? ''}|${p.whole!.first ?? ''}|${p.whole!.last ?? ''}`;
  const cutKey = (accountId: string | undefined, month: string) => `${accountId ?? ''}|${month}`;
  for (const plan of plans) {
    if (!plan) continue;
    if (plan.whole) wholeSpans.set(wholeKey(plan), { accountId: plan.accountId, ...plan.whole });
    for (const cut of plan.cuts) {
      const key = cutKey(plan.accountId, cut.month);
      const entry = cutMonthsWanted.get(key) ?? { accountId: plan.accountId, month: cut.month, sets: [] };
      entry.sets.push(cut.days);
      cutMonthsWanted.set(key, entry);
    }
  }
  const cutDays = new Map([...cutMonthsWanted].map(([key, c]) => [key, daysToRead(c.month, c.sets)]));
  const [wholeItems, cutItems] = await Promise.all([
    Promise.all([...wholeSpans.values()].map((span) => wholeMonthTotals(organizationId, span, monthTotals))),
    Promise.all(
      [...cutMonthsWanted].map(([key, cut]) =>
        onlyAccount(monthQuery(organizationId, cut.month), cut.accountId).go({
          consistent: true,
          pages: 'all',
          attributes: [...monthTotals, ...cutDays.get(key)!.flatMap((day) => fields.map((f) => attribute(f, day)))] as never,
        }),
      ),
    ),
  ]);
  const wholeByKey = new Map([...wholeSpans.keys()].map((key, i) => [key, wholeItems[i]!]));
  const cutByKey = new Map([...cutMonthsWanted.keys()].map((key, i) => [key, cutItems[i]!.data as AccountBalanceRecord[]]));

  return plans.map((plan) => {
    const out = new Map<string, CountedTotals>();
    if (!plan) return out;
    const accumulate = (accountId: string, totals: CountedTotals) => {
      if (!totals.debit && !totals.credit && !totals.lines) return;
      const sum = out.get(accountId) ?? { debit: 0, credit: 0, lines: 0 };
      out.set(accountId, { debit: add(sum.debit, totals.debit), credit: add(sum.credit, totals.credit), lines: add(sum.lines, totals.lines) });
    };
    if (plan.whole) {
      const { first, last } = plan.whole;
      for (const item of wholeByKey.get(wholeKey(plan))!) {
        if ((first && item.month < first) || (last && item.month > last)) continue;
        accumulate(item.account_id, { debit: valueOf(item, 'debit'), credit: valueOf(item, 'credit'), lines: lineCounts ? valueOf(item, 'lines') : 0 });
      }
    }
    for (const cut of plan.cuts) {
      const key = cutKey(plan.accountId, cut.month);
      const read = cutDays.get(key)!;
      const direct = cut.days.every((d) => read.includes(d));
      const days = direct ? cut.days : without(daysOfMonth(cut.month), cut.days);
      for (const item of cutByKey.get(key)!) {
        if (item.month !== cut.month) continue;
        const totals: CountedTotals = { debit: 0, credit: 0, lines: 0 };
        for (const field of fields) {
          let sum = 0;
          for (const day of days) sum = add(sum, valueOf(item, field, day));
          totals[field] = direct ? sum : valueOf(item, field) - sum;
        }
        accumulate(item.account_id, totals);
      }
    }
    return out;
  });
}

const withoutLines = (balances: Map<string, CountedTotals>): Map<string, Totals> => new Map([...balances].map(([accountId, { debit, credit }]) => [accountId, { debit, credit }]));

/**
 * Per account: debits and credits (and, with `lineCounts`, journal lines) of postings dated within
 * the range (both ends included), summed over shards. Accounts without postings in the range are
 * absent.
 *
 * Read so that the time does not grow with the journal (issue #5's bar: 100,000 lines within 1.2×
 * of 1,000; issue #13's: 1.1×): whole months with a projection of their month totals only; a
 * month the range cuts inside (a period from the 15th, a balance on the 15th) once, with its month
 * totals and the day attributes of the smaller side of the cut — the days wanted, or the days not
 * wanted, then subtracted from the month's totals — so at most 15 days' attributes are read per
 * item, where a busy month's item carries 93 (debit, credit and line count for 31 days). A cut
 * month is left out of the whole-month query: DynamoDB reads (and bills) an item whole whatever
 * the projection, and a busy month's item is several times a quiet one's, so an item read twice
 * costs more the busier the books.
 */
export async function accountBalances(organizationId: string, range: BalanceRange, options: { lineCounts: true }): Promise<Map<string, CountedTotals>>;
export async function accountBalances(organizationId: string, range?: BalanceRange, options?: { lineCounts?: false }): Promise<Map<string, Totals>>;
export async function accountBalances(organizationId: string, range: BalanceRange = {}, options: { lineCounts?: boolean } = {}): Promise<Map<string, Totals | CountedTotals>> {
  const [balances] = await readRanges(organizationId, [range], Boolean(options.lineCounts));
  return options.lineCounts ? balances! : withoutLines(balances!);
}

/**
 * `accountBalances` of several ranges in one go, sharing reads: the cash-flow statement's balances
 * before the period and within it read the month the period starts in once, and a period and
 * the one before it share the month they meet in.
 */
export async function accountBalancesOf(organizationId: string, ranges: readonly BalanceRange[]): Promise<Map<string, Totals>[]> {
  return (await readRanges(organizationId, ranges, false)).map(withoutLines);
}

/** The balance in the account type's normal direction: debits − credits for assets and expenses. */
export function normalBalance(type: AccountType, totals: Totals | undefined): number {
  if (!totals) return 0;
  return NORMAL_BALANCE[type] === 'debit' ? totals.debit - totals.credit : totals.credit - totals.debit;
}

export interface TrialBalanceRow {
  account: Pick<AccountRecord, 'id' | 'code' | 'name' | 'name_ar' | 'type'>;
  /** Net balance on its side: exactly one of the two is non-zero. */
  debit: number;
  credit: number;
}

export interface TrialBalance {
  asOf: string;
  rows: TrialBalanceRow[];
  totalDebit: number;
  totalCredit: number;
}

/**
 * The trial balance on a date: every account with a non-zero balance, its net balance in the debit
 * or the credit column, and the column totals — equal whenever every entry balanced.
 */
export async function trialBalance(organizationId: string, asOf: string): Promise<TrialBalance> {
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { asOf })]);
  const accounts = new Map(chart.map((a) => [a.id, a]));
  const rows: TrialBalanceRow[] = [];
  let totalDebit = 0;
  let totalCredit = 0;
  for (const [accountId, totals] of balances) {
    const net = totals.debit - totals.credit;
    if (net === 0) continue;
    const account = accounts.get(accountId) ?? { id: accountId, code: '?', name: 'Unknown account', name_ar: undefined, type: 'asset' as const };
    const row = { account, debit: net > 0 ? net : 0, credit: net < 0 ? -net : 0 };
    totalDebit = add(totalDebit, row.debit);
    totalCredit = add(totalCredit, row.credit);
    rows.push(row);
  }
  rows.sort((a, b) => byCode(a.account, b.account));
  return { asOf, rows, totalDebit, totalCredit };
}
