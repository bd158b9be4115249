import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, seasonOf, weekday } from './calendar.js';
import {
  COMPONENTS,
  ForecastError,
  balanceBand,
  customerDelays,
  detectRecurring,
  fitSales,
  forecastAccuracy,
  forecastCashFlow,
  forecastSummary,
  projectRecurring,
  quantile,
  splitEvenly,
  type DailyFlow,
  type ForecastInput,
  type PaymentRecord,
} from './forecast.js';

const JOD = 1000;
// Sunday … Saturday: Thursday high, Friday closed.
const PATTERN = [1, 1, 1, 1, 1.5, 0, 1.5];
const PATTERN_MEAN = PATTERN.reduce((a, b) => a + b, 0) / 7;

/** Noise-free sales: 700 JOD × weekday × season, from `first` for `length` days. */
function history(first: string, length: number, season: Partial<Record<string, number>> = {}): DailyFlow[] {
  return Array.from({ length }, (_, i) => {
    const date = addDays(first, i);
    return { date, sales: Math.round(700 * JOD * PATTERN[weekday(date)]! * (season[seasonOf(date)] ?? 1)) };
  });
}

function input(overrides: Partial<ForecastInput> = {}): ForecastInput {
  return { today: '2025-08-31', days: 30, opening_balance: 10_000 * JOD, history: [], ...overrides };
}

function forecastError(action: () => unknown): ForecastError {
  try {
    action();
  } catch (error) {
    if (error instanceof ForecastError) return error;
    throw error;
  }
  throw new Error('expected a ForecastError');
}

describe('fitSales', () => {
  it('learns the weekday pattern, a closed Friday as a zero factor', () => {
    // prepare: 12 ordinary weeks (2025-06-10 … after al-Adha 2025)
    const days = history('2025-06-10', 84);

    // act
    const model = fitSales(days, '2025-09-01');

    // assess
    model.weekday_factors.forEach((f, w) => expect(f).toBeCloseTo(PATTERN[w]! / PATTERN_MEAN, 2));
    expect(model.weekday_factors[5]).toBe(0);
    expect(Math.abs(model.level / (700 * JOD * PATTERN_MEAN) - 1)).toBeLessThan(0.001);
    expect(model.in_sample_error).toBeLessThan(0.001);
  });

  it('learns Ramadan, its last ten days and the Eid from a year that had them', () => {
    // prepare: 2024-01-01 … 2024-07-31 holds Ramadan 1445 and both Eids
    const effects = { ramadan: 1.2, ramadan_last_ten: 1.6, eid_al_fitr: 0.4, eid_al_adha: 0.5, before_eid_al_adha: 1.3 };
    const days = history('2024-01-01', 213, effects);

    // act
    const model = fitSales(days, '2024-07-31');

    // assess: the factor is shrunk toward 1 by one day's weight: (n × f + 1) / (n + 1)
    const shrunk = (f: number, n: number) => (n * f + 1) / (n + 1);
    expect(model.season_days.ramadan).toBe(20);
    expect(model.season_factors.ramadan).toBeCloseTo(shrunk(1.2, 20), 2);
    expect(model.season_factors.ramadan_last_ten).toBeCloseTo(shrunk(1.6, 10), 2);
    expect(model.season_factors.eid_al_fitr).toBeCloseTo(shrunk(0.4, 3), 2);
    expect(model.season_factors.eid_al_adha).toBeCloseTo(shrunk(0.5, 4), 2);
    expect(model.season_factors.before_eid_al_adha).toBeCloseTo(shrunk(1.3, 5), 2);
  });

  it('keeps a season at 1 when the history has too few of its days', () => {
    // 2024-04-05 … 2024-05-20: no day of Ramadan before its last ten, 5 of those, all 3 of al-Fitr
    const model = fitSales(history('2024-04-05', 46, { ramadan_last_ten: 1.6, eid_al_fitr: 0.4 }), '2024-05-20');
    expect(model.season_days.ramadan_last_ten).toBe(5);
    expect(model.season_factors.ramadan).toBe(1);
    expect(model.season_factors.ramadan_last_ten).toBeGreaterThan(1.3);
  });

  it('falls back to a flat week and the plain mean with under two weeks, and to zero with nothing', () => {
    const short = fitSales([{ date: '2025-08-01', sales: 300 * JOD }, { date: '2025-08-02', sales: 500 * JOD }], '2025-08-02');
    expect(short.weekday_factors).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(short.level).toBeGreaterThan(300 * JOD);
    expect(short.level).toBeLessThan(500 * JOD);
    const none = fitSales([], '2025-08-02');
    expect(none.level).toBe(0);
  });

  it('ignores days after today and survives a history of zeros', () => {
    const days = [...history('2025-06-10', 28), { date: '2025-09-01', sales: 999_999 * JOD }];
    expect(Math.abs(fitSales(days, '2025-07-07').level / (700 * JOD * PATTERN_MEAN) - 1)).toBeLessThan(0.01);
    const zeros = fitSales(history('2025-06-10', 28).map((d) => ({ ...d, sales: 0 })), '2025-07-07');
    expect(zeros.level).toBe(0);
    expect(zeros.weekday_factors.every(Number.isFinite)).toBe(true);
  });
});

describe('customerDelays', () => {
  it('shrinks a customer with few payments toward the organization (hand-computed)', () => {
    // prepare: A paid 10, 12, 14 days late (median 12); B once, on time. Organization: [0,10,12,14] → median 11.
    const paid = [
      { customer_id: 'A', due_date: '2025-01-01', paid_date: '2025-01-11' },
      { customer_id: 'A', due_date: '2025-02-01', paid_date: '2025-02-13' },
      { customer_id: 'A', due_date: '2025-03-01', paid_date: '2025-03-15' },
      { customer_id: 'B', due_date: '2025-03-01', paid_date: '2025-03-01' },
    ];

    // act
    const table = customerDelays(paid);

    // assess: A = (3×12 + 3×11)/6 = 11.5 → 12; B = (1×0 + 3×11)/4 = 8.25 → 8
    expect(table.organization.delay).toBe(11);
    expect(table.customers.get('A')?.delay).toBe(12);
    expect(table.customers.get('B')?.delay).toBe(8);
    // organization quartiles of [0,10,12,14]: 7.5 → 8 and 12.5 → 13
    expect(table.organization.early).toBe(8);
    expect(table.organization.late).toBe(13);
  });

  it('lets a habitual late payer keep most of his habit', () => {
    // 12 payments 40 days late; 13 other customers once on time → organization median 0.
    const paid = Array.from({ length: 12 }, (_, i) => ({ customer_id: 'late', due_date: addDays('2024-01-01', 30 * i), paid_date: addDays('2024-01-01', 30 * i + 40) }));
    for (let i = 0; i < 13; i++) paid.push({ customer_id: `p${i}`, due_date: '2024-01-01', paid_date: '2024-01-01' });
    const table = customerDelays(paid);
    expect(table.organization.delay).toBe(0);
    expect(table.customers.get('late')?.delay).toBe(32); // (12×40 + 3×0) / 15
  });
});

describe('detectRecurring', () => {
  const monthly = (payee: string, day: number, amount: number, months: number, from = '2025-01'): PaymentRecord[] =>
    Array.from({ length: months }, (_, i) => {
      const m = Number(from.slice(5, 7)) + i;
      const date = `${from.slice(0, 4)}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      return { date, amount, category: 'rent_and_utilities', payee };
    });

  it('finds monthly rent with its day and amount, and projects it', () => {
    // prepare
    const payments = monthly('Landlord', 1, 1200 * JOD, 6);

    // act
    const [rent] = detectRecurring(payments, '2025-06-20');

    // assess
    expect(rent).toMatchObject({ payee: 'Landlord', period: 'monthly', amount: 1200 * JOD, day_of_month: 1, last_date: '2025-06-01', occurrences: 6 });
    expect(projectRecurring(rent!, '2025-06-20', '2025-09-18')).toEqual(['2025-07-01', '2025-08-01', '2025-09-01']);
  });

  it('takes the median of the last three amounts (a salary raise) and finds a weekly payment', () => {
    const salaries = [...monthly('Salaries', 28, 3000 * JOD, 3), ...monthly('Salaries', 28, 3300 * JOD, 2, '2025-04')];
    const weekly = Array.from({ length: 8 }, (_, i) => ({ date: addDays('2025-04-05', 7 * i), amount: 80 * JOD, category: 'expenses', payee: 'Cleaner' }));
    const found = detectRecurring([...salaries, ...weekly], '2025-05-30');
    expect(found.find((s) => s.payee === 'Salaries')).toMatchObject({ period: 'monthly', amount: 3300 * JOD });
    expect(found.find((s) => s.payee === 'Cleaner')).toMatchObject({ period: 'weekly', amount: 80 * JOD, last_date: '2025-05-24' });
  });

  it('rejects daily spending, irregular payments, a series of two and one that stopped', () => {
    const daily = Array.from({ length: 30 }, (_, i) => ({ date: addDays('2025-05-01', i), amount: 20 * JOD, category: 'expenses' }));
    const irregular = ['2025-01-03', '2025-01-20', '2025-03-15', '2025-03-18', '2025-05-30'].map((date) => ({ date, amount: 100 * JOD, category: 'repairs', payee: 'Plumber' }));
    const two = monthly('Insurer', 10, 500 * JOD, 2, '2025-04');
    const stopped = monthly('Old landlord', 1, 900 * JOD, 4, '2025-01');
    expect(detectRecurring([...daily, ...irregular, ...two, ...stopped], '2025-06-20')).toEqual([]);
  });

  it('expects tomorrow a payment due a few days ago and not yet seen; a day past the month end falls on its last day', () => {
    const [rent] = detectRecurring(monthly('Landlord', 1, 1200 * JOD, 4), '2025-05-03');
    expect(projectRecurring(rent!, '2025-05-03', '2025-06-10')).toEqual(['2025-05-04', '2025-06-01']);
    const endOfMonth = ['2024-10-31', '2024-11-30', '2024-12-31', '2025-01-31'].map((date) => ({ date, amount: JOD, category: 'fees', payee: 'Bank' }));
    const [fees] = detectRecurring(endOfMonth, '2025-02-01');
    expect(projectRecurring(fees!, '2025-02-01', '2025-03-31')).toEqual(['2025-02-28', '2025-03-31']);
  });
});

describe('forecastCashFlow', () => {
  it('places open invoices at due date + the customer delay, payables and cheques on their dates', () => {
    // prepare
    const paid = [0, 1, 2].map((i) => ({ customer_id: 'late', due_date: addDays('2025-05-01', 30 * i), paid_date: addDays('2025-05-01', 30 * i + 10) }));

    // act
    const result = forecastCashFlow(
      input({
        paid_invoices: paid,
        open_invoices: [{ customer_id: 'late', due_date: '2025-09-05', amount: 500 * JOD }],
        payables: [{ due_date: '2025-09-03', amount: 200 * JOD }],
        cheques: [
          { direction: 'received', maturity_date: '2025-09-07', amount: 300 * JOD },
          { direction: 'issued', maturity_date: '2025-09-08', amount: 150 * JOD },
          { direction: 'received', maturity_date: '2025-12-01', amount: 999 * JOD },
        ],
        planned: [{ date: '2025-09-09', amount: -75 * JOD }, { date: '2025-09-10', amount: 40 * JOD }],
      }),
    );

    // assess
    const on = (date: string) => result.base.days.find((d) => d.date === date)!.components;
    expect(result.base.days[0]!.date).toBe('2025-09-01');
    expect(result.base.days).toHaveLength(30);
    expect(on('2025-09-15').receivables).toBe(500 * JOD);
    expect(on('2025-09-03').payables).toBe(200 * JOD);
    expect(on('2025-09-07').cheques_received).toBe(300 * JOD);
    expect(on('2025-09-08').cheques_issued).toBe(150 * JOD);
    expect(on('2025-09-09').planned_out).toBe(75 * JOD);
    expect(on('2025-09-10').planned_in).toBe(40 * JOD);
    expect(result.base.totals.components.cheques_received).toBe(300 * JOD);
    expect(result.base.totals.net).toBe((500 + 300 + 40 - 200 - 150 - 75) * JOD);
    expect(result.base.closing_balance).toBe(10_000 * JOD + result.base.totals.net);
  });

  it('spreads an overdue invoice to the fil over the next 14 days, and leaves out one 90 days past its date', () => {
    const result = forecastCashFlow(
      input({
        open_invoices: [
          { customer_id: 'new', due_date: '2025-08-20', amount: 1001 },
          { customer_id: 'new', due_date: '2025-05-01', amount: 7_000 * JOD },
        ],
      }),
    );
    const parts = result.base.days.map((d) => d.components.receivables);
    expect(parts.slice(0, 14)).toEqual([72, 72, 72, 72, 72, 72, 72, 71, 71, 71, 71, 71, 71, 71]);
    expect(parts.slice(14).every((p) => p === 0)).toBe(true);
    expect(result.model.doubtful_receivables).toBe(7_000 * JOD);
    expect(result.pessimistic.days.slice(0, 28).reduce((s, d) => s + d.components.receivables, 0)).toBe(1001);
  });

  it('puts a matured cheque not yet cleared and an overdue bill on tomorrow', () => {
    const result = forecastCashFlow(
      input({
        payables: [{ due_date: '2025-08-15', amount: 90 * JOD }],
        cheques: [{ direction: 'received', maturity_date: '2025-08-31', amount: 60 * JOD }],
      }),
    );
    expect(result.base.days[0]!.components).toMatchObject({ payables: 90 * JOD, cheques_received: 60 * JOD });
  });

  it('adds recurring payments unless a bill from the same payee is due within a week', () => {
    const payments: PaymentRecord[] = ['2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01'].map((date) => ({ date, amount: 1200 * JOD, category: 'rent_and_utilities', payee: 'Landlord' }));
    const plain = forecastCashFlow(input({ payments }));
    expect(plain.base.days.find((d) => d.date === '2025-09-01')!.components.recurring).toBe(1200 * JOD);
    const billed = forecastCashFlow(input({ payments, payables: [{ due_date: '2025-09-02', amount: 1200 * JOD, payee: 'landlord' }] }));
    expect(billed.base.totals.components.recurring).toBe(0);
    expect(billed.base.totals.components.payables).toBe(1200 * JOD);
  });

  it('forecasts sales with the learned pattern, and day-to-day spending apart from the recurring payments', () => {
    // prepare: 17 weeks of sales; every day 10 JOD of petty spending, rent on the 1st (4 times)
    const days = history('2025-05-03', 120).map((d) => ({ ...d, outflows: { expenses: 10 * JOD, ...(d.date.endsWith('-01') ? { rent_and_utilities: 1200 * JOD } : {}) } }));
    const payments: PaymentRecord[] = days.flatMap((d) => [
      { date: d.date, amount: 10 * JOD, category: 'expenses' },
      ...(d.date.endsWith('-01') ? [{ date: d.date, amount: 1200 * JOD, category: 'rent_and_utilities', payee: 'Landlord' }] : []),
    ]);

    // act
    const result = forecastCashFlow(input({ history: days, payments }));

    // assess
    for (const d of result.base.days) {
      // within 0.1% (the level is learned from windows that do not hold whole weeks)
      expect(Math.abs(d.components.sales - 700 * JOD * PATTERN[weekday(d.date)]!)).toBeLessThanOrEqual(700 * PATTERN[weekday(d.date)]!);
      expect(d.components.spending).toBe(10 * JOD);
    }
    expect(result.base.totals.components.recurring).toBe(1200 * JOD);
  });

  it('keeps every figure in whole fils, each day adding up, and finds the lowest balance and the days below the threshold', () => {
    const result = forecastCashFlow(
      input({
        opening_balance: 1_000 * JOD,
        threshold: 500 * JOD,
        history: history('2025-06-08', 84).map((d) => ({ ...d, sales: Math.round(d.sales / 7) })),
        payables: [{ due_date: '2025-09-10', amount: 2_000 * JOD }],
      }),
    );
    let balance = 1_000 * JOD;
    for (const d of result.base.days) {
      expect(d.opening).toBe(balance);
      for (const c of COMPONENTS) expect(Number.isInteger(d.components[c])).toBe(true);
      expect(d.net).toBe(d.inflow - d.outflow);
      balance = d.closing;
      expect(d.closing).toBe(d.opening + d.net);
    }
    expect(result.base.lowest.date).toBe('2025-09-10');
    expect(result.base.lowest.balance).toBe(Math.min(...result.base.days.map((d) => d.closing)));
    expect(result.base.below_threshold[0]).toBe('2025-09-10');
    expect(result.base.below_threshold.every((date) => result.base.days.find((d) => d.date === date)!.closing < 500 * JOD)).toBe(true);
  });

  it('orders the scenarios: optimistic sales and receivables come earlier and larger, pessimistic later and smaller', () => {
    const paid = [3, 5, 20].map((delay, i) => ({ customer_id: 'c', due_date: addDays('2025-05-01', 30 * i), paid_date: addDays('2025-05-01', 30 * i + delay) }));
    const result = forecastCashFlow(input({ history: history('2025-06-08', 84), paid_invoices: paid, open_invoices: [{ customer_id: 'c', due_date: '2025-09-05', amount: 100 * JOD }], sales_uncertainty: 0.1 }));
    const dayOf = (s: typeof result.base, amount: number) => s.days.find((d) => d.components.receivables === amount)?.date;
    // each day rounded once: the totals differ from base × 1.1 by at most half a fil a day each way
    expect(Math.abs(result.optimistic.totals.components.sales - result.base.totals.components.sales * 1.1)).toBeLessThanOrEqual(32);
    expect(Math.abs(result.pessimistic.totals.components.sales - result.base.totals.components.sales * 0.9)).toBeLessThanOrEqual(32);
    // delays 3, 5, 20: median 5, 25th pct 4, 75th pct 12.5 → 13 (the organization's are the same, so no shrinking); pessimistic 13 + 7
    expect(dayOf(result.base, 100 * JOD)).toBe('2025-09-10');
    expect(dayOf(result.optimistic, 100 * JOD)).toBe('2025-09-09');
    expect(dayOf(result.pessimistic, 100 * JOD)).toBe('2025-09-25');
  });

  it("applies the owner's adjustments on top of the recomputed base: a percent then an amount, over a range, never below zero", () => {
    const adjustments = [
      { from: '2025-09-01', to: '2025-09-07', component: 'sales' as const, percent: -50 },
      { from: '2025-09-03', component: 'planned_out' as const, amount: 250 * JOD },
      { from: '2025-09-04', component: 'sales' as const, amount: -1_000_000 * JOD },
    ];
    const before = forecastCashFlow(input({ history: history('2025-06-08', 84), adjustments }));
    const base = before.base.days;
    const custom = before.custom!.days;
    // halved before rounding (rounded once): within a fil of half the rounded base
    expect(Math.abs(custom[0]!.components.sales - base[0]!.components.sales / 2)).toBeLessThanOrEqual(1);
    expect(custom[7]!.components.sales).toBe(base[7]!.components.sales);
    expect(custom[2]!.components.planned_out).toBe(250 * JOD);
    expect(custom[3]!.components.sales).toBe(0);

    // The base moves (more history); the adjustments are the same changes to the new base.
    const after = forecastCashFlow(input({ history: history('2025-06-08', 84).map((d) => ({ ...d, sales: d.sales * 2 })), adjustments }));
    expect(after.base.days[0]!.components.sales).toBeGreaterThan(base[0]!.components.sales * 1.9);
    expect(Math.abs(after.custom!.days[0]!.components.sales - after.base.days[0]!.components.sales / 2)).toBeLessThanOrEqual(1);
    expect(forecastCashFlow(input()).custom).toBeUndefined();
  });

  it('refuses bad input with the field it is about', () => {
    expect(forecastError(() => forecastCashFlow(input({ today: '2025-02-30' }))).loc).toEqual(['today']);
    expect(forecastError(() => forecastCashFlow(input({ days: 0 }))).loc).toEqual(['days']);
    expect(forecastError(() => forecastCashFlow(input({ history: [{ date: '2025-08-01', sales: 1.5 }] }))).loc).toEqual(['history', 0, 'sales']);
    expect(forecastError(() => forecastCashFlow(input({ open_invoices: [{ customer_id: 'a', due_date: '2025-08-01', amount: -1 }] }))).loc).toEqual(['open_invoices', 0, 'amount']);
    expect(forecastError(() => forecastCashFlow(input({ planned: [{ date: '2025-09-02', amount: 0 }] }))).loc).toEqual(['planned', 0, 'amount']);
    expect(forecastError(() => forecastCashFlow(input({ adjustments: [{ from: '2025-09-05', to: '2025-09-01', component: 'sales', amount: 1 }] }))).loc).toEqual(['adjustments', 0, 'to']);
    expect(forecastError(() => forecastCashFlow(input({ adjustments: [{ from: '2025-09-05', component: 'sales' }] }))).loc).toEqual(['adjustments', 0]);
    expect(forecastError(() => forecastCashFlow(input({ cheques: [{ direction: 'lost' as 'issued', maturity_date: '2025-09-05', amount: 1 }] }))).loc).toEqual(['cheques', 0, 'direction']);
  });

  it('summarises 30, 60 and 90 days from one 90-day forecast', () => {
    const result = forecastCashFlow(input({ days: 90, history: history('2025-06-08', 84) }));
    const summary = forecastSummary(result);
    expect(summary.map((s) => s.days)).toEqual([30, 60, 90]);
    expect(summary[2]!.closing_balance).toBe(result.base.closing_balance);
    expect(summary[0]!.closing_balance).toBe(result.base.days[29]!.closing);
  });
});

describe('forecastAccuracy', () => {
  // Two forecasts of 2 days, hand-computed:
  //   made 01-01: 01-02 f 100 a 150 (e −50), 01-03 f 200 a 100 (e +100)
  //   made 01-02: 01-03 f 300 a 100 (e +200), 01-04 f −100 a −200 (e +100)
  //   Σ|e| = 450, Σ|a| = 550, Σe = 350 → MAE 112.5 → 113, WAPE 0.8182, bias 0.6364
  //   cumulative errors: day 1 [−50, 200], day 2 [50, 300]
  const forecasts = [
    { made_on: '2025-01-01', days: [{ date: '2025-01-02', net: 100 }, { date: '2025-01-03', net: 200 }] },
    { made_on: '2025-01-02', days: [{ date: '2025-01-03', net: 300 }, { date: '2025-01-04', net: -100 }] },
    // Its days have not passed: it waits.
    { made_on: '2025-01-04', days: [{ date: '2025-01-05', net: 100 }, { date: '2025-01-06', net: 100 }] },
  ];
  const actuals = [
    { date: '2025-01-02', net: 150 },
    { date: '2025-01-03', net: 100 },
    { date: '2025-01-04', net: -200 },
  ];

  it('computes MAE, WAPE and bias over the forecasts whose dates have passed', () => {
    const report = forecastAccuracy(forecasts, actuals, 2);
    expect(report).toMatchObject({ horizon: 2, forecasts_compared: 2, days_compared: 4, mae: 113, wape: 0.8182, bias: 0.6364 });
  });

  it('turns the 10th–90th percentiles of cumulative error into a band around the balance', () => {
    // day 1: q90 = −50 + 0.9×250 = 175, q10 = −25 → low −175, high +25; day 2: q90 275, q10 75
    const report = forecastAccuracy(forecasts, actuals, 2);
    expect(report.band).toEqual([{ day: 1, low: -175, high: 25 }, { day: 2, low: -275, high: -75 }]);
    const chart = balanceBand(
      { scenario: 'base', days: [{ date: '2025-02-01', opening: 0, inflow: 0, outflow: 0, net: 0, closing: 1000, components: {} as never }], totals: {} as never, closing_balance: 1000, lowest: { date: '', balance: 0 }, below_threshold: [] },
      report.band,
    );
    expect(chart).toEqual([{ date: '2025-02-01', closing: 1000, low: 825, high: 1025 }]);
  });

  it('answers nulls and no band when nothing can be compared, and a 1-day horizon uses first days only', () => {
    expect(forecastAccuracy(forecasts, [], 2)).toMatchObject({ forecasts_compared: 0, mae: null, wape: null, bias: null, band: [] });
    // 1-day: e = −50 and +200 → Σ|e| 250 / Σ|a| 250
    expect(forecastAccuracy(forecasts, actuals, 1)).toMatchObject({ forecasts_compared: 2, wape: 1, bias: 0.6 });
  });
});

describe('helpers', () => {
  it('splits fils exactly and takes type-7 quantiles', () => {
    expect(splitEvenly(10, 3)).toEqual([4, 3, 3]);
    expect(splitEvenly(2, 4)).toEqual([1, 1, 0, 0]);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([5], 0.9)).toBe(5);
  });
});

describe('forecastCashFlow (property)', () => {
  it('answers whole fils that add up, day by day and in total, for any documents and history', () => {
    const date = fc.integer({ min: -120, max: 120 }).map((d) => addDays('2025-08-31', d));
    const fils = fc.integer({ min: 1, max: 5_000_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ date, sales: fc.integer({ min: 0, max: 2_000_000 }) }), { maxLength: 60 }),
        fc.array(fc.record({ customer_id: fc.constantFrom('a', 'b'), due_date: date, amount: fils }), { maxLength: 8 }),
        fc.array(fc.record({ due_date: date, amount: fils }), { maxLength: 5 }),
        fc.array(fc.record({ direction: fc.constantFrom('received' as const, 'issued' as const), maturity_date: date, amount: fils }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 90 }),
        (history, open_invoices, payables, cheques, days) => {
          const result = forecastCashFlow(input({ days, history, open_invoices, payables, cheques, adjustments: [{ from: '2025-09-02', to: '2025-09-09', component: 'sales', percent: 15 }] }));
          for (const scenario of [result.base, result.optimistic, result.pessimistic, result.custom!]) {
            expect(scenario.days).toHaveLength(days);
            let balance = 10_000 * JOD;
            let net = 0;
            for (const d of scenario.days) {
              for (const c of COMPONENTS) expect(Number.isSafeInteger(d.components[c]) && d.components[c] >= 0).toBe(true);
              expect(d.opening).toBe(balance);
              balance = d.closing;
              net += d.net;
            }
            expect(scenario.totals.net).toBe(net);
            expect(scenario.closing_balance).toBe(10_000 * JOD + net);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
