/**
 * Inventory analytics (GitHub issue 14): GET organizations/{id}/inventory/analytics/…. Every answer
 * is read from the daily per-product figures kept as stock moves (functions/src/db/stockDaily.ts),
 * never from the movement history. Book quantities are decimal strings and values JOD strings, as
 * in the inventory API; statistics (forecasts, errors, percentages) are numbers, rounded to three
 * decimals (percentages to one), since they are estimates, not amounts in the books.
 */
import * as z from 'zod';
import { FORECAST_METHODS } from '../inventory/forecast.js';

export { FORECAST_METHODS } from '../inventory/forecast.js';
export type { ForecastMethod, AbcClass, XyzClass } from '../inventory/forecast.js';

export const ABC_CLASSES = ['A', 'B', 'C'] as const;
export const XYZ_CLASSES = ['X', 'Y', 'Z'] as const;

const days = (fallback: number) => z.coerce.number().int().min(1).max(365).default(fallback);
const limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** overview, trends, performance-metrics: the last `days` days, today included. */
export const analyticsQuery = z.object({ days: days(30) });
/** top-selling, slow-moving. */
export const rankingQuery = z.object({ days: days(30), limit: limit(10, 100) });
/** abc-analysis: a quarter by default, enough days for the variation of demand to mean something. */
export const abcQuery = z.object({ days: days(90), limit: limit(100, 1000) });
/** forecast/{product_id}: `days` of history to learn from, `forecast_days` ahead, and the supplier's lead time. */
export const forecastQuery = z.object({
  days: days(90),
  forecast_days: z.coerce.number().int().min(1).max(90).default(14),
  lead_time_days: z.coerce.number().int().min(1).max(90).default(7),
});
export type AnalyticsQuery = z.output<typeof analyticsQuery>;
export type RankingQuery = z.output<typeof rankingQuery>;
export type AbcQuery = z.output<typeof abcQuery>;
export type ForecastQuery = z.output<typeof forecastQuery>;

const period = { from: z.string(), to: z.string(), days: z.number().int(), currency: z.string() };
const product = { product_id: z.string(), sku: z.string(), name: z.string(), name_ar: z.string().nullable() };

export const inventoryOverview = z.object({
  ...period,
  tracked_products: z.number().int(),
  products_in_stock: z.number().int(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  stock_value: z.string(),
  products_sold: z.number().int(),
  sold: z.string(),
  revenue: z.string(),
  cost_of_sales: z.string(),
  gross_profit: z.string(),
  gross_margin_percent: z.number().nullable(),
  received_value: z.string(),
  /** Found (+) less missing (−) on counts and adjustments, at cost. */
  adjustment_value: z.string(),
});
export type InventoryOverview = z.infer<typeof inventoryOverview>;

export const inventoryTrendDay = z.object({
  date: z.string(),
  sold: z.string(),
  revenue: z.string(),
  cost_of_sales: z.string(),
  received: z.string(),
  received_value: z.string(),
  adjustment_value: z.string(),
  movements: z.number().int(),
});
export const inventoryTrends = z.object({ ...period, data: z.array(inventoryTrendDay) });
export type InventoryTrends = z.infer<typeof inventoryTrends>;

export const topSellingRow = z.object({
  ...product,
  sold: z.string(),
  revenue: z.string(),
  cost_of_sales: z.string(),
  gross_profit: z.string(),
  /** This product's share of the period's revenue. */
  revenue_share_percent: z.number(),
  days_sold: z.number().int(),
});
export const topSelling = z.object({ ...period, data: z.array(topSellingRow) });
export type TopSelling = z.infer<typeof topSelling>;

export const slowMovingRow = z.object({
  ...product,
  on_hand: z.string(),
  stock_value: z.string(),
  sold: z.string(),
  days_sold: z.number().int(),
  /** On hand ÷ average daily sales over the period; null: nothing sold, the stock does not move. */
  days_of_cover: z.number().nullable(),
});
export const slowMoving = z.object({ ...period, data: z.array(slowMovingRow) });
export type SlowMoving = z.infer<typeof slowMoving>;

export const abcRow = z.object({
  ...product,
  /** Consumption value: what the goods sold in the period cost. */
  value: z.string(),
  share_percent: z.number(),
  cumulative_percent: z.number(),
  abc: z.enum(ABC_CLASSES),
  sold: z.string(),
  days_sold: z.number().int(),
  /** Coefficient of variation of daily demand (zero days included); null: nothing sold. */
  cv: z.number().nullable(),
  xyz: z.enum(XYZ_CLASSES).nullable(),
});
export const abcAnalysis = z.object({
  ...period,
  total_value: z.string(),
  summary: z.array(z.object({ abc: z.enum(ABC_CLASSES), products: z.number().int(), value: z.string(), share_percent: z.number() })),
  /** Products per ABC × XYZ cell (XYZ null: no demand). */
  matrix: z.array(z.object({ abc: z.enum(ABC_CLASSES), xyz: z.enum(XYZ_CLASSES).nullable(), products: z.number().int() })),
  data: z.array(abcRow),
  count: z.number().int(),
});
export type AbcAnalysis = z.infer<typeof abcAnalysis>;
export type AbcRow = z.infer<typeof abcRow>;

export const inventoryForecast = z.object({
  ...product,
  from: z.string(),
  to: z.string(),
  method: z.enum(FORECAST_METHODS),
  /** backtest: lowest error on the product's own recent past; too_little_history: fewer than 21 days. */
  chosen_by: z.enum(['backtest', 'too_little_history']),
  history: z.array(z.object({ date: z.string(), sold: z.number() })),
  /** value: the point forecast; low–high: the 80 % interval from the backtest's errors. */
  forecast: z.array(z.object({ date: z.string(), value: z.number(), low: z.number(), high: z.number() })),
  interval_percent: z.number(),
  backtest: z
    .object({
      /** Mean absolute error per day, in units. */
      mae: z.number(),
      /** Weighted absolute percentage error: Σ|error| ÷ Σ sold, as a percentage (null: nothing sold). */
      wape_percent: z.number().nullable(),
      /** Mean (forecast − actual) per day: positive over-forecasts. */
      bias: z.number(),
      /** Farthest day ahead scored, days held out, points scored. */
      horizon: z.number().int(),
      days: z.number().int(),
      points: z.number().int(),
    })
    .nullable(),
  candidates: z.array(z.object({ method: z.enum(FORECAST_METHODS), mae: z.number() })),
  reorder: z.object({
    lead_time_days: z.number().int(),
    lead_time_demand: z.number(),
    safety_stock: z.number(),
    reorder_point: z.number(),
    on_hand: z.number(),
    suggested_quantity: z.number(),
  }),
});
export type InventoryForecast = z.infer<typeof inventoryForecast>;

export const inventoryDashboardMetrics = z.object({
  currency: z.string(),
  today: z.string(),
  tracked_products: z.number().int(),
  low_stock: z.number().int(),
  out_of_stock: z.number().int(),
  stock_value: z.string(),
  sold_today: z.string(),
  revenue_today: z.string(),
  revenue_7_days: z.string(),
  revenue_30_days: z.string(),
  cost_of_sales_30_days: z.string(),
  movements_today: z.number().int(),
});
export type InventoryDashboardMetrics = z.infer<typeof inventoryDashboardMetrics>;

export const inventoryPerformance = z.object({
  ...period,
  cost_of_sales: z.string(),
  opening_stock_value: z.string(),
  closing_stock_value: z.string(),
  average_stock_value: z.string(),
  /** Cost of sales ÷ average stock value over the period (null: no stock). */
  turnover: z.number().nullable(),
  /** Average stock value ÷ cost of sales per day (null: nothing sold). */
  days_of_inventory: z.number().nullable(),
  gross_margin_percent: z.number().nullable(),
  /** Sold ÷ (sold + on hand now), in units. */
  sell_through_percent: z.number().nullable(),
  /** Missing less found at cost (positive: lost), and as a share of cost of sales. */
  shrinkage_value: z.string(),
  shrinkage_percent: z.number().nullable(),
});
export type InventoryPerformance = z.infer<typeof inventoryPerformance>;
