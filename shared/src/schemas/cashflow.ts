/**
 * Cash flow (issue 17): every movement of a cash or bank account with what it was for, written by
 * the posting that moved it (shared/src/cashflow/classify.ts decides type and category), plus the
 * owner's manual entries — planned receipts and payments the forecast should know, or money that
 * moved off the books. Summaries read the day figures the postings keep, so they cost the same for
 * a hundred transactions or a hundred thousand. Amounts are decimal strings in major units;
 * a transaction's `amount` is signed (+ in, − out).
 */
import * as z from 'zod';
import { calendarDate, id, narrativePublic, pagination, priceInput } from './common.js';
import { CASH_FLOW_CATEGORY_KEYS, CASH_FLOW_TYPES } from '../cashflow/classify.js';

export { CASH_FLOW_CATEGORY_KEYS, CASH_FLOW_TYPES };
export const CASH_FLOW_DIRECTIONS = ['in', 'out'] as const;
export const FORECAST_HORIZONS = [30, 60, 90] as const;

const category = z.enum(CASH_FLOW_CATEGORY_KEYS as unknown as [string, ...string[]]);
const positiveAmount = priceInput.refine((v) => Number(v) > 0, 'Enter an amount greater than zero');

export const cashFlowTransactionPublic = z.object({
  id: z.string(),
  transaction_id: z.string(),
  date: z.string(),
  account_id: z.string().nullable(),
  amount: z.string(),
  direction: z.enum(CASH_FLOW_DIRECTIONS),
  cash_flow_type: z.enum(CASH_FLOW_TYPES),
  cash_flow_category: category,
  /** What the posting said, when a person re-categorised it. */
  original_category: category.nullable(),
  /** A posted one: the English its posting wrote; a manual one: what the owner typed. */
  description: z.string().nullable(),
  /**
   * A posted one's `description` as the narrative its posting wrote (shared/src/narrative.ts), for
   * the screens to show in the reader's language; null for manual entries, typed journal memos and
   * postings written before narratives (the screens then compose one from `source_type` and
   * `entry_name`).
   */
  description_narrative: narrativePublic.nullable(),
  source_type: z.string(),
  source_id: z.string(),
  journal_entry_id: z.string().nullable(),
  entry_name: z.string().nullable(),
  contact_id: z.string().nullable(),
  is_manual_entry: z.boolean(),
  is_planned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CashFlowTransaction = z.infer<typeof cashFlowTransactionPublic>;

export const cashFlowListQuery = pagination.extend({
  cash_flow_type: z.enum(CASH_FLOW_TYPES).optional(),
  cash_flow_category: category.optional(),
  account_id: id.optional(),
  direction: z.enum(CASH_FLOW_DIRECTIONS).optional(),
  /** On the amount's size, whatever its direction. */
  amount_min: priceInput.optional(),
  amount_max: priceInput.optional(),
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
  is_manual_entry: z.enum(['true', 'false']).optional(),
});

/**
 * A manual entry: planned (the default: a receipt or payment the owner expects, which the forecast
 * counts on its date) or already happened off the books. It never touches the ledger.
 */
export const cashFlowManualCreate = z.strictObject({
  date: calendarDate,
  amount: positiveAmount,
  direction: z.enum(CASH_FLOW_DIRECTIONS),
  cash_flow_category: category.refine((c) => c !== 'transfers', 'A transfer moves money between your own accounts; post it in banking'),
  description: z.string().trim().min(1, 'Say what it is').max(500),
  account_id: id.nullish(),
  is_planned: z.boolean().default(true),
});
export const cashFlowManualUpdate = z.strictObject({
  date: calendarDate.optional(),
  amount: positiveAmount.optional(),
  direction: z.enum(CASH_FLOW_DIRECTIONS).optional(),
  cash_flow_category: category.refine((c) => c !== 'transfers', 'A transfer moves money between your own accounts; post it in banking').optional(),
  description: z.string().trim().min(1, 'Say what it is').max(500).optional(),
  account_id: id.nullish(),
  is_planned: z.boolean().optional(),
});
export const cashFlowCategoryUpdate = z.strictObject({ cash_flow_category: category });

export const cashFlowPeriodQuery = z
  .object({
    date_from: calendarDate.optional(),
    date_to: calendarDate.optional(),
    /** Comma-separated cash or bank account ids; all of them by default. */
    account_ids: z.string().trim().max(2000).optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: 'The end comes after the start', path: ['date_to'] });

const flows = z.object({ inflow: z.string(), outflow: z.string(), net: z.string() });

export const cashFlowSummary = z.object({
  date_from: z.string(),
  date_to: z.string(),
  opening_balance: z.string(),
  closing_balance: z.string(),
  inflow: z.string(),
  outflow: z.string(),
  net: z.string(),
  transaction_count: z.number().int(),
  by_type: z.object({ operating: flows, investing: flows, financing: flows, transfer: flows }),
  by_category: z.array(flows.extend({ category, cash_flow_type: z.enum(CASH_FLOW_TYPES), transaction_count: z.number().int() })),
});

export const cashFlowPeriodPoint = z.object({
  period_start: z.string(),
  period_end: z.string(),
  opening_balance: z.string(),
  inflow: z.string(),
  outflow: z.string(),
  net: z.string(),
  closing_balance: z.string(),
  transaction_count: z.number().int(),
});
export const cashFlowSeries = z.object({ granularity: z.enum(['day', 'week', 'month']), date_from: z.string(), date_to: z.string(), points: z.array(cashFlowPeriodPoint) });
export const cashFlowHistoryQuery = z.object({ months: z.coerce.number().int().min(1).max(36).default(12), account_ids: z.string().trim().max(2000).optional() });

export const cashFlowDashboard = z.object({
  as_of: z.string(),
  balance: z.string(),
  this_month: flows,
  last_month: flows,
  last_30_days: z.array(cashFlowPeriodPoint),
  top_outflows: z.array(z.object({ category, amount: z.string() })),
  planned: z.object({ count: z.number().int(), inflow: z.string(), outflow: z.string() }),
});

export const cashFlowCategoriesList = z.object({
  categories: z.array(z.object({ category, cash_flow_type: z.enum(CASH_FLOW_TYPES), inflow: z.string(), outflow: z.string(), transaction_count: z.number().int() })),
});

export const cashFlowSearchQuery = pagination.extend({ q: z.string().trim().min(1, 'Type something to search for').max(100) });
export const cashFlowRecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10), account_ids: z.string().trim().max(2000).optional() });

// ---- Forecasts -----------------------------------------------------------------------------------

export const FORECAST_COMPONENTS = ['sales', 'receivables', 'cheques_received', 'planned_in', 'payables', 'cheques_issued', 'recurring', 'spending', 'planned_out'] as const;
export const FORECAST_SCENARIOS = ['base', 'optimistic', 'pessimistic', 'custom'] as const;

const components = z.object(Object.fromEntries(FORECAST_COMPONENTS.map((c) => [c, z.string()])) as Record<(typeof FORECAST_COMPONENTS)[number], z.ZodString>);

export const forecastDay = z.object({
  date: z.string(),
  opening: z.string(),
  inflow: z.string(),
  outflow: z.string(),
  net: z.string(),
  closing: z.string(),
  components,
  /** The band from past forecasts' errors at this horizon day (absent before enough history). */
  low: z.string().nullable(),
  high: z.string().nullable(),
});
export const forecastScenario = z.object({
  scenario: z.enum(FORECAST_SCENARIOS),
  days: z.array(forecastDay),
  inflow: z.string(),
  outflow: z.string(),
  net: z.string(),
  components,
  closing_balance: z.string(),
  lowest: z.object({ date: z.string(), balance: z.string() }),
  below_threshold: z.array(z.string()),
});
export const cashFlowForecast = z.object({
  made_on: z.string(),
  made_at: z.string(),
  days: z.number().int(),
  opening_balance: z.string(),
  threshold: z.string().nullable(),
  base: forecastScenario,
  scenarios: z.array(forecastScenario).optional(),
  /** What the model learned, in words the screen can show. */
  model: z.object({
    sales_uncertainty: z.string(),
    doubtful_receivables: z.string(),
    recurring: z.array(z.object({ key: z.string(), period: z.string(), amount: z.string(), next: z.array(z.string()) })),
  }),
});
export const forecastQuery = z.object({ include_scenarios: z.enum(['true', 'false']).default('false'), refresh: z.enum(['true', 'false']).default('false') });
export const forecastDaysParam = z.coerce.number().int().refine((d) => (FORECAST_HORIZONS as readonly number[]).includes(d), 'A forecast is for 30, 60 or 90 days');

export const cashFlowForecastSummary = z.object({
  made_on: z.string(),
  opening_balance: z.string(),
  horizons: z.array(z.object({ days: z.number().int(), net: z.string(), closing_balance: z.string(), lowest: z.object({ date: z.string(), balance: z.string() }), below_threshold_days: z.number().int(), wape: z.string().nullable() })),
});
export const cashFlowForecastAccuracy = z.object({
  horizon: z.number().int(),
  forecasts_compared: z.number().int(),
  days_compared: z.number().int(),
  mae: z.string().nullable(),
  wape: z.string().nullable(),
  bias: z.string().nullable(),
  /** The naive forecast (each day as 30 days before) on the same days, for comparison. */
  naive_wape: z.string().nullable(),
  band: z.array(z.object({ day: z.number().int(), low: z.string(), high: z.string() })),
});

/** The owner's forecast settings: the alert threshold and adjustments to the base (kept as changes). */
export const forecastAdjustment = z.strictObject({
  id: z.string().max(64).optional(),
  from: calendarDate,
  to: calendarDate.nullish(),
  component: z.enum(FORECAST_COMPONENTS),
  amount: priceInput.nullish(),
  percent: z.number().min(-100).max(1000).nullish(),
  note: z.string().trim().max(200).nullish(),
}).refine((a) => a.amount != null || a.percent != null, { message: 'Give an amount per day or a percentage', path: ['amount'] })
  .refine((a) => !a.to || a.to >= a.from, { message: 'The end comes after the start', path: ['to'] });
export const cashFlowForecastSettings = z.strictObject({
  /** Alert when the base forecast's balance falls below this (e-mail to the owners); null: no alert. */
  alert_threshold: priceInput.nullish(),
  alert_email: z.string().trim().max(254).nullish(),
  adjustments: z.array(forecastAdjustment).max(50).default([]),
});
export const cashFlowForecastSettingsPublic = z.object({
  alert_threshold: z.string().nullable(),
  alert_email: z.string().nullable(),
  adjustments: z.array(z.object({ id: z.string(), from: z.string(), to: z.string().nullable(), component: z.enum(FORECAST_COMPONENTS), amount: z.string().nullable(), percent: z.number().nullable(), note: z.string().nullable() })),
  updated_at: z.string().nullable(),
});
