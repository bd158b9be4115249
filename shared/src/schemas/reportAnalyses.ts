/**
 * Analyses of the reports resource (GitHub issue 5; SPEC §3 "Receivables analysis", "Revenue
 * analytics", "Dashboard summary", §7 Reports): receivables and payables ageing, revenue analytics,
 * the dashboard metrics and the POS reports. Money is a decimal string in the organization's base
 * currency; counts and day averages are numbers; percentages are numbers with one decimal (null
 * when the base they compare with is zero); dates are YYYY-MM-DD.
 */
import * as z from 'zod';
import { REPORT_PERIODS } from '../reportPeriods.js';
import { calendarDate } from './common.js';
import { accountingSummaryPublic } from './accountingDashboard.js';

// Schemas here are built on first use (z.lazy): the reports Lambda imports this module at every
// cold start, and building every schema then was about 5 % of its load CPU (issue 13). One
// that other schemas derive from (`.extend`, `.optional()`, …) stays built at import.

const amount = z.string();
const count = z.lazy(() => z.number().int());
const percent = z.lazy(() => z.number().nullable());

// ---------------------------------------------------------------------------------------------
// Queries

/** Point-in-time analyses: the balance date, today in the organization's time zone by default. */
export const reportAnalysisAsOfQuery = z.lazy(() => z.object({
  as_of_date: calendarDate.optional(),
}));

/** period (current_month by default) or custom with custom_start ≤ custom_end. */
export const revenueAnalyticsQuery = z.lazy(() => z
  .object({
    period: z.enum(REPORT_PERIODS).default('current_month'),
    custom_start: calendarDate.optional(),
    custom_end: calendarDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.custom_start) ctx.addIssue({ code: 'custom', path: ['custom_start'], message: 'A custom period needs custom_start (YYYY-MM-DD)' });
    if (!q.custom_end) ctx.addIssue({ code: 'custom', path: ['custom_end'], message: 'A custom period needs custom_end (YYYY-MM-DD)' });
    if (q.custom_start && q.custom_end && q.custom_start > q.custom_end) {
      ctx.addIssue({ code: 'custom', path: ['custom_start'], message: 'custom_start must be on or before custom_end' });
    }
  }));
export type RevenueAnalyticsQuery = z.infer<typeof revenueAnalyticsQuery>;

const posIdentifier = z.string().trim().min(1).max(100);
const startBeforeEnd = (q: { start_date?: string; end_date?: string }) => !q.start_date || !q.end_date || q.start_date <= q.end_date;
const startBeforeEndIssue = { message: 'start_date must be on or before end_date', path: ['start_date'] };

/** Days of the POS reports: today in the organization's zone when neither date is given. */
export const posSalesSummaryQuery = z.lazy(() => z
  .object({ start_date: calendarDate.optional(), end_date: calendarDate.optional(), terminal_id: posIdentifier.optional() })
  .refine(startBeforeEnd, startBeforeEndIssue));
export const posCashierPerformanceQuery = z.lazy(() => z
  .object({ start_date: calendarDate.optional(), end_date: calendarDate.optional(), cashier_id: posIdentifier.optional() })
  .refine(startBeforeEnd, startBeforeEndIssue));
export const posShiftReconciliationQuery = z.lazy(() => z
  .object({ session_id: posIdentifier.optional(), start_date: calendarDate.optional(), end_date: calendarDate.optional() })
  .refine(startBeforeEnd, startBeforeEndIssue));

/** The spans a POS back office looks at, in the organization's time zone. */
export const POS_DASHBOARD_PERIODS = ['today', 'yesterday', 'last_7_days', 'last_30_days', 'current_month', 'last_month'] as const;
export type PosDashboardPeriod = (typeof POS_DASHBOARD_PERIODS)[number];
export const posDashboardQuery = z.lazy(() => z.object({
  terminal_id: posIdentifier.optional(),
  period: z.enum(POS_DASHBOARD_PERIODS).default('today'),
}));

// ---------------------------------------------------------------------------------------------
// Receivables and payables

export const COLLECTION_RISK_LEVELS = ['Low', 'Medium', 'High'] as const;
export type CollectionRiskLevel = (typeof COLLECTION_RISK_LEVELS)[number];

/** What is still owed, by days past the due date (the issue date when there is none). */
export const analysisAging = z.lazy(() => z.object({
  /** Not yet due (due on or after the date). */
  current: amount,
  days_1_30: amount,
  days_31_60: amount,
  days_61_90: amount,
  over_90: amount,
}));
export type AnalysisAging = z.infer<typeof analysisAging>;

const openDocumentsAnalysis = {
  as_of: z.string(),
  currency: z.string(),
  total_outstanding: amount,
  /** The part past its due date. */
  overdue_amount: amount,
  aging: analysisAging,
  /** Amount-weighted average days since issue of what is outstanding. */
  average_days_outstanding: z.number(),
};

export const receivablesAnalysisPublic = z.lazy(() => z.object({
  ...openDocumentsAnalysis,
  invoice_count: count,
  collection_risk_level: z.enum(COLLECTION_RISK_LEVELS),
  /** The five customers owing the most, most first. */
  top_customers: z.array(z.object({ customer_id: z.string(), customer_name: z.string(), customer_name_ar: z.string().nullable(), outstanding_amount: amount })),
}));
export type ReceivablesAnalysisPublic = z.infer<typeof receivablesAnalysisPublic>;

export const payablesAnalysisPublic = z.lazy(() => z.object({
  ...openDocumentsAnalysis,
  bill_count: count,
  payment_risk_level: z.enum(COLLECTION_RISK_LEVELS),
  /** The five suppliers owed the most, most first. */
  top_suppliers: z.array(z.object({ supplier_id: z.string(), supplier_name: z.string(), supplier_name_ar: z.string().nullable(), outstanding_amount: amount })),
}));
export type PayablesAnalysisPublic = z.infer<typeof payablesAnalysisPublic>;

// ---------------------------------------------------------------------------------------------
// Revenue analytics and dashboard metrics

export const revenueAnalyticsPublic = z.lazy(() => z.object({
  period: z.object({ period: z.enum(REPORT_PERIODS), from: z.string(), to: z.string() }),
  previous_period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  /** Income accounts over the period, net of sales returns and discounts. */
  total_revenue: amount,
  previous_total_revenue: amount,
  /** Change against the previous period in percent; null when the previous revenue is zero. */
  growth_percent: percent,
  /** One point per month (YYYY-MM), oldest first: the period's months, at least the six ending with its last. */
  revenue_trends: z.array(z.object({ period: z.string(), revenue: amount })),
  /** Top four products or services by net sales in the period, each `{ "<name>": "<amount>" }`, most first. */
  top_revenue_sources: z.array(z.record(z.string(), amount)),
}));
export type RevenueAnalyticsPublic = z.infer<typeof revenueAnalyticsPublic>;

export const reportDashboardMetricsPublic = z.lazy(() => accountingSummaryPublic.extend({
  /** Percent changes (one decimal; null when the base is zero). */
  changes: z.object({
    /** Year to date against the same span of the previous fiscal year. */
    revenue_percent: percent,
    expenses_percent: percent,
    net_income_percent: percent,
    /** Cash position against a month before. */
    cash_percent: percent,
  }),
}));
export type ReportDashboardMetricsPublic = z.infer<typeof reportDashboardMetricsPublic>;

// ---------------------------------------------------------------------------------------------
// POS reports
//
// Read from the till's per-day figures (db/posAggregates.ts) and its sessions, never from the
// receipts, so a report costs the same whatever the number of sales. Sales figures (gross_sales,
// discounts, net_sales, tax, sales_with_tax) describe the sales rung up; returns are the refunds
// given back, tax included, and are not deducted from them: total_collected is what stays.

/**
 * Per tender, what the tills kept (net of change and refunds). The day figures keep amounts per
 * tender, not how many tickets used it: transaction_count is null there.
 */
const posPaymentMethodLine = z.lazy(() => z.object({ payment_method: z.string(), transaction_count: count.nullable(), amount }));
/**
 * One hour of the day (organization's clock): the sales rung up in it, and its takings with tax less
 * the refunds given in it (gross_sales). The hourly figures are kept tax included: net_sales is null.
 */
const posHourLine = z.lazy(() => z.object({
  hour: z.number().int().min(0).max(23),
  transaction_count: count,
  net_sales: amount.nullable(),
  gross_sales: amount,
}));
const posDayLine = z.lazy(() => z.object({
  date: z.string(),
  transaction_count: count,
  returns_count: count,
  net_sales: amount,
  tax: amount,
  sales_with_tax: amount,
  returns: amount,
  total_collected: amount,
}));

export const posSalesSummaryPublic = z.lazy(() => z.object({
  start_date: z.string(),
  end_date: z.string(),
  terminal_id: z.string().nullable(),
  currency: z.string(),
  /** Sales rung up (returns are counted in returns_count). */
  transaction_count: count,
  /** Sales before discounts, without tax. */
  gross_sales: amount,
  discounts: amount,
  /** What returns gave back, tax included. */
  returns: amount,
  /** Sales after discounts, without tax: gross_sales − discounts (returns are not deducted). */
  net_sales: amount,
  /** Tax on the sales. */
  tax: amount,
  /** sales_with_tax − returns: what the tills kept. */
  total_collected: amount,
  /** sales_with_tax / transaction_count: the average ticket, tax included. */
  average_transaction_value: amount,
  by_payment_method: z.array(posPaymentMethodLine),
  /** Hours with sales or refunds, in hour order. */
  by_hour: z.array(posHourLine),
  returns_count: count,
  /** What customers paid for the sales: net_sales + tax. */
  sales_with_tax: amount,
  /** Quantity sold (a weighed kilogram counts as its weight). */
  items_sold: z.string(),
  /** Days with sales or returns, oldest first. */
  by_day: z.array(posDayLine),
}));
export type PosSalesSummaryPublic = z.infer<typeof posSalesSummaryPublic>;

export const posCashierPerformancePublic = z.lazy(() => z.object({
  start_date: z.string(),
  end_date: z.string(),
  cashier_id: z.string().nullable(),
  currency: z.string(),
  total_transactions: count,
  total_net_sales: amount,
  /** Most net sales first. A cashier whose user is gone is named by id. */
  cashiers: z.array(
    z.object({
      cashier_id: z.string(),
      cashier_name: z.string(),
      /** Sessions (shifts) the cashier opened in the days. */
      session_count: count,
      transaction_count: count,
      /** Sales after discounts, without tax. */
      net_sales: amount,
      discounts: amount,
      /** What the cashier's returns gave back, tax included. */
      returns: amount,
      /** The average ticket, tax included. */
      average_transaction_value: amount,
      /** Counted cash − expected cash over the cashier's closed sessions. */
      cash_difference: amount,
      returns_count: count,
      /** What customers paid for the cashier's sales (tax included). */
      sales_with_tax: amount,
      items_sold: z.string(),
    }),
  ),
}));
export type PosCashierPerformancePublic = z.infer<typeof posCashierPerformancePublic>;

const posTenderCounts = z.lazy(() => z.object({ cash: amount, card: amount.nullable(), cliq: amount.nullable() }));

export const posShiftReconciliationPublic = z.lazy(() => z.object({
  session_id: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  currency: z.string(),
  session_count: count,
  /** expected_cash over every session; counted_cash and difference over the closed ones. */
  totals: z.object({ expected_cash: amount, counted_cash: amount, difference: amount }),
  /** Oldest first. */
  sessions: z.array(
    z.object({
      session_id: z.string(),
      terminal_id: z.string(),
      cashier_id: z.string(),
      cashier_name: z.string(),
      status: z.string(),
      opened_at: z.string(),
      closed_at: z.string().nullable(),
      opening_float: amount,
      cash_sales: amount,
      cash_refunds: amount,
      /** The till has no paid-in or paid-out of cash: zero. */
      cash_in: amount,
      cash_out: amount,
      /** opening_float + cash_sales − cash_refunds + cash_in − cash_out. */
      expected_cash: amount,
      counted_cash: amount.nullable(),
      difference: amount.nullable(),
      sales_count: count,
      returns_count: count,
      net_sales: amount,
      /** What should be there per counted tender (card and CliQ: sales − refunds). */
      expected: z.object({ cash: amount, card: amount, cliq: amount }),
      /** The count at the close (null while open; card and CliQ null when not counted). */
      counted: posTenderCounts.nullable(),
    }),
  ),
}));
export type PosShiftReconciliationPublic = z.infer<typeof posShiftReconciliationPublic>;

export const posDashboardMetricsPublic = z.lazy(() => z.object({
  period: z.enum(POS_DASHBOARD_PERIODS),
  from: z.string(),
  to: z.string(),
  terminal_id: z.string().nullable(),
  currency: z.string(),
  /** Today's sales after discounts, without tax. */
  today_sales: amount,
  today_transactions: count,
  net_sales: amount,
  transaction_count: count,
  /** The average ticket, tax included. */
  average_transaction_value: amount,
  items_sold: z.string(),
  /** What returns gave back, tax included. */
  returns: amount,
  /** Sessions open now. */
  open_sessions: count,
  /** Terminals set up and active. */
  active_terminals: count,
  /**
   * The five products with the most net sales over the span (after discounts, before tax; returns
   * taken off), most first, named as last sold. Counted in each receipt's follow-up, so a receipt
   * shows here a moment after it posts.
   */
  top_products: z.array(z.object({ product_id: z.string(), name: z.string(), name_ar: z.string().nullable(), quantity: z.string(), net_sales: amount })),
  by_payment_method: z.array(posPaymentMethodLine),
  by_hour: z.array(posHourLine),
  /** The span just before (the same number of days; the month before for month periods). */
  previous: z.object({ from: z.string(), to: z.string(), net_sales: amount, transaction_count: count, average_transaction_value: amount }),
  /** Percent change against the previous span (one decimal; null when it had none). */
  changes: z.object({ net_sales_percent: percent, transaction_count_percent: percent, average_transaction_value_percent: percent }),
  /** The three hours with the most sales, busiest first. */
  busiest_hours: z.array(posHourLine),
  returns_count: count,
  sales_with_tax: amount,
}));
export type PosDashboardMetricsPublic = z.infer<typeof posDashboardMetricsPublic>;
