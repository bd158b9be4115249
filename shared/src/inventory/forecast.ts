/**
 * Demand forecasting and ABC/XYZ classification for inventory analytics (GitHub issue 14). Pure
 * and deterministic: the same daily series gives the same answer on the server and in a test.
 *
 * Why this shape: retail demand series here are short (weeks to a few months), often intermittent
 * (many zero days) and sometimes weekly-seasonal (a bakery sells more on Fridays). No single method
 * wins on all of them, so each series gets several cheap, well-understood methods and keeps the one
 * with the lowest error on its own recent past (a rolling-origin backtest). That backtest is also
 * what we show the user: the forecast comes with the error it actually made, not a promise.
 */

export const FORECAST_METHODS = ['naive', 'moving_average', 'ses', 'seasonal_naive', 'croston'] as const;
export type ForecastMethod = (typeof FORECAST_METHODS)[number];

/** The week: the only seasonality a daily shop series of a few months can show reliably. */
export const SEASON = 7;
/** Moving average window: one week, so a weekly pattern averages out. */
export const MA_WINDOW = 7;
/**
 * Smoothing constants, fixed rather than fitted: fitting alpha on a few dozen points overfits, and
 * a fixed constant keeps the method comparable across series. 0.3 follows level changes within a
 * couple of weeks; Croston's 0.1 is the value its literature recommends for intermittent demand.
 */
export const SES_ALPHA = 0.3;
export const CROSTON_ALPHA = 0.1;
/** Days held out at most, and the farthest step ahead scored, in the backtest. */
export const BACKTEST_DAYS = 28;
export const BACKTEST_HORIZON = 7;
/** The interval: the point forecast plus the 10th and 90th percentiles of the backtest's errors (an 80 % band). */
export const INTERVAL_LOW = 0.1;
export const INTERVAL_HIGH = 0.9;
/** Safety stock's z for a 95 % cycle service level (one-sided normal quantile). */
export const SERVICE_Z = 1.645;

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** The method's point forecast for the `horizon` days after `history` (demand ≥ 0). */
export function predict(method: ForecastMethod, history: readonly number[], horizon: number): number[] {
  const n = history.length;
  const flat = (value: number) => Array.from({ length: horizon }, () => Math.max(0, value));
  if (n === 0) return flat(0);
  switch (method) {
    case 'naive':
      return flat(history[n - 1]!);
    case 'moving_average':
      return flat(mean(history.slice(-MA_WINDOW)));
    case 'ses': {
      // Started at the first week's mean, not the first day, so one odd opening day does not linger.
      let level = mean(history.slice(0, Math.min(MA_WINDOW, n)));
      for (const x of history) level += SES_ALPHA * (x - level);
      return flat(level);
    }
    case 'seasonal_naive': {
      // The same weekday last week; with less than a week of history there is no last week.
      if (n < SEASON) return flat(mean(history));
      return Array.from({ length: horizon }, (_, h) => Math.max(0, history[n - SEASON + (h % SEASON)]!));
    }
    case 'croston': {
      // Croston with the Syntetos–Boylan correction (1 − α/2): smooths the size of the non-zero
      // demands and the gaps between them separately; plain Croston over-forecasts by about α/2.
      let size: number | null = null;
      let interval = 1;
      let gap = 1;
      for (const x of history) {
        if (x > 0) {
          if (size === null) {
            size = x;
            interval = gap;
          } else {
            size += CROSTON_ALPHA * (x - size);
            interval += CROSTON_ALPHA * (gap - interval);
          }
          gap = 1;
        } else gap += 1;
      }
      return flat(size === null ? 0 : (1 - CROSTON_ALPHA / 2) * (size / interval));
    }
  }
}

/** The q-quantile by linear interpolation between order statistics (type 7, as R and numpy). */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export interface BacktestScore {
  method: ForecastMethod;
  /** Mean absolute error per day, in units. */
  mae: number;
  /** Σ|error| / Σ actual: the share of demand missed either way (null when nothing was sold). */
  wape: number | null;
  /** Mean of (forecast − actual): > 0 over-forecasts, < 0 under-forecasts. */
  bias: number;
  /** actual − forecast for every scored point, and for one-day-ahead ones (safety stock's spread). */
  errors: number[];
  oneStepErrors: number[];
  points: number;
}

/**
 * Rolling-origin backtest: from every one of the last `days` days, forecast up to `horizon` days
 * ahead with only what was known then, and score against what happened. Every method is scored on
 * exactly the same points, so their errors compare.
 */
export function backtest(series: readonly number[], method: ForecastMethod, days: number, horizon: number): BacktestScore {
  const errors: number[] = [];
  const oneStepErrors: number[] = [];
  let absolute = 0;
  let actualTotal = 0;
  let signed = 0;
  for (let origin = series.length - days; origin < series.length; origin++) {
    const steps = Math.min(horizon, series.length - origin);
    const predicted = predict(method, series.slice(0, origin), steps);
    for (let h = 0; h < steps; h++) {
      const actual = series[origin + h]!;
      const error = actual - predicted[h]!;
      errors.push(error);
      if (h === 0) oneStepErrors.push(error);
      absolute += Math.abs(error);
      actualTotal += actual;
      signed -= error;
    }
  }
  const points = errors.length;
  return {
    method,
    mae: points ? absolute / points : 0,
    wape: actualTotal > 0 ? absolute / actualTotal : null,
    bias: points ? signed / points : 0,
    errors,
    oneStepErrors,
    points,
  };
}

export interface ForecastOptions {
  forecastDays: number;
  leadTimeDays: number;
  /** Units on hand now (for the suggested order). */
  onHand: number;
}

export interface ForecastResult {
  method: ForecastMethod;
  /** Why this method: 'backtest' (lowest MAE), or 'too_little_history' (moving average, unscored). */
  chosen_by: 'backtest' | 'too_little_history';
  forecast: { day: number; value: number; low: number; high: number }[];
  backtest: { mae: number; wape: number | null; bias: number; horizon: number; days: number; points: number } | null;
  /** Every method's backtest MAE, so the choice can be checked. */
  candidates: { method: ForecastMethod; mae: number }[];
  reorder: { lead_time_days: number; lead_time_demand: number; safety_stock: number; reorder_point: number; on_hand: number; suggested_quantity: number };
}

/** Fewest days before a backtest means anything: two weeks of training and one held out. */
export const MIN_HISTORY = 2 * SEASON + SEASON;

/** Methods that can be scored from every origin of a backtest on a series of `n` days. */
function eligible(n: number, days: number): ForecastMethod[] {
  return FORECAST_METHODS.filter((m) => m !== 'seasonal_naive' || n - days >= SEASON);
}

/**
 * Picks the method with the lowest backtest MAE (ties: the earlier, simpler method in
 * FORECAST_METHODS), forecasts with it, and sizes an 80 % interval and a reorder from its errors.
 *
 * Safety stock = z × σ₁ × √L, σ₁ the root mean square of the one-day-ahead backtest errors: the
 * textbook form for independent daily errors over a lead time of L days. The suggested order brings
 * stock up to the reorder point (lead-time demand + safety stock), in whole units.
 */
export function forecastDemand(series: readonly number[], options: ForecastOptions): ForecastResult {
  const { forecastDays, leadTimeDays, onHand } = options;
  const n = series.length;
  const length = Math.max(forecastDays, leadTimeDays);
  let method: ForecastMethod = 'moving_average';
  let score: BacktestScore | null = null;
  let candidates: ForecastResult['candidates'] = [];
  let days = 0;
  if (n >= MIN_HISTORY) {
    days = Math.min(BACKTEST_DAYS, n - 2 * SEASON);
    const scores = eligible(n, days).map((m) => backtest(series, m, days, BACKTEST_HORIZON));
    candidates = scores.map((s) => ({ method: s.method, mae: s.mae }));
    score = scores.reduce((best, s) => (s.mae < best.mae ? s : best));
    method = score.method;
  }
  const point = predict(method, series, length);
  // A biased method can err one way only (every error > 0); the band is widened to hold its own
  // point forecast rather than drawn beside it, which would read as a contradiction.
  const low = score ? Math.min(0, quantile(score.errors, INTERVAL_LOW)) : 0;
  const high = score ? Math.max(0, quantile(score.errors, INTERVAL_HIGH)) : 0;
  const sigma = score && score.oneStepErrors.length ? Math.sqrt(mean(score.oneStepErrors.map((e) => e * e))) : 0;
  const leadTimeDemand = point.slice(0, leadTimeDays).reduce((s, x) => s + x, 0);
  const safetyStock = SERVICE_Z * sigma * Math.sqrt(leadTimeDays);
  const reorderPoint = leadTimeDemand + safetyStock;
  return {
    method,
    chosen_by: score ? 'backtest' : 'too_little_history',
    forecast: point.slice(0, forecastDays).map((value, i) => ({ day: i + 1, value, low: Math.max(0, value + low), high: Math.max(0, value + high) })),
    backtest: score ? { mae: score.mae, wape: score.wape, bias: score.bias, horizon: BACKTEST_HORIZON, days, points: score.points } : null,
    candidates,
    reorder: {
      lead_time_days: leadTimeDays,
      lead_time_demand: leadTimeDemand,
      safety_stock: safetyStock,
      reorder_point: reorderPoint,
      on_hand: onHand,
      // Rounded up after a small tolerance, so float dust (2.0000000001) does not order a whole extra unit.
      suggested_quantity: Math.max(0, Math.ceil(reorderPoint - onHand - 1e-9)),
    },
  };
}

export type AbcClass = 'A' | 'B' | 'C';
export type XyzClass = 'X' | 'Y' | 'Z';

/**
 * ABC by value (minor units, integers): ranked by value, highest first (ties by id, so the order
 * is stable); a product is A while the value ranked before it is under 80 % of the total, B under
 * 95 %, C after — so the biggest product is always A. Compared in integers: exact. Products with
 * no value are C whatever the total.
 */
export function abcClasses(items: readonly { id: string; value: number }[]): Map<string, AbcClass> {
  const total = items.reduce((s, i) => s + Math.max(0, i.value), 0);
  const ranked = [...items].sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const classes = new Map<string, AbcClass>();
  let before = 0;
  for (const item of ranked) {
    const cls: AbcClass = item.value <= 0 ? 'C' : before * 100 < total * 80 ? 'A' : before * 100 < total * 95 ? 'B' : 'C';
    classes.set(item.id, cls);
    before += Math.max(0, item.value);
  }
  return classes;
}

/**
 * XYZ by the coefficient of variation (population standard deviation ÷ mean) of daily demand over
 * the window, zero days included: X < 0.5 steady, Y < 1 variable, Z ≥ 1 erratic. Demand in integer
 * thousandths; the class compares squared integers in BigInt (cv < k ⟺ n·Σx² − (Σx)² < k²(Σx)²), so
 * a boundary case is never decided by rounding. No demand at all: no class (null).
 */
export function xyzClass(daily: readonly number[]): { cv: number | null; xyz: XyzClass | null } {
  const n = BigInt(daily.length);
  let sum = 0n;
  let squares = 0n;
  for (const x of daily) {
    const v = BigInt(Math.round(x));
    sum += v;
    squares += v * v;
  }
  if (sum <= 0n || n === 0n) return { cv: null, xyz: null };
  const spread = n * squares - sum * sum; // n² × variance
  const cv = Math.sqrt(Number(spread)) / Number(sum);
  const xyz: XyzClass = 4n * spread < sum * sum ? 'X' : spread < sum * sum ? 'Y' : 'Z';
  return { cv, xyz };
}
