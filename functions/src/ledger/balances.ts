/**
 * Balances from the balance items only (never the journal): O(accounts × months × shards) items
 * per read, whatever the size of the journal. Month items answer whole months; the boundary
 * months of a date range are summed from the same items' day totals.
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

/** What a whole month needs of a balance item: its month totals, not its 62 day attributes. */
const MONTH_TOTALS = ['organization_id', 'month', 'account_id', 'shard', 'debit', 'credit'] as const;

/**
 * Every balance item of the range (all shards), read consistently. Whole months come back with
 * their month totals only (a projection): a busy month's item carries every day's totals, and
 * reading those for months summed whole would make a report's time grow with how many days saw
 * postings. Only a boundary month cut inside (a range starting after the 1st or ending before the
 * month's last day) is read whole, for its day totals.
 */
export async function balanceItems(organizationId: string, range: BalanceRange = {}): Promise<AccountBalanceRecord[]> {
  const to = range.to ?? range.asOf;
  const from = range.from;
  const cut = new Set<string>();
  if (from && dayOf(from) !== '01') cut.add(monthOf(from));
  if (to && to < lastDayOfMonth(monthOf(to))) cut.add(monthOf(to));
  const onlyAccount = <Q,>(query: Q): Q => {
    if (!range.accountId) return query;
    const accountId = range.accountId;
    return (query as unknown as ReturnType<typeof queryFor>).where((a, { eq }) => eq(a.account_id, accountId)) as unknown as Q;
  };
  const [whole, ...boundaries] = await Promise.all([
    onlyAccount(queryFor(organizationId, from, to)).go({ consistent: true, pages: 'all', attributes: [...MONTH_TOTALS] }),
    ...[...cut].map((month) =>
      onlyAccount(AccountBalance.query.byMonth({ organization_id: organizationId }).between({ month }, { month: nextMonth(month) })).go({ consistent: true, pages: 'all' }),
    ),
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

/**
 * Per account: debits and credits of postings dated within the range (both ends included),
 * summed over shards. Accounts without postings in the range are absent.
 */
export async function accountBalances(organizationId: string, range: BalanceRange = {}): Promise<Map<string, Totals>> {
  const to = range.to ?? range.asOf;
  const from = range.from;
  const fromMonth = from ? monthOf(from) : undefined;
  const toMonth = to ? monthOf(to) : undefined;
  const out = new Map<string, Totals>();
  if (from && to && from > to) return out;
  for (const item of await balanceItems(organizationId, range)) {
    if ((fromMonth && item.month < fromMonth) || (toMonth && item.month > toMonth)) continue;
    const firstDay = from && item.month === fromMonth ? dayOf(from) : '01';
    const lastDay = to && item.month === toMonth ? dayOf(to) : '31';
    const totals = itemTotals(item, firstDay, lastDay);
    if (!totals.debit && !totals.credit) continue;
    const sum = out.get(item.account_id) ?? { debit: 0, credit: 0 };
    out.set(item.account_id, { debit: add(sum.debit, totals.debit), credit: add(sum.credit, totals.credit) });
  }
  return out;
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
