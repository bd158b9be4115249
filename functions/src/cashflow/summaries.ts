/**
 * Cash-flow summaries (issue 17): totals, series by day, week and month, history, the dashboard and
 * the categories — all from the day figures the postings keep (db/cashFlow.ts CashFlowDay: one item
 * per day, cash account and shard) and the balance items (opening balances), never from the
 * transactions, so their cost does not grow with the number of transactions.
 *
 * Conventions. Cash is the cash, bank and receipts-in-transit accounts. A transfer between two of
 * them is no flow of the business: over all accounts its two sides cancel, so inflow and outflow
 * leave transfers out; for a chosen set of accounts money moved to an account outside the set did
 * leave it, so transfers count. Weeks start on Saturday (the first day of the week on Jordanian
 * calendars; Friday and Saturday are the weekend). Dates are business dates (YYYY-MM-DD).
 */
import { money } from '@daftar/shared';
import { CASH_FLOW_CATEGORIES, CASH_FLOW_CATEGORY_KEYS, CASH_SUBTYPES, type CashFlowCategory, type CashFlowType } from '@daftar/shared/cashflow/classify';
import { CashFlowDay, CashFlowTransaction, type CashFlowDayRecord } from '../db/cashFlow.js';
import { takeAll } from '../db/paging.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { dayFigures } from '../ledger/cash-flows.js';
import { loadChart } from '../ledger/chart.js';
import { addDays, lastDayOfMonth, todayIn } from '../ledger/dates.js';
import { compactableThrough, lastWholeMonth, monthsBetween, readRollups } from '../ledger/rollups.js';
import type { FlowFigures } from '../db/rollup.js';
import { organizationSettings } from '../organizations/settings.js';
import { ValidationError } from '../platform/errors.js';

type Flows = { inflow: number; outflow: number; count: number };
const none = (): Flows => ({ inflow: 0, outflow: 0, count: 0 });

export interface DayFlows {
  date: string;
  byCategory: Map<CashFlowCategory, Flows>;
  /** Transactions of the day (all categories). */
  count: number;
}

export interface CashScope {
  currency: string;
  today: string;
  /** The cash accounts summed (all, or the ones asked for). */
  accountIds: string[];
  filtered: boolean;
}

/** Largest period a series or summary reads at once (days). */
const MAX_DAYS = 1100;

export async function cashScope(organizationId: string, accountIdsText?: string): Promise<CashScope> {
  const [{ currency, timeZone }, chart] = await Promise.all([organizationSettings(organizationId), loadChart(organizationId)]);
  const cash = chart.filter((a) => CASH_SUBTYPES.includes(a.subtype)).map((a) => a.id);
  const asked = accountIdsText ? [...new Set(accountIdsText.split(',').map((s) => s.trim()).filter(Boolean))] : [];
  const unknown = asked.filter((id) => !cash.includes(id));
  if (unknown.length) throw new ValidationError([{ loc: ['query', 'account_ids'], msg: `Not a cash or bank account: ${unknown.join(', ')}`, type: 'value_error' }]);
  return { currency, today: todayIn(timeZone), accountIds: asked.length ? asked : cash, filtered: asked.length > 0 };
}

/**
 * The day figures of the accounts in scope, from `from` to `to`, by day. Past days come from their
 * rollups (one item per day, ledger/rollups.ts) and — with `wholeMonths`, for callers that only sum
 * — whole past months from the month's rollup, keyed by the month's first day; the days not
 * compacted yet, or written to since, from the day figures themselves. So a busy organization
 * reads as many items as a quiet one over the same days.
 */
export async function dayFlows(organizationId: string, scope: CashScope, from: string, to: string, options: { wholeMonths?: boolean } = {}): Promise<Map<string, DayFlows>> {
  const wanted = new Set(scope.accountIds);
  const days = new Map<string, DayFlows>();
  const dayOf = (date: string) => days.get(date) ?? days.set(date, { date, byCategory: new Map(), count: 0 }).get(date)!;
  const count = (day: DayFlows, category: CashFlowCategory, inflow: number, outflow: number, n: number) => {
    if (!inflow && !outflow && !n) return;
    const flows = day.byCategory.get(category) ?? none();
    flows.inflow += inflow;
    flows.outflow += outflow;
    flows.count += n;
    day.byCategory.set(category, flows);
  };
  const addFigures = (items: readonly CashFlowDayRecord[]) => {
    for (const item of items) {
      if (!wanted.has(item.account_id)) continue;
      const day = dayOf(item.date);
      for (const [category, inflow, outflow, n] of dayFigures(item)) count(day, category, inflow, outflow, n);
      day.count += item.n ?? 0;
    }
  };
  const addRollup = (date: string, flows: FlowFigures | undefined) => {
    for (const [accountId, figures] of Object.entries(flows ?? {})) {
      if (!wanted.has(accountId)) continue;
      const day = dayOf(date);
      for (const [category, [inflow, outflow, n]] of Object.entries(figures.c)) count(day, category as CashFlowCategory, inflow, outflow, n);
      day.count += figures.n;
    }
  };
  const figuresBetween = (a: string, b: string) =>
    takeAll(CashFlowDay.query.byDate({ organization_id: organizationId }).between({ date: a, account_id: '', shard: '' }, { date: b, account_id: '~', shard: '~' }));

  // Days after the newest the job may have compacted are read from the figures, beside the rollups.
  const newest = compactableThrough();
  const headTo = to < newest ? to : newest;
  const tailFrom = from > headTo ? from : addDays(headTo, 1);
  const months = options.wholeMonths && from <= headTo
    ? monthsBetween(from.slice(0, 7), headTo.slice(0, 7)).filter((m) => `${m}-01` >= from && lastDayOfMonth(m) <= headTo)
    : [];
  // The head's days outside its whole months: at most a run before them and a run after.
  const runs: [string, string][] = [];
  if (from <= headTo) {
    if (!months.length) runs.push([from, headTo]);
    else {
      if (from < `${months[0]}-01`) runs.push([from, addDays(`${months[0]}-01`, -1)]);
      const after = addDays(lastDayOfMonth(months.at(-1)!), 1);
      if (after <= headTo) runs.push([after, headTo]);
    }
  }
  const [dayReads, monthRead, tail] = await Promise.all([
    Promise.all(runs.map(([a, b]) => readRollups(organizationId, `D#${a}`, `D#${b}`))),
    months.length ? readRollups(organizationId, `M#${months[0]}`, `M#${months.at(-1)}`) : Promise.resolve(null),
    tailFrom <= to ? figuresBetween(tailFrom, to) : Promise.resolve([] as CashFlowDayRecord[]),
  ]);
  addFigures(tail);
  const fromFigures: [string, string][] = [];
  runs.forEach(([a, b], i) => {
    const read = dayReads[i]!;
    const covered = read.through && read.through >= a ? (read.through < b ? read.through : b) : null;
    if (!covered) return void fromFigures.push([a, b]);
    if (covered < b) fromFigures.push([addDays(covered, 1), b]);
    const stale = new Set(read.stale.map((p) => p.slice(2)).filter((d) => d >= a && d <= covered));
    for (const d of stale) fromFigures.push([d, d]);
    for (const [period, rollup] of read.valid) {
      const date = period.slice(2);
      if (date <= covered && !stale.has(date)) addRollup(date, rollup.flows as FlowFigures);
    }
  });
  if (monthRead) {
    const covered = monthRead.through ? lastWholeMonth(monthRead.through) : null;
    const stale = new Set(monthRead.stale.map((p) => p.slice(2)));
    for (const m of months) {
      if (!covered || m > covered || stale.has(m)) fromFigures.push([`${m}-01`, lastDayOfMonth(m)]);
      else addRollup(`${m}-01`, monthRead.valid.get(`M#${m}`)?.flows as FlowFigures | undefined);
    }
  }
  for (const items of await Promise.all(fromFigures.map(([a, b]) => figuresBetween(a, b)))) addFigures(items);
  return days;
}

/** The cash in scope at the end of `date` (balance items: flat in the number of postings). */
export async function cashBalance(organizationId: string, scope: CashScope, date: string): Promise<number> {
  const balances = await accountBalances(organizationId, { to: date });
  return scope.accountIds.reduce((sum, id) => sum + normalBalance('asset', balances.get(id)), 0);
}

/** Inflow, outflow and net of a set of days; transfers only when some accounts were chosen. */
function totalsOf(days: Iterable<DayFlows>, scope: CashScope) {
  const total = none();
  let transfersNet = 0;
  let count = 0;
  for (const day of days) {
    count += day.count;
    for (const [category, flows] of day.byCategory) {
      if (category === 'transfers') {
        transfersNet += flows.inflow - flows.outflow;
        if (!scope.filtered) continue;
      }
      total.inflow += flows.inflow;
      total.outflow += flows.outflow;
    }
  }
  // Over all accounts the transfers cancel; a remainder would be a posting's rounding — keep it in net.
  const net = scope.filtered ? total.inflow - total.outflow : total.inflow - total.outflow + transfersNet;
  return { inflow: total.inflow, outflow: total.outflow, net, count };
}

const text = (minor: number, currency: string) => money.formatMoney(money.fromMinorUnits(minor, currency));

function checkRange(from: string, to: string) {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (span < 0) throw new ValidationError([{ loc: ['query', 'date_to'], msg: 'The start comes before the end', type: 'value_error' }]);
  if (span > MAX_DAYS) throw new ValidationError([{ loc: ['query', 'date_from'], msg: `At most ${MAX_DAYS} days at once`, type: 'value_error' }]);
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export async function cashFlowSummary(organizationId: string, query: { date_from?: string; date_to?: string; account_ids?: string }) {
  const scope = await cashScope(organizationId, query.account_ids);
  const to = query.date_to ?? scope.today;
  const from = query.date_from ?? monthStart(to);
  checkRange(from, to);
  const [days, opening] = await Promise.all([dayFlows(organizationId, scope, from, to, { wholeMonths: true }), cashBalance(organizationId, scope, addDays(from, -1))]);
  const totals = totalsOf(days.values(), scope);
  const byCategory = new Map<CashFlowCategory, Flows>();
  for (const day of days.values()) {
    for (const [category, flows] of day.byCategory) {
      const sum = byCategory.get(category) ?? none();
      sum.inflow += flows.inflow;
      sum.outflow += flows.outflow;
      sum.count += flows.count;
      byCategory.set(category, sum);
    }
  }
  const byType = Object.fromEntries((['operating', 'investing', 'financing', 'transfer'] as CashFlowType[]).map((type) => {
    let inflow = 0;
    let outflow = 0;
    for (const [category, flows] of byCategory) if (CASH_FLOW_CATEGORIES[category] === type) { inflow += flows.inflow; outflow += flows.outflow; }
    return [type, { inflow: text(inflow, scope.currency), outflow: text(outflow, scope.currency), net: text(inflow - outflow, scope.currency) }];
  })) as Record<CashFlowType, { inflow: string; outflow: string; net: string }>;
  return {
    date_from: from,
    date_to: to,
    opening_balance: text(opening, scope.currency),
    closing_balance: text(opening + totals.net, scope.currency),
    inflow: text(totals.inflow, scope.currency),
    outflow: text(totals.outflow, scope.currency),
    net: text(totals.net, scope.currency),
    transaction_count: totals.count,
    by_type: byType,
    by_category: CASH_FLOW_CATEGORY_KEYS.filter((c) => byCategory.has(c) && (byCategory.get(c)!.inflow || byCategory.get(c)!.outflow)).map((c) => {
      const f = byCategory.get(c)!;
      return { category: c, cash_flow_type: CASH_FLOW_CATEGORIES[c], inflow: text(f.inflow, scope.currency), outflow: text(f.outflow, scope.currency), net: text(f.inflow - f.outflow, scope.currency), transaction_count: f.count };
    }),
  };
}

/** The Saturday a date's week starts on. */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((day + 1) % 7));
}

export type Granularity = 'day' | 'week' | 'month';

export async function cashFlowSeries(organizationId: string, granularity: Granularity, query: { date_from?: string; date_to?: string; account_ids?: string }) {
  const scope = await cashScope(organizationId, query.account_ids);
  const to = query.date_to ?? scope.today;
  const defaultFrom = granularity === 'day' ? addDays(to, -29) : granularity === 'week' ? weekStart(addDays(to, -7 * 11)) : monthStart(addDays(monthStart(to), -330));
  const from = query.date_from ?? defaultFrom;
  checkRange(from, to);
  const [days, opening] = await Promise.all([dayFlows(organizationId, scope, from, to, { wholeMonths: granularity === 'month' }), cashBalance(organizationId, scope, addDays(from, -1))]);
  return { granularity, date_from: from, date_to: to, points: seriesPoints(days, scope, from, to, granularity, opening) };
}

export function seriesPoints(days: Map<string, DayFlows>, scope: CashScope, from: string, to: string, granularity: Granularity, opening: number) {
  const points: { period_start: string; period_end: string; opening_balance: string; inflow: string; outflow: string; net: string; closing_balance: string; transaction_count: number }[] = [];
  let balance = opening;
  let start = from;
  while (start <= to) {
    const natural = granularity === 'day' ? start : granularity === 'week' ? addDays(weekStart(start), 6) : addDays(monthStart(addDays(monthStart(start), 32)), -1);
    const end = natural < to ? natural : to;
    const inPeriod: DayFlows[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) {
      const day = days.get(d);
      if (day) inPeriod.push(day);
    }
    const t = totalsOf(inPeriod, scope);
    points.push({ period_start: start, period_end: end, opening_balance: text(balance, scope.currency), inflow: text(t.inflow, scope.currency), outflow: text(t.outflow, scope.currency), net: text(t.net, scope.currency), closing_balance: text(balance + t.net, scope.currency), transaction_count: t.count });
    balance += t.net;
    start = addDays(end, 1);
  }
  return points;
}

export async function cashFlowHistory(organizationId: string, query: { months: number; account_ids?: string }) {
  const scope = await cashScope(organizationId, query.account_ids);
  const to = scope.today;
  let from = monthStart(to);
  for (let i = 1; i < query.months; i++) from = monthStart(addDays(from, -1));
  const [days, opening] = await Promise.all([dayFlows(organizationId, scope, from, to, { wholeMonths: true }), cashBalance(organizationId, scope, addDays(from, -1))]);
  return { granularity: 'month' as const, date_from: from, date_to: to, points: seriesPoints(days, scope, from, to, 'month', opening) };
}

export async function cashFlowCategories(organizationId: string, query: { date_from?: string; date_to?: string; account_ids?: string }) {
  const summary = await cashFlowSummary(organizationId, query);
  const found = new Map(summary.by_category.map((c) => [c.category, c]));
  const zero = text(0, (await organizationSettings(organizationId)).currency);
  return {
    categories: CASH_FLOW_CATEGORY_KEYS.map((c) => {
      const f = found.get(c);
      return { category: c, cash_flow_type: CASH_FLOW_CATEGORIES[c], inflow: f?.inflow ?? zero, outflow: f?.outflow ?? zero, transaction_count: f?.transaction_count ?? 0 };
    }),
  };
}

export async function cashFlowDashboard(organizationId: string) {
  const scope = await cashScope(organizationId);
  const today = scope.today;
  const thisMonth = monthStart(today);
  const lastMonth = monthStart(addDays(thisMonth, -1));
  const from = lastMonth < addDays(today, -29) ? lastMonth : addDays(today, -29);
  const [days, openingFrom, planned] = await Promise.all([
    dayFlows(organizationId, scope, from, today),
    cashBalance(organizationId, scope, addDays(from, -1)),
    CashFlowTransaction.query
      .byDate({ organization_id: organizationId })
      .between({ date: today, id: '' }, { date: addDays(today, 90), id: '~' })
      .where((a, { eq }) => `${eq(a.is_manual_entry, true)} AND ${eq(a.is_planned, true)}`)
      .go({ pages: 'all' }),
  ]);
  const within = (a: string, b: string) => [...days.values()].filter((d) => d.date >= a && d.date <= b);
  const flows = (list: DayFlows[]) => {
    const t = totalsOf(list, scope);
    return { inflow: text(t.inflow, scope.currency), outflow: text(t.outflow, scope.currency), net: text(t.net, scope.currency) };
  };
  const before30 = totalsOf(within(from, addDays(today, -30)), scope).net;
  const all = totalsOf(days.values(), scope).net;
  const outflows = new Map<CashFlowCategory, number>();
  for (const day of within(thisMonth, today)) for (const [c, f] of day.byCategory) if (c !== 'transfers') outflows.set(c, (outflows.get(c) ?? 0) + f.outflow);
  return {
    as_of: today,
    balance: text(openingFrom + all, scope.currency),
    this_month: flows(within(thisMonth, today)),
    last_month: flows(within(lastMonth, addDays(thisMonth, -1))),
    last_30_days: seriesPoints(days, scope, addDays(today, -29), today, 'day', openingFrom + before30),
    top_outflows: [...outflows].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([category, v]) => ({ category, amount: text(v, scope.currency) })),
    planned: {
      count: planned.data.length,
      inflow: text(planned.data.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount, 0), scope.currency),
      outflow: text(planned.data.filter((p) => p.amount < 0).reduce((s, p) => s - p.amount, 0), scope.currency),
    },
  };
}
