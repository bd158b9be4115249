/**
 * POS reports (SPEC §7 "POS"; issue 15): sales summary, cashier performance, shift reconciliation and
 * the POS dashboard, shaped as a POS back office reads them.
 *
 * They read only what the sales keep up to date by `ADD` in their own transactions (the top
 * products: in their follow-up), never the receipts, so each costs the same whatever the number of
 * sales:
 * - `PosTerminalDay` / `PosCashierDay` (db/posAggregates.ts): one Query of the organization's days in
 *   the range (sk `<from>` … `<to>#~`), days × terminals (or cashiers) items;
 * - `PosSession` (db/posSession.ts): one session by id, or one Query of the sessions opened in the
 *   range (their ids are UUIDv7, so the sort key range is the time range);
 * - `PosTerminal` for the dashboard's open sessions and active terminals, and users (BatchGet) to
 *   name cashiers;
 * - `PosProductDay` / `PosTerminalProductDay` (db/posProductDay.ts) for the dashboard's top products:
 *   one Query of the span's (day, product) items, organization-wide or of the terminal asked for.
 *   These are not written by the sale but counted in the receipt's follow-up
 *   (pos/product-figures.ts), so a receipt reaches them a moment after it posts.
 *
 * How the figures are read (the sale and the return write them so): `sales_count`, `items_milli`,
 * `net` (after discounts, before tax), `tax`, `discount`, `gross` (tax included) and `hHH_count`
 * describe sales (an exchange's new lines are sales); `returns_count` and `refunds` (tax included)
 * describe returns; `t_<tender>` is what the tender kept, net of change and refunds, and `hHH_gross`
 * the hour's takings, sales less refunds. So the tills kept gross − refunds (pos/sales.ts
 * `aggregateItems` writes them so).
 */
import type {
  PosCashierPerformancePublic,
  PosDashboardMetricsPublic,
  PosDashboardPeriod,
  PosSalesSummaryPublic,
  PosShiftReconciliationPublic,
} from '@daftar/shared/schemas/reportAnalyses';
import { batchGet } from '../../db/batch-get.js';
import { POS_HOURS, PosCashierDay, PosTerminalDay, type PosFigure } from '../../db/posAggregates.js';
import { PosProductDay, PosTerminalProductDay, type PosProductDayRecord } from '../../db/posProductDay.js';
import { POS_SESSION_TENDERS, PosSession, type PosSessionRecord } from '../../db/posSession.js';
import { PosTerminal } from '../../db/posTerminal.js';
import { User } from '../../db/user.js';
import { addDays, lastDayOfMonth, monthOf, todayIn } from '../../ledger/dates.js';
import type { ReportOrganization } from '../definition.js';
import { startOfDayIn } from '../tax/common.js';
import { add, daysBetween, moneyText, percentChange, shiftMonths } from './common.js';

export interface PosDays {
  start_date?: string;
  end_date?: string;
}

/**
 * The days asked for, in the organization's zone: both dates as given; a start alone runs to today
 * (a future start is that one day); an end alone is that day; neither is today.
 */
export function posDays(organization: ReportOrganization, days: PosDays, now = new Date()): { start: string; end: string } {
  const today = todayIn(organization.timezone, now);
  if (days.start_date && days.end_date) return { start: days.start_date, end: days.end_date };
  if (days.start_date) return { start: days.start_date, end: days.start_date > today ? days.start_date : today };
  if (days.end_date) return { start: days.end_date, end: days.end_date };
  return { start: today, end: today };
}

// ---------------------------------------------------------------------------------------------
// Day figures

const TENDERS = POS_SESSION_TENDERS;
const FIGURES: readonly PosFigure[] = [
  'sales_count',
  'returns_count',
  'items_milli',
  'net',
  'tax',
  'discount',
  'gross',
  'refunds',
  'cost',
  ...TENDERS.map((t) => `t_${t}` as const),
  ...POS_HOURS.flatMap((h) => [`h${h}_count` as const, `h${h}_gross` as const]),
];

type Tally = Record<PosFigure, number>;
type DayItem = Partial<Record<PosFigure, number>> & { date: string };

/** A figure of a tally (the hour and tender names are templates, so the index may be unknown to the compiler). */
const at = (t: Tally, f: PosFigure) => t[f] ?? 0;

const emptyTally = (): Tally => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Tally;

function tally(items: readonly Partial<Record<PosFigure, number>>[]): Tally {
  const total = emptyTally();
  for (const item of items) for (const f of FIGURES) total[f] = add(at(total, f), item[f] ?? 0);
  return total;
}

/** What the items of one key (a terminal, a cashier, a day) add up to, by key. */
function tallyBy<T extends DayItem>(items: readonly T[], key: (item: T) => string): Map<string, Tally> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return new Map([...groups].map(([k, group]) => [k, tally(group)]));
}

/** The organization's (day, terminal) figures from `from` to `to`, of one terminal when given. */
async function terminalDays(organizationId: string, from: string, to: string, terminalId?: string): Promise<(DayItem & { terminal_id: string })[]> {
  // `<to>#~` closes the range after every terminal of the last day: a bare `<to>` would leave it out.
  const range = PosTerminalDay.query.byDate({ organization_id: organizationId }).between({ date: from }, { date: to, terminal_id: '~' });
  const query = terminalId ? range.where((a, { eq }) => eq(a.terminal_id, terminalId)) : range;
  return (await query.go({ pages: 'all' })).data as (DayItem & { terminal_id: string })[];
}

async function cashierDays(organizationId: string, from: string, to: string, cashierId?: string): Promise<(DayItem & { cashier_id: string })[]> {
  const range = PosCashierDay.query.byDate({ organization_id: organizationId }).between({ date: from }, { date: to, cashier_id: '~' });
  const query = cashierId ? range.where((a, { eq }) => eq(a.cashier_id, cashierId)) : range;
  return (await query.go({ pages: 'all' })).data as (DayItem & { cashier_id: string })[];
}

/** The ticket average, tax included, rounded to the minor unit; zero without sales. */
const averageTicket = (t: Tally) => (t.sales_count > 0 ? Math.round(t.gross / t.sales_count) : 0);

/** Thousandths as a quantity: "12", "2.75". */
export function quantityText(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const fraction = String(abs % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}

function byPaymentMethod(t: Tally, currency: string) {
  return TENDERS.filter((tender) => at(t, `t_${tender}`) !== 0).map((tender) => ({ payment_method: tender, transaction_count: null, amount: moneyText(at(t, `t_${tender}`), currency) }));
}

type HourLine = { hour: number; transaction_count: number; net_sales: null; gross_sales: string };

/** Hours with sales or refunds, in hour order; the takings kept alongside for ordering by them. */
function byHour(t: Tally, currency: string): (HourLine & { gross: number })[] {
  return POS_HOURS.filter((h) => at(t, `h${h}_count`) !== 0 || at(t, `h${h}_gross`) !== 0).map((h) => ({
    hour: Number(h),
    transaction_count: at(t, `h${h}_count`),
    net_sales: null,
    gross_sales: moneyText(at(t, `h${h}_gross`), currency),
    gross: at(t, `h${h}_gross`),
  }));
}

const withoutGross = ({ gross: _gross, ...line }: HourLine & { gross: number }): HourLine => line;

// ---------------------------------------------------------------------------------------------
// Sales summary

export async function posSalesSummary(organization: ReportOrganization, query: PosDays & { terminal_id?: string }, now = new Date()): Promise<PosSalesSummaryPublic> {
  const { start, end } = posDays(organization, query, now);
  const { currency } = organization;
  const items = await terminalDays(organization.id, start, end, query.terminal_id);
  const t = tally(items);
  const money = (minor: number) => moneyText(minor, currency);
  const days = [...tallyBy(items, (item) => item.date)].sort(([a], [b]) => a.localeCompare(b));
  return {
    start_date: start,
    end_date: end,
    terminal_id: query.terminal_id ?? null,
    currency,
    transaction_count: t.sales_count,
    gross_sales: money(add(t.net, t.discount)),
    discounts: money(t.discount),
    returns: money(t.refunds),
    net_sales: money(t.net),
    tax: money(t.tax),
    total_collected: money(t.gross - t.refunds),
    average_transaction_value: money(averageTicket(t)),
    by_payment_method: byPaymentMethod(t, currency),
    by_hour: byHour(t, currency).map(withoutGross),
    returns_count: t.returns_count,
    sales_with_tax: money(t.gross),
    items_sold: quantityText(t.items_milli),
    by_day: days.map(([date, d]) => ({
      date,
      transaction_count: d.sales_count,
      returns_count: d.returns_count,
      net_sales: money(d.net),
      tax: money(d.tax),
      sales_with_tax: money(d.gross),
      returns: money(d.refunds),
      total_collected: money(d.gross - d.refunds),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** The first 48 bits of a UUIDv7 (its millisecond clock), as the id's text begins: `0190a1b2-c3d4`. */
function uuidv7Prefix(ms: number): string {
  const hex = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

/** A minute either side of the range for ids made a moment before or after `opened_at` was stamped. */
const ID_CLOCK_SLACK_MS = 60_000;

/** The organization's sessions opened from the start of `from` to the end of `to` (its zone), oldest first. */
async function sessionsOpened(organization: ReportOrganization, from: string, to: string): Promise<PosSessionRecord[]> {
  const begin = startOfDayIn(from, organization.timezone);
  const finish = startOfDayIn(addDays(to, 1), organization.timezone);
  const { data } = await PosSession.query
    .byId({ organization_id: organization.id })
    .between({ id: uuidv7Prefix(begin - ID_CLOCK_SLACK_MS) }, { id: `${uuidv7Prefix(finish + ID_CLOCK_SLACK_MS)}~` })
    .go({ pages: 'all' });
  return data
    .filter((s) => {
      const opened = Date.parse(s.opened_at);
      return opened >= begin && opened < finish;
    })
    .sort((a, b) => Date.parse(a.opened_at) - Date.parse(b.opened_at) || a.id.localeCompare(b.id));
}

interface Counted {
  cash: number;
  card: number | null;
  cliq: number | null;
}

const minorOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The `counted` attribute of a closed session (minor units), or null while open. */
function countedOf(session: PosSessionRecord): Counted | null {
  const counted = session.counted as Record<string, unknown> | null | undefined;
  const cash = minorOrNull(counted?.cash);
  if (!counted || cash === null) return null;
  return { cash, card: minorOrNull(counted.card), cliq: minorOrNull(counted.cliq) };
}

const figure = (session: PosSessionRecord, name: string) => ((session as Record<string, unknown>)[name] as number | undefined) ?? 0;
const tenderNet = (session: PosSessionRecord, tender: string) => figure(session, `t_${tender}_sales`) - figure(session, `t_${tender}_refunds`);
/** Float plus the cash the session took in less what it paid back. */
const expectedCash = (session: PosSessionRecord) => session.opening_float + tenderNet(session, 'cash');

/**
 * Cashiers' names: the user's name (or e-mail) as it is now; the name the session kept when the
 * user is gone; the id when neither is known.
 */
async function cashierNames(ids: Iterable<string>, kept: Map<string, string>): Promise<Map<string, string>> {
  const distinct = [...new Set(ids)];
  const users = await batchGet(
    distinct.map((id) => ({ id })),
    (keys) => User.get(keys).go({ attributes: ['id', 'full_name', 'email'] }),
    { what: 'users' },
  );
  const byId = new Map(users.map((u) => [u.id, u.full_name || u.email]));
  return new Map(distinct.map((id) => [id, byId.get(id) || kept.get(id) || id]));
}

const keptNames = (sessions: readonly PosSessionRecord[]) =>
  new Map(sessions.filter((s) => s.cashier_name).map((s) => [s.cashier_id, s.cashier_name!] as const));

// ---------------------------------------------------------------------------------------------
// Cashier performance

export async function posCashierPerformance(organization: ReportOrganization, query: PosDays & { cashier_id?: string }, now = new Date()): Promise<PosCashierPerformancePublic> {
  const { start, end } = posDays(organization, query, now);
  const { currency } = organization;
  const money = (minor: number) => moneyText(minor, currency);
  const [days, allSessions] = await Promise.all([cashierDays(organization.id, start, end, query.cashier_id), sessionsOpened(organization, start, end)]);
  const sessions = query.cashier_id ? allSessions.filter((s) => s.cashier_id === query.cashier_id) : allSessions;
  const figures = tallyBy(days, (item) => item.cashier_id);
  const ids = [...new Set([...figures.keys(), ...sessions.map((s) => s.cashier_id)])];
  const names = await cashierNames(ids, keptNames(sessions));
  const cashiers = ids.map((id) => {
    const t = figures.get(id) ?? emptyTally();
    const own = sessions.filter((s) => s.cashier_id === id);
    const difference = own.reduce((sum, s) => {
      const counted = countedOf(s);
      return counted ? add(sum, counted.cash - expectedCash(s)) : sum;
    }, 0);
    return { id, t, sessionCount: own.length, difference };
  });
  cashiers.sort((a, b) => b.t.net - a.t.net || a.id.localeCompare(b.id));
  const total = tally(cashiers.map((c) => c.t));
  return {
    start_date: start,
    end_date: end,
    cashier_id: query.cashier_id ?? null,
    currency,
    total_transactions: total.sales_count,
    total_net_sales: money(total.net),
    cashiers: cashiers.map(({ id, t, sessionCount, difference }) => ({
      cashier_id: id,
      cashier_name: names.get(id) ?? id,
      session_count: sessionCount,
      transaction_count: t.sales_count,
      net_sales: money(t.net),
      discounts: money(t.discount),
      returns: money(t.refunds),
      average_transaction_value: money(averageTicket(t)),
      cash_difference: money(difference),
      returns_count: t.returns_count,
      sales_with_tax: money(t.gross),
      items_sold: quantityText(t.items_milli),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Shift reconciliation

export async function posShiftReconciliation(organization: ReportOrganization, query: PosDays & { session_id?: string }, now = new Date()): Promise<PosShiftReconciliationPublic> {
  const { start, end } = posDays(organization, query, now);
  const { currency } = organization;
  const money = (minor: number) => moneyText(minor, currency);
  const sessions = query.session_id
    ? [(await PosSession.get({ organization_id: organization.id, id: query.session_id }).go()).data].filter((s): s is PosSessionRecord => !!s)
    : await sessionsOpened(organization, start, end);
  const names = await cashierNames(
    sessions.map((s) => s.cashier_id),
    keptNames(sessions),
  );
  let expectedTotal = 0;
  let countedTotal = 0;
  let differenceTotal = 0;
  const rows = sessions.map((s) => {
    const expected = expectedCash(s);
    const counted = countedOf(s);
    expectedTotal = add(expectedTotal, expected);
    if (counted) {
      countedTotal = add(countedTotal, counted.cash);
      differenceTotal = add(differenceTotal, counted.cash - expected);
    }
    return {
      session_id: s.id,
      terminal_id: s.terminal_id,
      cashier_id: s.cashier_id,
      cashier_name: names.get(s.cashier_id) ?? s.cashier_id,
      status: s.status,
      opened_at: s.opened_at,
      closed_at: s.closed_at ?? null,
      opening_float: money(s.opening_float),
      cash_sales: money(figure(s, 't_cash_sales')),
      cash_refunds: money(figure(s, 't_cash_refunds')),
      cash_in: money(0),
      cash_out: money(0),
      expected_cash: money(expected),
      counted_cash: counted ? money(counted.cash) : null,
      difference: counted ? money(counted.cash - expected) : null,
      sales_count: figure(s, 'sales_count'),
      returns_count: figure(s, 'returns_count'),
      net_sales: money(figure(s, 'net')),
      expected: { cash: money(expected), card: money(tenderNet(s, 'card')), cliq: money(tenderNet(s, 'cliq')) },
      counted: counted
        ? { cash: money(counted.cash), card: counted.card === null ? null : money(counted.card), cliq: counted.cliq === null ? null : money(counted.cliq) }
        : null,
    };
  });
  return {
    session_id: query.session_id ?? null,
    start_date: start,
    end_date: end,
    currency,
    session_count: rows.length,
    totals: { expected_cash: money(expectedTotal), counted_cash: money(countedTotal), difference: money(differenceTotal) },
    sessions: rows,
  };
}

// ---------------------------------------------------------------------------------------------
// Dashboard

/** The dashboard's span in the organization's zone: today, yesterday, the last 7 or 30 days (today included), this or last month. */
export function posDashboardSpan(period: PosDashboardPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'current_month':
      return { from: `${monthOf(today)}-01`, to: lastDayOfMonth(monthOf(today)) };
    case 'last_month': {
      const month = monthOf(shiftMonths(today, -1));
      return { from: `${month}-01`, to: lastDayOfMonth(month) };
    }
  }
}

/** What the span is compared with: the calendar month before for month periods, else as many days just before. */
export function posPreviousSpan(period: PosDashboardPeriod, span: { from: string; to: string }): { from: string; to: string } {
  if (period === 'current_month' || period === 'last_month') {
    const month = monthOf(shiftMonths(span.from, -1));
    return { from: `${month}-01`, to: lastDayOfMonth(month) };
  }
  const length = daysBetween(span.from, span.to) + 1;
  return { from: addDays(span.from, -length), to: addDays(span.from, -1) };
}

/** How many of the busiest hours the dashboard shows. */
export const BUSIEST_HOURS = 3;

/** How many products the dashboard's top products show. */
export const TOP_PRODUCTS = 5;

type ProductDayItem = Pick<PosProductDayRecord, 'date' | 'product_id' | 'quantity_milli' | 'net' | 'name' | 'name_ar'>;

/**
 * The (day, product) figures from `from` to `to`, of one terminal when given: one Query of days ×
 * products items (a product sold on a day is one item, whatever the number of its sales).
 */
async function productDays(organizationId: string, from: string, to: string, terminalId?: string): Promise<ProductDayItem[]> {
  const attributes = ['date', 'product_id', 'quantity_milli', 'net', 'name', 'name_ar'] as const;
  // `<to>#~` closes the range after every product of the last day.
  const { data } = terminalId
    ? await PosTerminalProductDay.query.byDate({ organization_id: organizationId, terminal_id: terminalId }).between({ date: from }, { date: to, product_id: '~' }).go({ pages: 'all', attributes: [...attributes] })
    : await PosProductDay.query.byDate({ organization_id: organizationId }).between({ date: from }, { date: to, product_id: '~' }).go({ pages: 'all', attributes: [...attributes] });
  return data as ProductDayItem[];
}

/**
 * The products with the most net sales (returns taken off), most first; ties by quantity, then
 * name. Named as on their latest day. A product whose span is only returns is left out.
 */
export function topProducts(items: readonly ProductDayItem[], currency: string, count = TOP_PRODUCTS): PosDashboardMetricsPublic['top_products'] {
  const byProduct = new Map<string, { product_id: string; quantity: number; net: number; name: string; name_ar: string | null; date: string }>();
  for (const item of items) {
    const p = byProduct.get(item.product_id) ?? { product_id: item.product_id, quantity: 0, net: 0, name: item.product_id, name_ar: null, date: '' };
    p.quantity = add(p.quantity, item.quantity_milli ?? 0);
    p.net = add(p.net, item.net ?? 0);
    if (item.date >= p.date && item.name) Object.assign(p, { name: item.name, name_ar: item.name_ar ?? null, date: item.date });
    byProduct.set(item.product_id, p);
  }
  return [...byProduct.values()]
    .filter((p) => p.net > 0 || p.quantity > 0)
    .sort((a, b) => b.net - a.net || b.quantity - a.quantity || a.name.localeCompare(b.name) || a.product_id.localeCompare(b.product_id))
    .slice(0, count)
    .map((p) => ({ product_id: p.product_id, name: p.name, name_ar: p.name_ar, quantity: quantityText(p.quantity), net_sales: moneyText(p.net, currency) }));
}

export async function posDashboardMetrics(organization: ReportOrganization, query: { terminal_id?: string; period: PosDashboardPeriod }, now = new Date()): Promise<PosDashboardMetricsPublic> {
  const today = todayIn(organization.timezone, now);
  const span = posDashboardSpan(query.period, today);
  const previous = posPreviousSpan(query.period, span);
  const { currency } = organization;
  const money = (minor: number) => moneyText(minor, currency);
  // One Query over everything the dashboard compares: the previous span, the span and today.
  const first = [previous.from, span.from, today].sort()[0]!;
  const last = [span.to, today].sort()[1]!;
  const [items, terminals, products] = await Promise.all([
    terminalDays(organization.id, first, last, query.terminal_id),
    PosTerminal.query.byId({ organization_id: organization.id }).go({ pages: 'all' }),
    // Days of the span × the products sold on them (of the terminal asked for).
    productDays(organization.id, span.from, span.to, query.terminal_id),
  ]);
  const within = (range: { from: string; to: string }) => items.filter((item) => item.date >= range.from && item.date <= range.to);
  const t = tally(within(span));
  const before = tally(within(previous));
  const now_ = tally(within({ from: today, to: today }));
  const tills = terminals.data.filter((terminal) => !terminal.deleted && (!query.terminal_id || terminal.id === query.terminal_id));
  const hours = byHour(t, currency);
  const busiest = hours.filter((h) => h.transaction_count > 0).sort((a, b) => b.transaction_count - a.transaction_count || b.gross - a.gross || a.hour - b.hour).slice(0, BUSIEST_HOURS);
  return {
    period: query.period,
    from: span.from,
    to: span.to,
    terminal_id: query.terminal_id ?? null,
    currency,
    today_sales: money(now_.net),
    today_transactions: now_.sales_count,
    net_sales: money(t.net),
    transaction_count: t.sales_count,
    average_transaction_value: money(averageTicket(t)),
    items_sold: quantityText(t.items_milli),
    returns: money(t.refunds),
    open_sessions: tills.filter((terminal) => terminal.current_session_id).length,
    active_terminals: tills.filter((terminal) => terminal.is_active).length,
    top_products: topProducts(products, currency),
    by_payment_method: byPaymentMethod(t, currency),
    by_hour: hours.map(withoutGross),
    previous: {
      from: previous.from,
      to: previous.to,
      net_sales: money(before.net),
      transaction_count: before.sales_count,
      average_transaction_value: money(averageTicket(before)),
    },
    changes: {
      net_sales_percent: percentChange(t.net, before.net),
      transaction_count_percent: percentChange(t.sales_count, before.sales_count),
      average_transaction_value_percent: percentChange(averageTicket(t), averageTicket(before)),
    },
    busiest_hours: busiest.map(withoutGross),
    returns_count: t.returns_count,
    sales_with_tax: money(t.gross),
  };
}
