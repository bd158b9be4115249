/**
 * Balances from the balance items only (never the journal): O(accounts × months × shards) items
 * per read, whatever the size of the journal. Month items answer whole months; the boundary
 * months of a date range are summed from the same items' day totals. Every balance read of the
 * ledger and the reports goes through here.
 */
import { NORMAL_BALANCE, type AccountType } from '@daftar/shared/schemas/accounting';
import { AccountBalance, DAYS, type AccountBalanceRecord, type DayAttribute } from '../db/accountBalance.js';
import type { AccountRecord } from '../db/account.js';
import { dayOf, lastDayOfMonth, monthOf, nextMonth } from './dates.js';
import { byCode, loadChart } from './chart.js';

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

function queryFor(organizationId: string, from?: string, to?: string) {
  const query = AccountBalance.query.byMonth({ organization_id: organizationId });
  // The sort key is M#<month>#<account>#<shard>: a bound of `M#<month>` sorts before every item
  // of that month, so [from month, month after `to`) is exactly the months wanted.
  if (from && to) return query.between({ month: monthOf(from) }, { month: nextMonth(monthOf(to)) });
  if (from) return query.gte({ month: monthOf(from) });
  if (to) return query.lt({ month: nextMonth(monthOf(to)) });
  return query;
}

/** The items of one month. */
const monthQuery = (organizationId: string, month: string) => AccountBalance.query.byMonth({ organization_id: organizationId }).between({ month }, { month: nextMonth(month) });

/** A query narrowed to one account's items, when the range names one. */
function onlyAccount<Q>(query: Q, accountId: string | undefined): Q {
  if (!accountId) return query;
  return (query as unknown as ReturnType<typeof queryFor>).where((a, { eq }) => eq(a.account_id, accountId)) as unknown as Q;
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
 * Every balance item of the range (all shards), read consistently, for callers that slice the
 * boundary months by day themselves (`itemTotals`). Whole months come back with their month totals
 * only (a projection); a boundary month cut inside is read whole, for its day totals.
 * `accountBalances` reads the boundary months more narrowly.
 */
export async function balanceItems(organizationId: string, range: BalanceRange = {}): Promise<AccountBalanceRecord[]> {
  const to = range.to ?? range.asOf;
  const from = range.from;
  const cut = new Set(cutMonths(from, to).keys());
  const [whole, ...boundaries] = await Promise.all([
    onlyAccount(queryFor(organizationId, from, to), range.accountId).go({ consistent: true, pages: 'all', attributes: [...MONTH_TOTALS] }),
    ...[...cut].map((month) => onlyAccount(monthQuery(organizationId, month), range.accountId).go({ consistent: true, pages: 'all' })),
  ]);
  const items = whole.data.filter((item) => !cut.has(item.month)) as AccountBalanceRecord[];
  for (const boundary of boundaries) items.push(...boundary.data);
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
const nextDay = (day: string) => String(Number(day) + 1).padStart(2, '0');
const previousDay = (day: string) => String(Number(day) - 1).padStart(2, '0');

interface CutRead {
  month: string;
  /** Days read from the item. */
  days: string[];
  /** true: the range is the month total minus `days`; false: the sum of `days`. */
  complement: boolean;
}

/** How to read a month the range cuts inside: the days wanted, or the fewer days not wanted. */
function cutRead(month: string, first: string, last: string): CutRead {
  const monthEnd = dayOf(lastDayOfMonth(month));
  const wanted = daysFrom(first, last < monthEnd ? last : monthEnd);
  // The complement is one run of days only when the cut touches either end of the month.
  const complement = first === '01' ? daysFrom(nextDay(last), monthEnd) : last >= monthEnd ? daysFrom('01', previousDay(first)) : null;
  return complement && complement.length < wanted.length ? { month, days: complement, complement: true } : { month, days: wanted, complement: false };
}

/**
 * Per account: debits and credits (and, with `lineCounts`, journal lines) of postings dated within
 * the range (both ends included), summed over shards. Accounts without postings in the range are
 * absent.
 *
 * Read so that the time does not grow with the journal (issue #5's bar: 100,000 lines within 1.2×
 * of 1,000): whole months with a projection of their month totals only; a month the range cuts
 * inside (a period from the 15th, a balance on the 15th) with its month totals and the day
 * attributes of the smaller side of the cut — the days wanted, or the days not wanted, then
 * subtracted from the month's totals — so at most 15 days' attributes are read per item, where a
 * busy month's item carries 93 (debit, credit and line count for 31 days).
 */
export async function accountBalances(organizationId: string, range: BalanceRange, options: { lineCounts: true }): Promise<Map<string, CountedTotals>>;
export async function accountBalances(organizationId: string, range?: BalanceRange, options?: { lineCounts?: false }): Promise<Map<string, Totals>>;
export async function accountBalances(organizationId: string, range: BalanceRange = {}, options: { lineCounts?: boolean } = {}): Promise<Map<string, Totals | CountedTotals>> {
  const to = range.to ?? range.asOf;
  const from = range.from;
  const out = new Map<string, CountedTotals>();
  if (from && to && from > to) return out;
  const fields: Field[] = options.lineCounts ? ['debit', 'credit', 'lines'] : ['debit', 'credit'];
  const fromMonth = from ? monthOf(from) : undefined;
  const toMonth = to ? monthOf(to) : undefined;
  const cuts = [...cutMonths(from, to)].map(([month, { first, last }]) => cutRead(month, first, last));

  const monthTotals = [...KEYS, ...fields.map((f) => attribute(f))];
  const [wholeItems, ...cutItems] = await Promise.all([
    onlyAccount(queryFor(organizationId, from, to), range.accountId).go({ consistent: true, pages: 'all', attributes: monthTotals as never }),
    ...cuts.map((cut) =>
      onlyAccount(monthQuery(organizationId, cut.month), range.accountId).go({
        consistent: true,
        pages: 'all',
        attributes: [...monthTotals, ...cut.days.flatMap((day) => fields.map((f) => attribute(f, day)))] as never,
      }),
    ),
  ]);

  const accumulate = (accountId: string, totals: CountedTotals) => {
    if (!totals.debit && !totals.credit && !totals.lines) return;
    const sum = out.get(accountId) ?? { debit: 0, credit: 0, lines: 0 };
    out.set(accountId, { debit: add(sum.debit, totals.debit), credit: add(sum.credit, totals.credit), lines: add(sum.lines, totals.lines) });
  };
  const cutMonthSet = new Set(cuts.map((cut) => cut.month));
  for (const item of wholeItems.data as AccountBalanceRecord[]) {
    if (cutMonthSet.has(item.month) || (fromMonth && item.month < fromMonth) || (toMonth && item.month > toMonth)) continue;
    accumulate(item.account_id, { debit: valueOf(item, 'debit'), credit: valueOf(item, 'credit'), lines: options.lineCounts ? valueOf(item, 'lines') : 0 });
  }
  cuts.forEach((cut, index) => {
    for (const item of cutItems[index]!.data as AccountBalanceRecord[]) {
      if (item.month !== cut.month) continue;
      const totals: CountedTotals = { debit: 0, credit: 0, lines: 0 };
      for (const field of fields) {
        let days = 0;
        for (const day of cut.days) days = add(days, valueOf(item, field, day));
        totals[field] = cut.complement ? valueOf(item, field) - days : days;
      }
      accumulate(item.account_id, totals);
    }
  });
  if (options.lineCounts) return out;
  return new Map([...out].map(([accountId, { debit, credit }]) => [accountId, { debit, credit }]));
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
