/**
 * The forecast's backtest (issue 17): a generated two-year history of a Jordanian shop and a
 * rolling-origin comparison of the model (forecast.ts) with a naive forecast that repeats the last
 * 30 days. Deterministic: one seeded PRNG, no clock, so the figures quoted in
 * docs/cashflow-forecast.md come out the same on every machine.
 *
 * The shop (all amounts in fils):
 * - till sales ≈ 700 JOD a day growing 10% a year, by weekday (Thursday high, Friday mostly closed),
 *   Ramadan higher and its last ten days much higher (Eid shopping), the Eid days low, the days before
 *   al-Adha high — on the real dates of 2023 and 2024 (calendar.ts) — with ±12% noise;
 * - credit customers invoiced on 30-day terms, each paying late (or early) by their own habit;
 *   two of them hand a post-dated cheque when invoiced, maturing up to a month after the due date;
 * - weekly supplier bills (≈ 30% of the week's sales) on 30-day terms; one supplier is paid by a
 *   post-dated cheque of ours maturing 15 days after the due date;
 * - rent on the 1st (the 2nd when the 1st is a Friday), salaries on the 28th (raised 5% in the second
 *   year), electricity around the 12th, internet on the 5th, and petty cash spending most days.
 */
import { addDays, daysBetween, seasonOf, weekday } from './calendar.js';
import {
  forecastAccuracy,
  forecastCashFlow,
  type AccuracyReport,
  type DailyFlow,
  type OpenInvoice,
  type OpenPayable,
  type PaidInvoice,
  type PaymentRecord,
  type PostDatedCheque,
  type StoredForecast,
} from './forecast.js';

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ShopInvoice {
  id: string;
  customer_id: string;
  issue_date: string;
  due_date: string;
  amount: number;
  /** Paid in cash or by transfer on this date; null when paid by cheque. */
  paid_date: string | null;
}

export interface ShopCheque extends PostDatedCheque {
  id: string;
  /** The day the cheque changed hands. */
  handed_on: string;
}

export interface ShopBill {
  id: string;
  payee: string;
  issue_date: string;
  due_date: string;
  amount: number;
  /** Paid from the bank on this date; null when paid by cheque. */
  paid_date: string | null;
}

export interface SyntheticShop {
  first: string;
  last: string;
  opening_balance: number;
  /** Till sales per day and the day-to-day payments by category. */
  history: DailyFlow[];
  payments: PaymentRecord[];
  invoices: ShopInvoice[];
  bills: ShopBill[];
  cheques: ShopCheque[];
  /** What actually moved the bank each day: all of the above, as the ledger would record it. */
  actual_net: Map<string, number>;
}

const JOD = 1000;
const WEEKDAY = [0.95, 0.9, 0.9, 1.0, 1.35, 0.3, 1.15]; // Sunday … Saturday
const SEASON = { ordinary: 1, ramadan: 1.2, ramadan_last_ten: 1.6, eid_al_fitr: 0.35, before_eid_al_adha: 1.3, eid_al_adha: 0.5 } as const;
/** Days after the due date each credit customer usually pays; `cheque`: pays with a post-dated cheque. */
const CUSTOMERS = [
  { id: 'C01', delay: -2 },
  { id: 'C02', delay: 0 },
  { id: 'C03', delay: 3 },
  { id: 'C04', delay: 7 },
  { id: 'C05', delay: 10 },
  { id: 'C06', delay: 15 },
  { id: 'C07', delay: 21 },
  { id: 'C08', delay: 30 },
  { id: 'C09', delay: 0, cheque: true },
  { id: 'C10', delay: 0, cheque: true },
];

export function generateShop(seed = 17, first = '2023-01-01', length = 731): SyntheticShop {
  const rand = mulberry32(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const last = addDays(first, length - 1);

  const history: DailyFlow[] = [];
  const payments: PaymentRecord[] = [];
  const invoices: ShopInvoice[] = [];
  const bills: ShopBill[] = [];
  const cheques: ShopCheque[] = [];
  const pay = (date: string, amount: number, category: string, payee?: string) => {
    payments.push({ date, amount, category, ...(payee ? { payee } : {}) });
  };

  let weekSales = 0;
  for (let i = 0; i < length; i++) {
    const date = addDays(first, i);
    const w = weekday(date);
    const dom = Number(date.slice(8, 10));
    const growth = 1 + 0.1 * (i / 365);
    const sales = Math.max(0, Math.round(700 * JOD * growth * WEEKDAY[w]! * SEASON[seasonOf(date)] * Math.exp(0.12 * normal())));
    history.push({ date, sales });
    weekSales += sales;

    // Credit sales: about every other working day.
    if (w !== 5 && rand() < 0.5) {
      const customer = CUSTOMERS[int(0, CUSTOMERS.length - 1)]!;
      const due = addDays(date, 30);
      const amount = int(150, 1500) * JOD;
      const id = `INV-${invoices.length + 1}`;
      if (customer.cheque) {
        cheques.push({ id: `CHQ-R-${cheques.length + 1}`, direction: 'received', handed_on: date, maturity_date: addDays(due, int(0, 30)), amount });
        invoices.push({ id, customer_id: customer.id, issue_date: date, due_date: due, amount, paid_date: null });
      } else {
        invoices.push({ id, customer_id: customer.id, issue_date: date, due_date: due, amount, paid_date: addDays(due, customer.delay + int(-3, 3)) });
      }
    }

    // Supplier bills every Sunday for last week's stock.
    if (w === 0 && i > 0) {
      const total = Math.round(weekSales * 0.3);
      weekSales = 0;
      const shares = [0.5, 0.3, 0.2];
      ['Al-Nour Wholesale', 'Amman Dairy', 'Zarqa Packaging'].forEach((payee, s) => {
        const amount = Math.round(total * shares[s]!);
        const due = addDays(date, 30);
        const id = `BILL-${bills.length + 1}`;
        if (s === 0) {
          cheques.push({ id: `CHQ-I-${cheques.length + 1}`, direction: 'issued', handed_on: date, maturity_date: addDays(due, 15), amount });
          bills.push({ id, payee, issue_date: date, due_date: due, amount, paid_date: null });
        } else {
          bills.push({ id, payee, issue_date: date, due_date: due, amount, paid_date: addDays(due, int(0, 3)) });
        }
      });
    }

    // Recurring payments.
    if ((dom === 1 && w !== 5) || (dom === 2 && weekday(addDays(date, -1)) === 5)) pay(date, 1200 * JOD, 'rent_and_utilities', 'Landlord');
    if (dom === 28) pay(date, Math.round(3500 * JOD * (i >= 365 ? 1.05 : 1)), 'payroll', 'Salaries');
    if (dom === 12) pay(addDays(date, int(-2, 2)), int(200, 400) * JOD, 'rent_and_utilities', 'JEPCO electricity');
    if (dom === 5) pay(date, 35 * JOD, 'rent_and_utilities', 'Orange internet');
    if (w !== 5 && rand() < 0.8) pay(date, int(5, 40) * JOD, 'expenses');
  }

  // The day's outflows by category, as the ledger's cash lines would report them.
  const byDate = new Map(history.map((d) => [d.date, d]));
  for (const p of payments) {
    const day = byDate.get(p.date);
    if (!day) continue;
    day.outflows = { ...(day.outflows ?? {}), [p.category]: (day.outflows?.[p.category] ?? 0) + p.amount };
  }

  const actual = new Map<string, number>();
  const add = (date: string, amount: number) => { if (date >= first && date <= last) actual.set(date, (actual.get(date) ?? 0) + amount); };
  for (const d of history) add(d.date, d.sales);
  for (const p of payments) add(p.date, -p.amount);
  for (const inv of invoices) if (inv.paid_date) add(inv.paid_date, inv.amount);
  for (const b of bills) if (b.paid_date) add(b.paid_date, -b.amount);
  for (const c of cheques) add(c.maturity_date, c.direction === 'received' ? c.amount : -c.amount);
  for (let i = 0; i < length; i++) if (!actual.has(addDays(first, i))) actual.set(addDays(first, i), 0);

  return { first, last, opening_balance: 20_000 * JOD, history, payments: payments.filter((p) => p.date >= first && p.date <= last), invoices, bills, cheques, actual_net: actual };
}

/** What the server would read on `today`: history up to it and the documents open at its end. */
export function shopAsOf(shop: SyntheticShop, today: string) {
  const paid_invoices: PaidInvoice[] = shop.invoices
    .filter((inv) => inv.paid_date && inv.paid_date <= today)
    .map((inv) => ({ customer_id: inv.customer_id, due_date: inv.due_date, paid_date: inv.paid_date! }));
  const open_invoices: OpenInvoice[] = shop.invoices
    .filter((inv) => inv.issue_date <= today && inv.paid_date && inv.paid_date > today)
    .map((inv) => ({ id: inv.id, customer_id: inv.customer_id, due_date: inv.due_date, amount: inv.amount }));
  const payables: OpenPayable[] = shop.bills
    .filter((b) => b.issue_date <= today && b.paid_date && b.paid_date > today)
    .map((b) => ({ id: b.id, payee: b.payee, due_date: b.due_date, amount: b.amount }));
  const cheques: PostDatedCheque[] = shop.cheques
    .filter((c) => c.handed_on <= today && c.maturity_date > today)
    .map((c) => ({ id: c.id, direction: c.direction, maturity_date: c.maturity_date, amount: c.amount }));
  let balance = shop.opening_balance;
  for (const [date, net] of shop.actual_net) if (date <= today) balance += net;
  return {
    history: shop.history.filter((d) => d.date <= today),
    payments: shop.payments.filter((p) => p.date <= today),
    paid_invoices,
    open_invoices,
    payables,
    cheques,
    opening_balance: balance,
  };
}

export interface BacktestReport {
  origins: number;
  horizon: number;
  /** Net cash flow per day: the model and the naive forecast on the same days. */
  model: AccuracyReport;
  naive: AccuracyReport;
  /** Till sales alone (the seasonality's own test): WAPE of the model's sales and of the naive's. */
  sales_wape: { model: number; naive: number };
}

/**
 * Rolling origin: every `step` days from a year after the first day until the last origin whose
 * `horizon` days are all in the history, forecast `horizon` days with the model (base scenario)
 * and with the naive forecast (the day 30 days earlier: the last 30 days repeated), and measure
 * both with `forecastAccuracy` on the same days.
 */
export function runBacktest(shop: SyntheticShop, { horizon = 30, step = 7 } = {}): BacktestReport {
  const model: StoredForecast[] = [];
  const naive: StoredForecast[] = [];
  const actualSales = new Map(shop.history.map((d) => [d.date, d.sales]));
  const sales = { modelError: 0, naiveError: 0, actual: 0 };
  let origins = 0;
  for (let today = addDays(shop.first, 364); daysBetween(today, shop.last) >= horizon; today = addDays(today, step)) {
    origins += 1;
    const known = shopAsOf(shop, today);
    const result = forecastCashFlow({ today, days: horizon, ...known });
    model.push({ made_on: today, days: result.base.days.map((d) => ({ date: d.date, net: d.net })) });
    naive.push({
      made_on: today,
      days: result.base.days.map((d) => ({ date: d.date, net: shop.actual_net.get(addDays(d.date, -30)) ?? 0 })),
    });
    for (const d of result.base.days) {
      const a = actualSales.get(d.date) ?? 0;
      sales.modelError += Math.abs(d.components.sales - a);
      sales.naiveError += Math.abs((actualSales.get(addDays(d.date, -30)) ?? 0) - a);
      sales.actual += a;
    }
  }
  const actuals = [...shop.actual_net].map(([date, net]) => ({ date, net }));
  return {
    origins,
    horizon,
    model: forecastAccuracy(model, actuals, horizon),
    naive: forecastAccuracy(naive, actuals, horizon),
    sales_wape: { model: round4(sales.modelError / sales.actual), naive: round4(sales.naiveError / sales.actual) },
  };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
