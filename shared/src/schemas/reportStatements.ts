/**
 * The financial statements of the reports API (issue #5): profit and loss, balance sheet, trial
 * balance, working capital, cash flow statement and cash-flow categories. Every money value is a
 * decimal string at the currency's precision; counts are numbers; dates YYYY-MM-DD. The figures
 * come from the ledger's balance items, never from walking journal lines.
 */
import * as z from 'zod';
import { calendarDate, queryBoolean } from './common.js';
import { reportPeriodQuery } from './reportCatalogue.js';

// Schemas here are built on first use (z.lazy): the reports Lambda imports this module at every
// cold start, and building every schema then was about 5 % of its load CPU (issue 13). One
// that other schemas derive from (`.extend`, `.optional()`, …) stays built at import.

const reportLanguage = z.enum(['en', 'ar']);

// ---------------------------------------------------------------------------------------------
// Queries

/** Period-bound statements: the period, and the labels' language (default: Accept-Language). */
export const statementPeriodQuery = reportPeriodQuery.extend({ lang: reportLanguage.optional() });

export const profitLossReportQuery = z.lazy(() => statementPeriodQuery.extend({
  /** Adds the same figures for `previous` (the period before, of the same kind) and the change. */
  include_comparison: queryBoolean.default(false),
}));

/** Point-in-time statements: `as_of_date`, else the end of the period (today while it runs). */
export const statementAsOfQuery = z.lazy(() => statementPeriodQuery.extend({ as_of_date: calendarDate.optional() }));

export const CASH_FLOW_CATEGORY_TYPES = ['all', 'income', 'expense', 'expenses'] as const;
export const cashFlowCategoriesReportQuery = z.lazy(() => statementPeriodQuery.extend({
  category_type: z.enum(CASH_FLOW_CATEGORY_TYPES).default('all'),
}));

// ---------------------------------------------------------------------------------------------
// Responses

const statementPeriodPublic = z.lazy(() => z.object({ period: z.string(), from: z.string(), to: z.string() }));

/** One account's amount on a statement, in the direction of its section (income: credits − debits). */
export const statementAccountLine = z.lazy(() => z.object({
  /** Null for a computed line (the balance sheet's current period earnings). */
  account_id: z.string().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  name_ar: z.string().nullable(),
  amount: z.string(),
}));
export type StatementAccountLine = z.infer<typeof statementAccountLine>;

const statementGroup = z.lazy(() => z.object({ lines: z.array(statementAccountLine), total: z.string() }));

export const profitLossReportPublic = z.lazy(() => z.object({
  period: statementPeriodPublic,
  currency: z.string(),
  /** Income accounts; sales returns and discounts (contra-income) appear as negative lines. */
  income: statementGroup,
  /** Expense accounts of subtype cogs and inventory_adjustments. */
  cost_of_sales: statementGroup,
  /** total_income − cost of sales. */
  gross_profit: z.string(),
  /** The other expense accounts (operating expenses). */
  expenses: statementGroup,
  total_income: z.string(),
  /** Cost of sales + operating expenses. */
  total_expenses: z.string(),
  /** total_income − total_expenses. */
  net_income: z.string(),
  comparison: z
    .object({
      from: z.string(),
      to: z.string(),
      total_income: z.string(),
      total_expenses: z.string(),
      net_income: z.string(),
      change: z.object({
        net_income: z.string(),
        /** Change ÷ |previous net income| × 100, one decimal; null when the previous net income is zero. */
        net_income_percent: z.string().nullable(),
      }),
    })
    .nullable(),
}));
export type ProfitLossReportPublic = z.infer<typeof profitLossReportPublic>;

export const balanceSheetReportPublic = z.lazy(() => z.object({
  as_of: z.string(),
  currency: z.string(),
  assets: z.object({ current: statementGroup, non_current: statementGroup, total: z.string() }),
  liabilities: z.object({ current: statementGroup, non_current: statementGroup, total: z.string() }),
  /** Equity accounts plus "Current period earnings": income − expenses to date, never closed by posting. */
  equity: statementGroup,
  total_liabilities_and_equity: z.string(),
  /** Total assets = total liabilities + equity. */
  balanced: z.boolean(),
}));
export type BalanceSheetReportPublic = z.infer<typeof balanceSheetReportPublic>;

export const trialBalanceReportPublic = z.lazy(() => z.object({
  as_of: z.string(),
  currency: z.string(),
  rows: z.array(
    z.object({
      account_id: z.string(),
      code: z.string(),
      name: z.string(),
      name_ar: z.string().nullable(),
      type: z.string(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
  total_debit: z.string(),
  total_credit: z.string(),
  balanced: z.boolean(),
}));
export type TrialBalanceReportPublic = z.infer<typeof trialBalanceReportPublic>;

export const workingCapitalReportPublic = z.lazy(() => z.object({
  as_of: z.string(),
  currency: z.string(),
  current_assets: z.string(),
  current_liabilities: z.string(),
  working_capital: z.string(),
  /** Current assets ÷ current liabilities, two decimals; null without (positive) current liabilities. */
  current_ratio: z.string().nullable(),
  /** (Current assets − inventory − prepaid expenses) ÷ current liabilities; null likewise. */
  quick_ratio: z.string().nullable(),
  /** Cash on hand, bank and receipts in transit. */
  cash: z.string(),
  /** Accounts receivable and post-dated cheques received. */
  receivables: z.string(),
  inventory: z.string(),
  /** Accounts payable and post-dated cheques issued. */
  payables: z.string(),
  assets: z.array(statementAccountLine),
  liabilities: z.array(statementAccountLine),
}));
export type WorkingCapitalReportPublic = z.infer<typeof workingCapitalReportPublic>;

export const cashFlowLine = z.lazy(() => z.object({ label: z.string(), current_amount: z.string() }));
export type CashFlowLine = z.infer<typeof cashFlowLine>;

/** SPEC §3 "Cash flow statement", indirect method. ending − beginning = the three sections. */
export const cashFlowStatementReportPublic = z.lazy(() => z.object({
  period: statementPeriodPublic,
  currency: z.string(),
  beginning_cash_balance: z.string(),
  net_operating_cash_flow: z.string(),
  net_investing_cash_flow: z.string(),
  net_financing_cash_flow: z.string(),
  net_change_in_cash: z.string(),
  ending_cash_balance: z.string(),
  operating_activities: z.array(cashFlowLine),
  investing_activities: z.array(cashFlowLine),
  financing_activities: z.array(cashFlowLine),
}));
export type CashFlowStatementReportPublic = z.infer<typeof cashFlowStatementReportPublic>;

export const cashFlowCategoryPublic = z.lazy(() => z.object({
  /** The account's name in the caller's language. */
  category: z.string(),
  account_id: z.string(),
  code: z.string(),
  amount: z.string(),
  /** Journal lines posted to the account in the period. */
  transaction_count: z.number().int(),
}));

/** SPEC §3 "Cash flow category report": income and expense accounts over the period. */
export const cashFlowCategoriesReportPublic = z.lazy(() => z.object({
  period: statementPeriodPublic,
  currency: z.string(),
  category_type: z.enum(CASH_FLOW_CATEGORY_TYPES),
  /** Totals of the period, whatever category_type lists. */
  total_income: z.string(),
  total_expenses: z.string(),
  net_cash_flow: z.string(),
  income_categories: z.array(cashFlowCategoryPublic),
  expense_categories: z.array(cashFlowCategoryPublic),
}));
export type CashFlowCategoriesReportPublic = z.infer<typeof cashFlowCategoriesReportPublic>;
