import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORECAST_METHODS, MIN_HISTORY, SERVICE_Z, abcClasses, backtest, forecastDemand, predict, quantile, xyzClass } from './forecast.js';

/** A bakery's week: quiet early in the week, busy on Friday (index 4 from a Monday start). */
const WEEK = [2, 3, 3, 4, 12, 9, 5];
const weeks = (n: number) => Array.from({ length: n }, () => WEEK).flat();

describe('the methods', () => {
  it('forecast what each promises on a hand-worked series', () => {
    const s = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(predict('naive', s, 3)).toEqual([8, 8, 8]);
    expect(predict('moving_average', s, 2)).toEqual([5, 5]); // mean of 2…8
    expect(predict('seasonal_naive', s, 9)).toEqual([2, 3, 4, 5, 6, 7, 8, 2, 3]);
    // SES from the first week's mean 4: each day moves the level 30 % of the way to the day's demand.
    let level = 4;
    for (const x of s) level += 0.3 * (x - level);
    expect(predict('ses', s, 1)[0]).toBeCloseTo(level, 12);
  });

  it('Croston forecasts the rate of intermittent demand: 4 units every 4th day is about 1 a day', () => {
    const s = Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? 4 : 0));
    // Sizes 4, gaps 4 after the first: 0.95 × 4 / interval, where interval starts at the first gap (4).
    expect(predict('croston', s, 1)[0]).toBeCloseTo(0.95, 12);
    expect(predict('croston', [0, 0, 0], 2)).toEqual([0, 0]);
  });

  it('never forecast negative demand and are deterministic', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 }), fc.constantFrom(...FORECAST_METHODS), (s, m) => {
        const a = predict(m, s, 10);
        expect(a).toHaveLength(10);
        expect(a.every((x) => x >= 0 && Number.isFinite(x))).toBe(true);
        expect(predict(m, s, 10)).toEqual(a);
      }),
    );
  });
});

describe('the backtest and the choice', () => {
  it('scores only what was known at each origin: a forecast of a constant series is perfect', () => {
    const score = backtest(Array(40).fill(5), 'naive', 14, 7);
    expect(score).toMatchObject({ mae: 0, wape: 0, bias: 0 });
    // 14 origins, up to 7 steps each, cut at the series' end: 7×7 + (7+6+…+1).
    expect(score.points).toBe(49 + 28);
  });

  it('measures bias in the forecast-minus-actual direction and WAPE against demand', () => {
    // Demand falls from 10 to 5 a day: the week's average lags behind, so it over-forecasts (bias > 0).
    const s = [...Array(30).fill(10), ...Array(7).fill(5)];
    const score = backtest(s, 'moving_average', 7, 1);
    expect(score.bias).toBeGreaterThan(0);
    expect(score.wape).toBeCloseTo((score.mae * score.points) / 35, 12);
  });

  it('picks seasonal naive for a weekly pattern, with zero error and a zero-width band', () => {
    const r = forecastDemand(weeks(8), { forecastDays: 14, leadTimeDays: 7, onHand: 10 });
    expect(r.method).toBe('seasonal_naive');
    expect(r.chosen_by).toBe('backtest');
    expect(r.backtest).toMatchObject({ mae: 0, wape: 0, bias: 0, horizon: 7, days: 28 });
    expect(r.forecast.map((f) => f.value)).toEqual([...WEEK, ...WEEK]);
    expect(r.forecast.every((f) => f.low === f.value && f.high === f.value)).toBe(true);
    // Lead-time demand is one week's 38, no error so no safety stock: order 38 − 10 on hand.
    expect(r.reorder).toEqual({ lead_time_days: 7, lead_time_demand: 38, safety_stock: 0, reorder_point: 38, on_hand: 10, suggested_quantity: 28 });
  });

  it('on sparse demand keeps the lowest-MAE method, and the reorder carries safety stock from the one-day errors', () => {
    const s: number[] = Array.from({ length: 90 }, (_, i) => (i % 5 === 2 ? 5 : 0));
    s[47] = 0;
    s[52] = 10;
    const r = forecastDemand(s, { forecastDays: 7, leadTimeDays: 4, onHand: 0 });
    const mae = Object.fromEntries(r.candidates.map((c) => [c.method, c.mae]));
    expect(mae[r.method]).toBe(Math.min(...Object.values(mae)));
    expect(r.reorder.safety_stock).toBeGreaterThan(0);
    expect(r.reorder.reorder_point).toBeCloseTo(r.reorder.lead_time_demand + r.reorder.safety_stock, 12);
    expect(r.reorder.suggested_quantity).toBe(Math.ceil(r.reorder.reorder_point));
  });

  it('with less than three weeks of history says so and keeps a moving average, unscored', () => {
    const r = forecastDemand([1, 2, 3], { forecastDays: 3, leadTimeDays: 2, onHand: 0 });
    expect(r).toMatchObject({ method: 'moving_average', chosen_by: 'too_little_history', backtest: null, candidates: [] });
    expect(r.forecast.map((f) => f.value)).toEqual([2, 2, 2]);
    expect(r.reorder).toMatchObject({ lead_time_demand: 4, safety_stock: 0, suggested_quantity: 4 });
    expect(MIN_HISTORY).toBe(21);
  });

  it('always chooses the lowest backtest MAE, and its band holds the forecast (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 21, maxLength: 80 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 21 }),
        (s, forecastDays, leadTimeDays) => {
          const r = forecastDemand(s, { forecastDays, leadTimeDays, onHand: 3 });
          expect(r.forecast).toHaveLength(forecastDays);
          const best = Math.min(...r.candidates.map((c) => c.mae));
          expect(r.candidates.find((c) => c.method === r.method)!.mae).toBe(best);
          expect(r.backtest!.mae).toBe(best);
          for (const f of r.forecast) expect(f.low <= f.value + 1e-9 && f.value <= f.high + 1e-9 && f.low >= 0).toBe(true);
          const sigmaFree = r.reorder.safety_stock / (SERVICE_Z * Math.sqrt(leadTimeDays));
          expect(sigmaFree).toBeGreaterThanOrEqual(0);
          expect(r.reorder.suggested_quantity).toBe(Math.max(0, Math.ceil(r.reorder.reorder_point - 3 - 1e-9)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a method that only ever under-forecasts (a rising trend) has its band start at its forecast', () => {
    const rising = Array.from({ length: 40 }, (_, i) => i + 1);
    const r = forecastDemand(rising, { forecastDays: 3, leadTimeDays: 1, onHand: 0 });
    expect(r.method).toBe('naive'); // the last day lags least behind a trend
    expect(r.backtest!.bias).toBeLessThan(0);
    // Every backtest error is positive (actual above forecast), so the band lies above the point.
    for (const f of r.forecast) expect(f.low === f.value && f.high > f.value).toBe(true);
  });

  it('quantile interpolates between order statistics', () => {
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([0, 10], 0.1)).toBe(1);
    expect(quantile([], 0.9)).toBe(0);
  });
});

describe('ABC by value', () => {
  it('A until 80 % of the value has been ranked before, B until 95 %, C after', () => {
    const classes = abcClasses([
      { id: 'p1', value: 5000 },
      { id: 'p2', value: 3000 },
      { id: 'p3', value: 1000 },
      { id: 'p4', value: 500 },
      { id: 'p5', value: 500 },
      { id: 'p6', value: 0 },
    ]);
    // Before p2: 50 % → A; before p3: 80 % → B (not under 80); before p4: 90 % → B; p5: 95 % → C.
    expect(Object.fromEntries(classes)).toEqual({ p1: 'A', p2: 'A', p3: 'B', p4: 'B', p5: 'C', p6: 'C' });
  });

  it('the biggest is always A, classes run A→B→C down the ranking, and ties order by id (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 }), (values) => {
        const items = values.map((value, i) => ({ id: `p${String(i).padStart(2, '0')}`, value }));
        const classes = abcClasses(items);
        const ranked = [...items].sort((a, b) => b.value - a.value || a.id.localeCompare(b.id)).map((i) => classes.get(i.id)!);
        if (ranked.length && items.some((i) => i.value > 0)) expect(ranked[0]).toBe('A');
        expect([...ranked].sort()).toEqual(ranked);
      }),
    );
  });
});

describe('XYZ by the variation of daily demand', () => {
  it('steady, variable and erratic demand, and none', () => {
    expect(xyzClass([10, 10, 10, 10])).toEqual({ cv: 0, xyz: 'X' });
    expect(xyzClass([0, 0, 0, 0])).toEqual({ cv: null, xyz: null });
    // 4 units on one day of four: mean 1, sd √3 → cv 1.732, erratic.
    expect(xyzClass([4000, 0, 0, 0])).toMatchObject({ xyz: 'Z' });
    expect(xyzClass([4000, 0, 0, 0]).cv).toBeCloseTo(Math.sqrt(3), 12);
    // [1, 3]: mean 2, sd 1 → cv exactly 0.5, which is Y (X is strictly below 0.5).
    expect(xyzClass([1000, 3000])).toEqual({ cv: 0.5, xyz: 'Y' });
    // [0, 2]: mean 1, sd 1 → cv exactly 1, which is Z.
    expect(xyzClass([0, 2000])).toEqual({ cv: 1, xyz: 'Z' });
  });
});
