/**
 * Budgets (GitHub issue 4): one budget per fiscal year and purpose, with one line per income or
 * expense account holding twelve monthly amounts, the first being the first month of the fiscal
 * year (the organization's `fiscal_year_start_month`; fiscal year 2025 starting in April runs
 * 2025-04 … 2026-03). Budget vs actual compares each line month by month with the ledger.
 *
 * Amounts are decimal strings (or numbers) in the organization's currency, zero or more; responses
 * carry decimal strings at the currency's precision. Variance is favourable when positive: income
 * actual − budget, expense budget − actual.
 */
import * as z from 'zod';
import { id, pagination } from './common.js';

export const BUDGET_STATUSES = ['draft', 'active', 'closed'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

export const BUDGET_ACCOUNT_TYPES = ['income', 'expense'] as const;
export type BudgetAccountType = (typeof BUDGET_ACCOUNT_TYPES)[number];

export const BUDGET_MONTHS = 12;
/** A budget item holds its lines; this bound keeps it small and every change one write. */
export const MAX_BUDGET_LINES = 300;

export const budgetAmount = z.union([
  z.string().trim().regex(/^\d{1,15}(\.\d{1,9})?$/, 'Amount must be zero or a positive decimal such as 1500.000'),
  z.number().finite().nonnegative('Amount must not be negative').max(1e15),
]);

export const budgetFiscalYear = z.coerce
  .number({ error: 'Fiscal year is a year such as 2025' })
  .int('Fiscal year is a year such as 2025')
  .min(1900, 'Fiscal year is a year such as 2025')
  .max(9999, 'Fiscal year is a year such as 2025');

const monthlyAmounts = z.array(budgetAmount).length(BUDGET_MONTHS, `Give ${BUDGET_MONTHS} monthly amounts, one per month of the fiscal year`);
const lineNotes = z.string().trim().max(1000).nullish();

/** Either the twelve monthly amounts, or an annual amount spread evenly over the months (the remainder fils go to the first months). */
const amountsOrAnnual = (v: { amounts?: unknown; annual_amount?: unknown }, ctx: z.RefinementCtx, required: boolean) => {
  if (v.amounts !== undefined && v.annual_amount !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['annual_amount'], message: 'Give amounts or annual_amount, not both' });
  } else if (required && v.amounts === undefined && v.annual_amount === undefined) {
    ctx.addIssue({ code: 'custom', path: ['amounts'], message: `Give ${BUDGET_MONTHS} monthly amounts or an annual_amount` });
  }
};

const lineShape = {
  /** An income or expense account of the organization; one line per account in a budget. */
  account_id: id,
  amounts: monthlyAmounts.optional(),
  annual_amount: budgetAmount.optional(),
  notes: lineNotes,
};

export const budgetLineInput = z.strictObject(lineShape).superRefine((v, ctx) => amountsOrAnnual(v, ctx, true));
export type BudgetLineInput = z.output<typeof budgetLineInput>;

/** POST …/lines: one line; `version`, when given, must be the budget's. */
export const budgetLineCreate = z
  .strictObject({ ...lineShape, version: z.number().int().min(1).optional() })
  .superRefine((v, ctx) => amountsOrAnnual(v, ctx, true));
export type BudgetLineCreate = z.output<typeof budgetLineCreate>;

/** PUT …/lines/{line_id}: absent fields keep their value. */
export const budgetLineUpdate = z
  .strictObject({
    account_id: id.optional(),
    amounts: monthlyAmounts.optional(),
    annual_amount: budgetAmount.optional(),
    notes: lineNotes,
    version: z.number().int().min(1).optional(),
  })
  .superRefine((v, ctx) => amountsOrAnnual(v, ctx, false))
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type BudgetLineUpdate = z.output<typeof budgetLineUpdate>;

export const budgetVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

const budgetName = z.string().trim().min(1, 'Name is required').max(200);
const budgetNotes = z.string().trim().max(4000).nullish();

export const budgetCreate = z.strictObject({
  name: budgetName,
  fiscal_year: budgetFiscalYear,
  /** Activating (or closing) a budget needs an admin; one active budget per fiscal year. */
  status: z.enum(BUDGET_STATUSES).default('draft'),
  notes: budgetNotes,
  lines: z.array(budgetLineInput).max(MAX_BUDGET_LINES).default([]),
});
export type BudgetCreate = z.output<typeof budgetCreate>;

/** Absent fields keep their value; null clears the notes; `version`, when given, must match. */
export const budgetUpdate = z
  .strictObject({
    name: budgetName.optional(),
    fiscal_year: budgetFiscalYear.optional(),
    status: z.enum(BUDGET_STATUSES).optional(),
    notes: budgetNotes,
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type BudgetUpdate = z.output<typeof budgetUpdate>;

export const budgetListQuery = pagination.extend({
  fiscal_year: budgetFiscalYear.optional(),
  status: z.enum(BUDGET_STATUSES).optional(),
});

export const budgetLinePublic = z.object({
  id: z.string(),
  account_id: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  account_type: z.enum(BUDGET_ACCOUNT_TYPES),
  /** Twelve decimal strings, month by month of the fiscal year. */
  amounts: z.array(z.string()),
  total: z.string(),
  notes: z.string().nullable(),
});
export type BudgetLinePublic = z.infer<typeof budgetLinePublic>;

const monthlyFigures = z.object({ amounts: z.array(z.string()), total: z.string() });

/** What the budget screen shows under the grid: per month and for the year. */
export const budgetTotals = z.object({
  income: monthlyFigures,
  expense: monthlyFigures,
  /** income − expense. */
  net: monthlyFigures,
});

const budgetHeader = {
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  fiscal_year: z.number().int(),
  status: z.enum(BUDGET_STATUSES),
  notes: z.string().nullable(),
  currency: z.string(),
  /** The twelve months of the fiscal year, YYYY-MM. */
  months: z.array(z.string()),
  totals: budgetTotals,
  /** When `calculate-totals` last refreshed the lines from the chart of accounts. */
  totals_calculated_at: z.string().nullable(),
  created_by: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const budgetPublic = z.object({ ...budgetHeader, lines: z.array(budgetLinePublic) });
export type BudgetPublic = z.infer<typeof budgetPublic>;

export const budgetSummary = z.object({ ...budgetHeader, line_count: z.number().int() });
export type BudgetSummary = z.infer<typeof budgetSummary>;

/** Budget, actual and variance of one cell; `variance_percent` is variance ÷ budget (2 decimals), null when nothing was budgeted. */
const comparison = {
  budget: z.string(),
  actual: z.string(),
  variance: z.string(),
  variance_percent: z.string().nullable(),
};
export const budgetComparisonCell = z.object({ ...comparison });
export const budgetComparisonMonth = z.object({ month: z.string(), ...comparison });
const comparisonRow = { months: z.array(budgetComparisonMonth), total: budgetComparisonCell };

export const budgetVsActual = z.object({
  budget_id: z.string(),
  name: z.string(),
  fiscal_year: z.number().int(),
  currency: z.string(),
  months: z.array(z.string()),
  lines: z.array(
    z.object({
      line_id: z.string(),
      account_id: z.string(),
      account_code: z.string(),
      account_name: z.string(),
      account_type: z.enum(BUDGET_ACCOUNT_TYPES),
      ...comparisonRow,
    }),
  ),
  totals: z.object({
    income: z.object(comparisonRow),
    expense: z.object(comparisonRow),
    net: z.object(comparisonRow),
  }),
});
export type BudgetVsActual = z.infer<typeof budgetVsActual>;
