/**
 * The cash-flow forecast (issue 17): what will come in and go out each day of the next 30, 60 or 90
 * days, and the balance it leaves, with the parts that explain it. Pure — the server reads the
 * organization's history and open documents, passes them with `today` (the business date in
 * Asia/Amman) and stores what comes back; nothing here reads a clock or the database, so the
 * nightly job, the screen and the backtest (backtest.ts) compute the same figures.
 *
 * Sign convention: every component is a magnitude (zero or more) in integer minor units (fils);
 * inflow components add to the balance, outflow components take from it. `net = inflow − outflow`.
 *
 * The parts (each a rule written down so the owner can dispute it; docs/cashflow-forecast.md):
 *
 * - sales: level × weekday factor × season factor (calendar.ts: Ramadan, its last ten days, the
 *   days before al-Adha, each Eid), learned from the daily history (`fitSales`).
 * - receivables: each open invoice at its due date shifted by its customer's usual delay
 *   (`customerDelays`); an invoice already past that date is spread over the next days
 *   (`OVERDUE_SPREAD_DAYS`), and one more than `DOUBTFUL_AFTER_DAYS` past it is not counted.
 * - cheques_received / cheques_issued: post-dated cheques on their maturity date exactly (a matured
 *   cheque not yet cleared: tomorrow).
 * - payables: open bills on their due date (an overdue bill: tomorrow — the supplier is owed now).
 * - recurring: payments repeated at a regular period (rent, salaries, utilities) found in the
 *   payment history (`detectRecurring`), projected forward.
 * - spending: the day-to-day outflows that are neither bills nor recurring, by weekday.
 * - planned_in / planned_out: the owner's planned entries, as given.
 *
 * Money: every component of a day is computed exactly or as a real number and rounded once, to the
 * fil, half away from zero; the day's totals and the balances are sums of those integers, so the
 * screen's figures add up.
 */
import {
  SEASON_KINDS,
  addDays,
  dateOfDayNumber,
  dayNumber,
  daysBetween,
  daysInMonth,
  isDateText,
  seasonOf,
  weekday,
  type SeasonKind,
} from './calendar.js';

// ---------------------------------------------------------------------------------------------
// Inputs

export interface DailyFlow {
  date: string;
  /** Takings from sales that day: POS tenders and cash sales (fils, ≥ 0). */
  sales: number;
  /** Operating payments made that day and not against a bill, by category (fils, ≥ 0). */
  outflows?: Record<string, number>;
}

export interface PaymentRecord {
  date: string;
  amount: number;
  category: string;
  /** Who was paid; the recurring detection groups by payee, else by category. */
  payee?: string;
}

export interface PaidInvoice {
  customer_id: string;
  due_date: string;
  paid_date: string;
}

export interface OpenInvoice {
  id?: string;
  customer_id: string;
  due_date: string;
  /** What is still owed (fils, > 0). */
  amount: number;
}

export interface OpenPayable {
  id?: string;
  due_date: string;
  amount: number;
  payee?: string;
}

export interface PostDatedCheque {
  id?: string;
  /** received: a customer's cheque we hold (inflow); issued: ours to a supplier (outflow). */
  direction: 'received' | 'issued';
  maturity_date: string;
  amount: number;
}

export interface PlannedEntry {
  id?: string;
  date: string;
  /** Signed fils: + money in, − money out. */
  amount: number;
  description?: string;
}

export const COMPONENTS = ['sales', 'receivables', 'cheques_received', 'planned_in', 'payables', 'cheques_issued', 'recurring', 'spending', 'planned_out'] as const;
export type ComponentKey = (typeof COMPONENTS)[number];
export const INFLOW_COMPONENTS: readonly ComponentKey[] = ['sales', 'receivables', 'cheques_received', 'planned_in'];
export const OUTFLOW_COMPONENTS: readonly ComponentKey[] = ['payables', 'cheques_issued', 'recurring', 'spending', 'planned_out'];
export type Components = Record<ComponentKey, number>;

/**
 * An owner's change to the base, kept as a change so it stays true when the base is recomputed:
 * on each day from `from` to `to` (inclusive; `to` absent: that day only), the component becomes
 * component × (1 + percent/100) + amount. `amount` is fils per day and adds to the component's
 * magnitude (+ on an outflow component means more spending). A component never goes below zero.
 */
export interface Adjustment {
  id?: string;
  from: string;
  to?: string;
  component: ComponentKey;
  amount?: number;
  percent?: number;
  note?: string;
}

export interface ForecastInput {
  /** The business date the forecast is made on; it covers today+1 … today+days. */
  today: string;
  days: number;
  /** Cash and bank at the end of `today` (fils, may be negative). */
  opening_balance: number;
  /** Days whose closing balance is below this are listed in `below_threshold`. */
  threshold?: number;
  history: DailyFlow[];
  /** Individual payments for the recurring detection; absent: each day's outflow per category. */
  payments?: PaymentRecord[];
  paid_invoices?: PaidInvoice[];
  open_invoices?: OpenInvoice[];
  payables?: OpenPayable[];
  cheques?: PostDatedCheque[];
  planned?: PlannedEntry[];
  adjustments?: Adjustment[];
  /**
   * Relative error of the sales forecast for the scenarios (0.12 = ±12%); absent: the model's
   * in-sample error over the last eight weeks (the server may pass the measured WAPE instead).
   */
  sales_uncertainty?: number;
}

export class ForecastError extends Error {
  override name = 'ForecastError';
  constructor(
    readonly loc: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Rules (constants the doc names)

/** An overdue invoice (past its customer's usual date) is expected evenly over this many days from tomorrow. */
export const OVERDUE_SPREAD_DAYS = { base: 14, optimistic: 7, pessimistic: 28 } as const;
/** More than this many days past its expected date, an invoice is doubtful and not forecast. */
export const DOUBTFUL_AFTER_DAYS = 90;
/** Weight of the organization's median in a customer's delay, in payments (shrinkage). */
export const DELAY_PRIOR_PAYMENTS = 3;
/** Extra days the pessimistic scenario adds to each customer's late (75th percentile) delay. */
export const PESSIMISTIC_EXTRA_DELAY = 7;
/** Half-life of the weights of the sales level, in days. */
export const LEVEL_HALF_LIFE = 14;
/** Days of history the level is taken from. */
export const LEVEL_WINDOW = 28;
/** Minimum days of a season in the history before its factor is learned (else 1). */
export const MIN_SEASON_DAYS: Record<Exclude<SeasonKind, 'ordinary'>, number> = {
  eid_al_fitr: 2,
  eid_al_adha: 2,
  ramadan_last_ten: 5,
  ramadan: 7,
  before_eid_al_adha: 3,
};
/** Shrinkage of a season factor toward 1, in days: factor = (n × observed + K) / (n + K). */
export const SEASON_PRIOR_DAYS = 1;

// ---------------------------------------------------------------------------------------------
// Helpers

function round(x: number): number {
  // Half away from zero, once, at the end of a day's component.
  const r = Math.sign(x) * Math.round(Math.abs(x));
  return r === 0 ? 0 : r;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Linear-interpolated quantile (type 7, as R and numpy by default). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Splits whole fils over n days: the first `amount mod n` days get one fil more. Exact. */
export function splitEvenly(amount: number, n: number): number[] {
  const base = Math.floor(amount / n);
  const rest = amount - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

function checkDate(value: unknown, loc: (string | number)[]): string {
  if (!isDateText(value)) throw new ForecastError(loc, `must be a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

function checkFils(value: unknown, loc: (string | number)[], { signed = false, positive = false } = {}): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new ForecastError(loc, `must be a whole number of minor units, got ${JSON.stringify(value)}`);
  if (!signed && value < 0) throw new ForecastError(loc, `must be zero or more, got ${value}`);
  if (positive && value === 0) throw new ForecastError(loc, 'must not be zero');
  return value;
}

function checkInput(input: ForecastInput): void {
  checkDate(input.today, ['today']);
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 366) throw new ForecastError(['days'], `must be a whole number from 1 to 366, got ${input.days}`);
  checkFils(input.opening_balance, ['opening_balance'], { signed: true });
  if (input.threshold !== undefined) checkFils(input.threshold, ['threshold'], { signed: true });
  input.history.forEach((day, i) => {
    checkDate(day.date, ['history', i, 'date']);
    checkFils(day.sales, ['history', i, 'sales']);
    for (const [category, amount] of Object.entries(day.outflows ?? {})) checkFils(amount, ['history', i, 'outflows', category]);
  });
  input.payments?.forEach((p, i) => {
    checkDate(p.date, ['payments', i, 'date']);
    checkFils(p.amount, ['payments', i, 'amount']);
  });
  input.paid_invoices?.forEach((p, i) => {
    checkDate(p.due_date, ['paid_invoices', i, 'due_date']);
    checkDate(p.paid_date, ['paid_invoices', i, 'paid_date']);
  });
  input.open_invoices?.forEach((p, i) => {
    checkDate(p.due_date, ['open_invoices', i, 'due_date']);
    checkFils(p.amount, ['open_invoices', i, 'amount']);
  });
  input.payables?.forEach((p, i) => {
    checkDate(p.due_date, ['payables', i, 'due_date']);
    checkFils(p.amount, ['payables', i, 'amount']);
  });
  input.cheques?.forEach((c, i) => {
    if (c.direction !== 'received' && c.direction !== 'issued') throw new ForecastError(['cheques', i, 'direction'], `must be received or issued, got ${JSON.stringify(c.direction)}`);
    checkDate(c.maturity_date, ['cheques', i, 'maturity_date']);
    checkFils(c.amount, ['cheques', i, 'amount']);
  });
  input.planned?.forEach((p, i) => {
    checkDate(p.date, ['planned', i, 'date']);
    checkFils(p.amount, ['planned', i, 'amount'], { signed: true, positive: true });
  });
  input.adjustments?.forEach((a, i) => checkAdjustment(a, ['adjustments', i]));
  if (input.sales_uncertainty !== undefined && !(input.sales_uncertainty >= 0 && input.sales_uncertainty <= 1)) {
    throw new ForecastError(['sales_uncertainty'], `must be from 0 to 1, got ${input.sales_uncertainty}`);
  }
}

export function checkAdjustment(a: Adjustment, loc: (string | number)[] = []): void {
  checkDate(a.from, [...loc, 'from']);
  if (a.to !== undefined) {
    checkDate(a.to, [...loc, 'to']);
    if (a.to < a.from) throw new ForecastError([...loc, 'to'], 'must not be before from');
  }
  if (!(COMPONENTS as readonly string[]).includes(a.component)) throw new ForecastError([...loc, 'component'], `must be one of ${COMPONENTS.join(', ')}`);
  if (a.amount === undefined && a.percent === undefined) throw new ForecastError([...loc], 'needs an amount or a percent');
  if (a.amount !== undefined) checkFils(a.amount, [...loc, 'amount'], { signed: true });
  if (a.percent !== undefined && !(Number.isFinite(a.percent) && a.percent >= -100 && a.percent <= 1000)) {
    throw new ForecastError([...loc, 'percent'], `must be from -100 to 1000, got ${a.percent}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Sales: level × weekday × season

export interface SalesModel {
  /** Deseasonalised daily sales at `today` (fils per day, unrounded). */
  level: number;
  /** Index 0 = Sunday … 6 = Saturday; their mean is 1. */
  weekday_factors: number[];
  season_factors: Record<SeasonKind, number>;
  /** Days of each season found in the history. */
  season_days: Record<SeasonKind, number>;
  /** Σ|sales − fitted| / Σ sales over the last eight weeks (0 without history). */
  in_sample_error: number;
  history_days: number;
}

const ONES = (): number[] => [1, 1, 1, 1, 1, 1, 1];

/**
 * Learns the sales pattern from the days up to `today` (later days are ignored). Steps:
 * 1. A local baseline for each day: the mean of the ordinary days' sales within ±14 days (±42
 *    when fewer than 7 are there, as in the middle of Ramadan), divided by their weekday factors
 *    from the second pass on.
 * 2. Weekday factors: Σ sales / Σ baseline over ordinary days of that weekday (a ratio of sums:
 *    a Friday with no sales is a zero, not a division by zero), normalised to a mean of 1; with
 *    less than two weeks of history, all 1.
 * 3. Season factors: Σ sales / Σ (baseline × weekday) over the days of each season, shrunk
 *    toward 1 and only when the history has enough of them (MIN_SEASON_DAYS); else 1.
 * 4. Level: Σ w·sales / Σ w·(weekday × season) over the last LEVEL_WINDOW days, w halving every
 *    LEVEL_HALF_LIFE days — recent weeks count most, a holiday does not drag the level down.
 */
export function fitSales(history: readonly DailyFlow[], today: string): SalesModel {
  const days = history.filter((d) => d.date <= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const seasonDays = Object.fromEntries(SEASON_KINDS.map((k) => [k, 0])) as Record<SeasonKind, number>;
  const seasonFactors = Object.fromEntries(SEASON_KINDS.map((k) => [k, 1])) as Record<SeasonKind, number>;
  if (days.length === 0) return { level: 0, weekday_factors: ONES(), season_factors: seasonFactors, season_days: seasonDays, in_sample_error: 0, history_days: 0 };

  const first = dayNumber(days[0]!.date);
  const span = dayNumber(days[days.length - 1]!.date) - first + 1;
  const sales = new Float64Array(span).fill(NaN);
  const kind: SeasonKind[] = new Array<SeasonKind>(span).fill('ordinary');
  const wd = new Int8Array(span);
  for (let i = 0; i < span; i++) {
    const date = dateOfDayNumber(first + i);
    kind[i] = seasonOf(date);
    wd[i] = weekday(date);
  }
  for (const d of days) sales[dayNumber(d.date) - first] = (Number.isNaN(sales[dayNumber(d.date) - first]!) ? 0 : sales[dayNumber(d.date) - first]!) + d.sales;
  for (let i = 0; i < span; i++) if (!Number.isNaN(sales[i]!)) seasonDays[kind[i]!] += 1;
  const present = (i: number) => !Number.isNaN(sales[i]!);

  // Baseline from ordinary days, sales divided by weekday factor (prefix sums for the windows).
  const baselineWith = (factors: number[]): Float64Array => {
    const sum = new Float64Array(span + 1);
    const weight = new Float64Array(span + 1);
    const count = new Float64Array(span + 1);
    for (let i = 0; i < span; i++) {
      const ordinary = present(i) && kind[i] === 'ordinary';
      sum[i + 1] = sum[i]! + (ordinary ? sales[i]! : 0);
      weight[i + 1] = weight[i]! + (ordinary ? factors[wd[i]!]! : 0);
      count[i + 1] = count[i]! + (ordinary ? 1 : 0);
    }
    const out = new Float64Array(span);
    let all = 0;
    let allWeight = 0;
    for (let i = 0; i < span; i++) if (present(i)) { all += sales[i]!; allWeight += factors[wd[i]!]!; }
    const fallback = allWeight > 0 ? all / allWeight : 0;
    for (let i = 0; i < span; i++) {
      let value = fallback;
      for (const half of [14, 42]) {
        const lo = Math.max(0, i - half);
        const hi = Math.min(span, i + half + 1);
        if (count[hi]! - count[lo]! >= 7 && weight[hi]! - weight[lo]! > 0) { value = (sum[hi]! - sum[lo]!) / (weight[hi]! - weight[lo]!); break; }
      }
      out[i] = value;
    }
    return out;
  };

  let weekdayFactors = ONES();
  let baseline = baselineWith(weekdayFactors);
  if (days.length >= 14) {
    for (let pass = 0; pass < 2; pass++) {
      const num = new Float64Array(7);
      const den = new Float64Array(7);
      for (let i = 0; i < span; i++) {
        if (!present(i) || kind[i] !== 'ordinary') continue;
        num[wd[i]!]! += sales[i]!;
        den[wd[i]!]! += baseline[i]!;
      }
      const raw = Array.from({ length: 7 }, (_, w) => (den[w]! > 0 ? num[w]! / den[w]! : 1));
      const mean = raw.reduce((a, b) => a + b, 0) / 7;
      weekdayFactors = mean > 0 ? raw.map((f) => f / mean) : ONES();
      baseline = baselineWith(weekdayFactors);
    }
  }

  for (const season of SEASON_KINDS) {
    if (season === 'ordinary') continue;
    let num = 0;
    let den = 0;
    let n = 0;
    for (let i = 0; i < span; i++) {
      if (!present(i) || kind[i] !== season) continue;
      num += sales[i]!;
      den += baseline[i]! * weekdayFactors[wd[i]!]!;
      n += 1;
    }
    if (n >= MIN_SEASON_DAYS[season] && den > 0) seasonFactors[season] = (n * (num / den) + SEASON_PRIOR_DAYS) / (n + SEASON_PRIOR_DAYS);
  }

  const end = dayNumber(today);
  let num = 0;
  let den = 0;
  for (let i = Math.max(0, end - first - LEVEL_WINDOW + 1); i < span; i++) {
    if (!present(i)) continue;
    const w = 0.5 ** ((end - first - i) / LEVEL_HALF_LIFE);
    num += w * sales[i]!;
    den += w * weekdayFactors[wd[i]!]! * seasonFactors[kind[i]!];
  }
  // No day of the window had any expected sales (a fortnight of Fridays?): the last baseline.
  const level = den > 0 ? num / den : baseline[span - 1]!;

  let errors = 0;
  let total = 0;
  for (let i = Math.max(0, span - 56); i < span; i++) {
    if (!present(i)) continue;
    errors += Math.abs(sales[i]! - baseline[i]! * weekdayFactors[wd[i]!]! * seasonFactors[kind[i]!]);
    total += sales[i]!;
  }
  return {
    level,
    weekday_factors: weekdayFactors,
    season_factors: seasonFactors,
    season_days: seasonDays,
    in_sample_error: total > 0 ? errors / total : 0,
    history_days: days.length,
  };
}

/** Expected sales of a date (unrounded fils). */
export function expectedSales(model: SalesModel, date: string): number {
  return model.level * model.weekday_factors[weekday(date)]! * model.season_factors[seasonOf(date)];
}

// ---------------------------------------------------------------------------------------------
// Customers' payment delays

export interface CustomerDelay {
  customer_id: string;
  /** Payments observed. */
  payments: number;
  /** Usual delay in days after the due date (negative: pays early), shrunk toward the organization's. */
  delay: number;
  /** Early and late delays (25th and 75th percentiles, shrunk the same way) for the scenarios. */
  early: number;
  late: number;
}

export interface DelayTable {
  organization: { payments: number; delay: number; early: number; late: number };
  customers: Map<string, CustomerDelay>;
}

/**
 * A customer's delay = (n × their median + K × the organization's median) / (n + K), K =
 * DELAY_PRIOR_PAYMENTS, rounded to whole days: one late payment does not make a late payer, many do.
 * A customer never seen pays like the organization; an organization with no history, on the due date.
 */
export function customerDelays(paid: readonly PaidInvoice[]): DelayTable {
  const byCustomer = new Map<string, number[]>();
  const all: number[] = [];
  for (const p of paid) {
    const delay = daysBetween(p.due_date, p.paid_date);
    all.push(delay);
    const list = byCustomer.get(p.customer_id) ?? [];
    list.push(delay);
    byCustomer.set(p.customer_id, list);
  }
  const org = { payments: all.length, delay: round(median(all)), early: round(quantile(all, 0.25)), late: round(quantile(all, 0.75)) };
  const shrink = (own: number, n: number, prior: number) => round((n * own + DELAY_PRIOR_PAYMENTS * prior) / (n + DELAY_PRIOR_PAYMENTS));
  const customers = new Map<string, CustomerDelay>();
  for (const [customer_id, delays] of byCustomer) {
    const n = delays.length;
    customers.set(customer_id, {
      customer_id,
      payments: n,
      delay: shrink(median(delays), n, org.delay),
      early: shrink(quantile(delays, 0.25), n, org.early),
      late: shrink(quantile(delays, 0.75), n, org.late),
    });
  }
  return { organization: org, customers };
}

// ---------------------------------------------------------------------------------------------
// Recurring payments

export type RecurringPeriod = 'weekly' | 'biweekly' | 'monthly' | 'quarterly';

export interface RecurringSeries {
  /** What groups the payments: `payee:<name>` or `category:<name>`. */
  key: string;
  payee?: string;
  category: string;
  period: RecurringPeriod;
  /** Median of the last three amounts (fils). */
  amount: number;
  /** Monthly and quarterly: the day of the month it falls on. */
  day_of_month?: number;
  last_date: string;
  occurrences: number;
  /** Dates of the payments that made the series (the spending component leaves them out). */
  dates: string[];
}

const PERIODS: { period: RecurringPeriod; min: number; max: number; days: number; tolerance: number }[] = [
  { period: 'weekly', min: 6, max: 8, days: 7, tolerance: 1 },
  { period: 'biweekly', min: 12, max: 16, days: 14, tolerance: 2 },
  { period: 'monthly', min: 26, max: 35, days: 30.44, tolerance: 4 },
  { period: 'quarterly', min: 84, max: 98, days: 91.3, tolerance: 10 },
];

/**
 * Finds payments that repeat: grouped by payee (else category), payments of the same day added
 * together, the last twelve looked at. A series needs at least three payments, a median interval
 * in one of the bands above, at least two thirds of its intervals within the band's tolerance of the
 * period, and a last payment recent enough that it has not stopped (no older than 1.5 periods +
 * tolerance before today). The amount is the median of the last three (salaries rise, a bill varies).
 */
export function detectRecurring(payments: readonly PaymentRecord[], today: string): RecurringSeries[] {
  const groups = new Map<string, { payee?: string; category: string; byDate: Map<string, number> }>();
  for (const p of payments) {
    if (p.date > today || p.amount <= 0) continue;
    const key = p.payee ? `payee:${p.payee.trim().toLowerCase()}` : `category:${p.category}`;
    const group = groups.get(key) ?? { ...(p.payee ? { payee: p.payee } : {}), category: p.category, byDate: new Map<string, number>() };
    group.byDate.set(p.date, (group.byDate.get(p.date) ?? 0) + p.amount);
    groups.set(key, group);
  }
  const series: RecurringSeries[] = [];
  for (const [key, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dated = [...group.byDate].sort(([a], [b]) => (a < b ? -1 : 1)).slice(-12);
    if (dated.length < 3) continue;
    const intervals = dated.slice(1).map(([date], i) => daysBetween(dated[i]![0], date));
    const m = median(intervals);
    const band = PERIODS.find((b) => m >= b.min && m <= b.max);
    if (!band) continue;
    const regular = intervals.filter((d) => Math.abs(d - band.days) <= band.tolerance + (band.period === 'monthly' ? 1 : 0)).length;
    if (regular * 3 < intervals.length * 2) continue;
    const last = dated[dated.length - 1]![0];
    if (daysBetween(last, today) > 1.5 * band.days + band.tolerance) continue;
    const lastThree = dated.slice(-3);
    const s: RecurringSeries = {
      key,
      category: group.category,
      period: band.period,
      amount: round(median(lastThree.map(([, a]) => a))),
      last_date: last,
      occurrences: dated.length,
      dates: dated.map(([d]) => d),
    };
    if (group.payee) s.payee = group.payee;
    if (band.period === 'monthly' || band.period === 'quarterly') s.day_of_month = round(median(lastThree.map(([d]) => Number(d.slice(8, 10)))));
    series.push(s);
  }
  return series;
}

function monthDate(year: number, month: number, day: number): string {
  // month may run past 12; the day is kept inside the month (the 31st in February is the 28th/29th).
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Dates of a series' next payments from tomorrow to `last_day`. A payment that was due on or
 * before today (within the period's tolerance) and has not been seen is expected tomorrow; one
 * further behind is taken as skipped.
 */
export function projectRecurring(s: RecurringSeries, today: string, lastDay: string): string[] {
  const band = PERIODS.find((b) => b.period === s.period)!;
  const tomorrow = addDays(today, 1);
  const candidates: string[] = [];
  if (s.period === 'weekly' || s.period === 'biweekly') {
    for (let k = 1; ; k++) {
      const date = addDays(s.last_date, k * band.days);
      if (date > lastDay) break;
      candidates.push(date);
    }
  } else {
    const step = s.period === 'monthly' ? 1 : 3;
    const y = Number(s.last_date.slice(0, 4));
    const m = Number(s.last_date.slice(5, 7));
    for (let k = 0; ; k += step) {
      const date = monthDate(y, m + k, s.day_of_month ?? Number(s.last_date.slice(8, 10)));
      if (date > lastDay) break;
      // The payment of the last one's own period is the last one (paid early or late).
      if (daysBetween(s.last_date, date) > band.days / 2) candidates.push(date);
    }
  }
  const out: string[] = [];
  for (const date of candidates) {
    if (date >= tomorrow) out.push(date);
    else if (daysBetween(date, today) <= band.tolerance) out.push(tomorrow);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The forecast

export type ScenarioName = 'base' | 'optimistic' | 'pessimistic' | 'custom';

export interface ForecastDay {
  date: string;
  opening: number;
  inflow: number;
  outflow: number;
  net: number;
  closing: number;
  components: Components;
}

export interface ScenarioForecast {
  scenario: ScenarioName;
  days: ForecastDay[];
  totals: { inflow: number; outflow: number; net: number; components: Components };
  closing_balance: number;
  lowest: { date: string; balance: number };
  /** Dates whose closing balance is below the threshold (empty without one). */
  below_threshold: string[];
}

export interface ForecastResult {
  made_on: string;
  days: number;
  opening_balance: number;
  base: ScenarioForecast;
  optimistic: ScenarioForecast;
  pessimistic: ScenarioForecast;
  /** The base with the owner's adjustments; absent when there are none. */
  custom?: ScenarioForecast;
  /** What the model learned, for the screen's explanations. */
  model: {
    sales: SalesModel;
    sales_uncertainty: number;
    delays: { organization: DelayTable['organization']; customers: CustomerDelay[] };
    recurring: RecurringSeries[];
    /** Open invoices left out as doubtful (fils). */
    doubtful_receivables: number;
    spending_by_weekday: number[];
  };
}

type Raw = Record<ComponentKey, Float64Array>;

const emptyRaw = (n: number): Raw => Object.fromEntries(COMPONENTS.map((c) => [c, new Float64Array(n)])) as Raw;

interface Variant {
  sales: number;
  delay: 'delay' | 'early' | 'late';
  extra_delay: number;
  spread: number;
}

const VARIANTS: Record<'base' | 'optimistic' | 'pessimistic', (u: number) => Variant> = {
  base: () => ({ sales: 1, delay: 'delay', extra_delay: 0, spread: OVERDUE_SPREAD_DAYS.base }),
  optimistic: (u) => ({ sales: 1 + u, delay: 'early', extra_delay: 0, spread: OVERDUE_SPREAD_DAYS.optimistic }),
  pessimistic: (u) => ({ sales: 1 - u, delay: 'late', extra_delay: PESSIMISTIC_EXTRA_DELAY, spread: OVERDUE_SPREAD_DAYS.pessimistic }),
};

/**
 * The forecast of `input.days` days from tomorrow, in three scenarios (and the owner's, when there
 * are adjustments):
 * - base: the rules above;
 * - optimistic: sales × (1 + u), each customer at their early (25th percentile) delay, overdue
 *   invoices over 7 days;
 * - pessimistic: sales × (1 − u), each customer at their late (75th percentile) delay + 7 days,
 *   overdue invoices over 28 days;
 * - custom: the base with `adjustments` applied.
 * u is `sales_uncertainty`, or the model's in-sample error clamped to 5%–50%. Payables, cheques,
 * recurring payments, spending and planned entries are the same in every scenario: they are known
 * or contracted.
 */
export function forecastCashFlow(input: ForecastInput): ForecastResult {
  checkInput(input);
  const { today, days: n } = input;
  const first = addDays(today, 1);
  const lastDay = addDays(today, n);
  const dates = Array.from({ length: n }, (_, i) => addDays(first, i));
  const index = (date: string) => daysBetween(first, date);

  const sales = fitSales(input.history, today);
  const uncertainty = input.sales_uncertainty ?? Math.min(0.5, Math.max(0.05, sales.in_sample_error));
  const delays = customerDelays((input.paid_invoices ?? []).filter((p) => p.paid_date <= today));

  // Recurring payments, and the day-to-day spending that is not part of them.
  const payments: PaymentRecord[] = input.payments
    ? [...input.payments]
    : input.history.flatMap((d) => Object.entries(d.outflows ?? {}).map(([category, amount]) => ({ date: d.date, amount, category })));
  const recurring = detectRecurring(payments, today);
  const recurringDates = new Set(recurring.flatMap((s) => s.dates.map((d) => `${s.key}|${d}`)));
  const spendingByWeekday = spendingPattern(input.history, payments, recurringDates, today);

  const doubtful = { amount: 0 };
  const shared = emptyRaw(n);
  for (const p of input.payables ?? []) {
    const date = p.due_date < first ? first : p.due_date;
    if (date <= lastDay) shared.payables[index(date)]! += p.amount;
  }
  for (const c of input.cheques ?? []) {
    const date = c.maturity_date < first ? first : c.maturity_date;
    if (date > lastDay) continue;
    if (c.direction === 'received') shared.cheques_received[index(date)]! += c.amount;
    else shared.cheques_issued[index(date)]! += c.amount;
  }
  for (const p of input.planned ?? []) {
    if (p.date < first || p.date > lastDay) continue;
    if (p.amount > 0) shared.planned_in[index(p.date)]! += p.amount;
    else shared.planned_out[index(p.date)]! += -p.amount;
  }
  const payableNear = (payee: string | undefined, date: string) =>
    !!payee && (input.payables ?? []).some((p) => p.payee?.trim().toLowerCase() === payee.trim().toLowerCase() && Math.abs(daysBetween(p.due_date, date)) <= 7);
  for (const s of recurring) {
    for (const date of projectRecurring(s, today, lastDay)) {
      // Entered as a bill already: the payables carry it; counting the habit too would pay twice.
      if (payableNear(s.payee, date)) continue;
      shared.recurring[index(date)]! += s.amount;
    }
  }
  dates.forEach((date, i) => { shared.spending[i] = spendingByWeekday[weekday(date)]!; });

  const build = (name: 'base' | 'optimistic' | 'pessimistic'): Raw => {
    const v = VARIANTS[name](uncertainty);
    const raw = emptyRaw(n);
    for (const c of COMPONENTS) raw[c].set(shared[c]);
    dates.forEach((date, i) => { raw.sales[i] = expectedSales(sales, date) * v.sales; });
    const counted = placeReceivables(input.open_invoices ?? [], delays, v, today, lastDay, raw.receivables);
    if (name === 'base') doubtful.amount = counted.doubtful;
    return raw;
  };

  const baseRaw = build('base');
  const result: ForecastResult = {
    made_on: today,
    days: n,
    opening_balance: input.opening_balance,
    base: finish('base', baseRaw, dates, input),
    optimistic: finish('optimistic', build('optimistic'), dates, input),
    pessimistic: finish('pessimistic', build('pessimistic'), dates, input),
    model: {
      sales,
      sales_uncertainty: uncertainty,
      delays: { organization: delays.organization, customers: [...delays.customers.values()].sort((a, b) => (a.customer_id < b.customer_id ? -1 : 1)) },
      recurring,
      doubtful_receivables: doubtful.amount,
      spending_by_weekday: spendingByWeekday.map(round),
    },
  };
  if (input.adjustments?.length) result.custom = finish('custom', applyAdjustments(baseRaw, dates, input.adjustments), dates, input);
  return result;
}

/** Day-to-day spending by weekday: the mean over the last eight weeks of outflows not in a recurring series. */
function spendingPattern(history: readonly DailyFlow[], payments: readonly PaymentRecord[], recurringDates: Set<string>, today: string): number[] {
  const from = addDays(today, -55);
  const days = history.filter((d) => d.date >= from && d.date <= today);
  if (days.length === 0) return [0, 0, 0, 0, 0, 0, 0];
  const recurringByDate = new Map<string, number>();
  for (const p of payments) {
    const key = p.payee ? `payee:${p.payee.trim().toLowerCase()}` : `category:${p.category}`;
    if (p.date >= from && p.date <= today && recurringDates.has(`${key}|${p.date}`)) recurringByDate.set(p.date, (recurringByDate.get(p.date) ?? 0) + p.amount);
  }
  const sum = new Float64Array(7);
  const count = new Float64Array(7);
  for (const d of days) {
    const total = Object.values(d.outflows ?? {}).reduce((a, b) => a + b, 0);
    const w = weekday(d.date);
    sum[w]! += Math.max(0, total - (recurringByDate.get(d.date) ?? 0));
    count[w]! += 1;
  }
  const overall = sum.reduce((a, b) => a + b, 0) / days.length;
  return Array.from({ length: 7 }, (_, w) => (count[w]! > 0 ? sum[w]! / count[w]! : overall));
}

/**
 * Open invoices: due date + the customer's delay. Not before tomorrow: an invoice whose expected
 * date has passed is spread evenly (to the fil) over the next `spread` days — the customer is late
 * by their own standard and will most likely pay soon, but not on a day anyone can name; more than
 * DOUBTFUL_AFTER_DAYS past it, it is doubtful and left out (the screen lists it).
 */
function placeReceivables(invoices: readonly OpenInvoice[], delays: DelayTable, v: Variant, today: string, lastDay: string, out: Float64Array): { doubtful: number } {
  const first = addDays(today, 1);
  let doubtful = 0;
  for (const inv of invoices) {
    const habit = delays.customers.get(inv.customer_id) ?? { ...delays.organization };
    const expected = addDays(inv.due_date, habit[v.delay] + v.extra_delay);
    if (expected >= first) {
      if (expected <= lastDay) out[daysBetween(first, expected)]! += inv.amount;
      continue;
    }
    if (daysBetween(expected, today) > DOUBTFUL_AFTER_DAYS) { doubtful += inv.amount; continue; }
    splitEvenly(inv.amount, v.spread).forEach((part, i) => {
      const date = addDays(first, i);
      if (date <= lastDay) out[i]! += part;
    });
  }
  return { doubtful };
}

/** The owner's changes on top of the (recomputed) base, in the order given, before rounding. */
export function applyAdjustments(base: Raw, dates: readonly string[], adjustments: readonly Adjustment[]): Raw {
  const raw = emptyRaw(dates.length);
  for (const c of COMPONENTS) raw[c].set(base[c]);
  for (const a of adjustments) {
    const to = a.to ?? a.from;
    dates.forEach((date, i) => {
      if (date < a.from || date > to) return;
      const value = raw[a.component][i]! * (1 + (a.percent ?? 0) / 100) + (a.amount ?? 0);
      raw[a.component][i] = Math.max(0, value);
    });
  }
  return raw;
}

function finish(scenario: ScenarioName, raw: Raw, dates: readonly string[], input: ForecastInput): ScenarioForecast {
  let balance = input.opening_balance;
  const totals = { inflow: 0, outflow: 0, net: 0, components: Object.fromEntries(COMPONENTS.map((c) => [c, 0])) as Components };
  let lowest = { date: input.today, balance };
  const below: string[] = [];
  const days = dates.map((date, i): ForecastDay => {
    const components = Object.fromEntries(COMPONENTS.map((c) => [c, round(raw[c][i]!)])) as Components;
    const inflow = INFLOW_COMPONENTS.reduce((s, c) => s + components[c], 0);
    const outflow = OUTFLOW_COMPONENTS.reduce((s, c) => s + components[c], 0);
    const opening = balance;
    balance = opening + inflow - outflow;
    for (const c of COMPONENTS) totals.components[c] += components[c];
    totals.inflow += inflow;
    totals.outflow += outflow;
    if (i === 0 || balance < lowest.balance) lowest = { date, balance };
    if (input.threshold !== undefined && balance < input.threshold) below.push(date);
    return { date, opening, inflow, outflow, net: inflow - outflow, closing: balance, components };
  });
  totals.net = totals.inflow - totals.outflow;
  return { scenario, days, totals, closing_balance: balance, lowest, below_threshold: below };
}

// ---------------------------------------------------------------------------------------------
// Accuracy of past forecasts

export interface StoredForecast {
  /** The day the forecast was made; its days are made_on+1 … */
  made_on: string;
  days: { date: string; net: number }[];
}

export interface ActualDay {
  date: string;
  net: number;
}

export interface ErrorBandDay {
  /** Days after the forecast was made (1 = tomorrow). */
  day: number;
  /** Add to a forecast's closing balance of that day for the band's low and high edges (fils). */
  low: number;
  high: number;
}

export interface AccuracyReport {
  horizon: number;
  forecasts_compared: number;
  days_compared: number;
  /** Mean absolute daily error (fils), null when nothing could be compared. */
  mae: number | null;
  /** Σ|forecast − actual| / Σ|actual|, 4 decimals. */
  wape: number | null;
  /** Σ(forecast − actual) / Σ|actual|: positive, the forecasts were too high. */
  bias: number | null;
  /** For each day of the horizon, the 10th–90th percentile of past cumulative errors, turned into offsets. */
  band: ErrorBandDay[];
}

const ratio4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * How far past forecasts were from what happened, for the first `horizon` days of each. A stored
 * forecast counts once all of those days have an actual (its dates have passed) and it has a figure
 * for each; the others wait. The band: for each day k, the cumulative error Σ(forecast − actual)
 * to day k of every compared forecast; the balance that actually came was the forecast's minus
 * that, so the band's offsets are −q90 (low) and −q10 (high).
 */
export function forecastAccuracy(forecasts: readonly StoredForecast[], actuals: readonly ActualDay[], horizon: number): AccuracyReport {
  if (!Number.isInteger(horizon) || horizon < 1) throw new ForecastError(['horizon'], `must be a whole number of days, got ${horizon}`);
  const actual = new Map<string, number>();
  for (const a of actuals) actual.set(a.date, (actual.get(a.date) ?? 0) + a.net);
  let absError = 0;
  let signedError = 0;
  let absActual = 0;
  let daysCompared = 0;
  let compared = 0;
  const cumulative: number[][] = Array.from({ length: horizon }, () => []);
  for (const f of forecasts) {
    const byDate = new Map(f.days.map((d) => [d.date, d.net]));
    const rows: [number, number][] = [];
    for (let k = 1; k <= horizon; k++) {
      const date = addDays(f.made_on, k);
      const a = actual.get(date);
      const p = byDate.get(date);
      if (a === undefined || p === undefined) break;
      rows.push([p, a]);
    }
    if (rows.length < horizon) continue;
    compared += 1;
    let running = 0;
    rows.forEach(([p, a], k) => {
      absError += Math.abs(p - a);
      signedError += p - a;
      absActual += Math.abs(a);
      daysCompared += 1;
      running += p - a;
      cumulative[k]!.push(running);
    });
  }
  return {
    horizon,
    forecasts_compared: compared,
    days_compared: daysCompared,
    mae: daysCompared ? round(absError / daysCompared) : null,
    wape: absActual ? ratio4(absError / absActual) : null,
    bias: absActual ? ratio4(signedError / absActual) : null,
    band: compared ? cumulative.map((errors, k) => ({ day: k + 1, low: round(-quantile(errors, 0.9)), high: round(-quantile(errors, 0.1)) })) : [],
  };
}

/** The chart's band: each day's closing balance with the accuracy band's offsets (fils). */
export function balanceBand(forecast: ScenarioForecast, band: readonly ErrorBandDay[]): { date: string; closing: number; low: number; high: number }[] {
  return forecast.days.map((d, i) => {
    const b = band[i];
    return { date: d.date, closing: d.closing, low: d.closing + (b?.low ?? 0), high: d.closing + (b?.high ?? 0) };
  });
}

/** One line per horizon for `forecast/summary`: how the base ends and its lowest point. */
export function forecastSummary(result: ForecastResult, horizons: readonly number[] = [30, 60, 90]) {
  return horizons
    .filter((h) => h <= result.days)
    .map((h) => {
      const days = result.base.days.slice(0, h);
      const net = days.reduce((s, d) => s + d.net, 0);
      let lowest = { date: result.made_on, balance: result.opening_balance };
      days.forEach((d, i) => { if (i === 0 || d.closing < lowest.balance) lowest = { date: d.date, balance: d.closing }; });
      return { days: h, net, closing_balance: result.opening_balance + net, lowest, below_threshold: result.base.below_threshold.filter((date) => date <= days[days.length - 1]!.date).length };
    });
}
