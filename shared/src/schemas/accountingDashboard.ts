/**
 * The accounting summary and dashboard (GitHub issue 4; SPEC §3 "Dashboard summary"). Money is a
 * decimal string in the organization's base currency. Year to date runs from the start of the
 * fiscal year that contains the date (the calendar year unless the organization set another
 * first month). Balances come from the ledger's balance items as of the date; receivables and
 * payables from the open invoices and bills issued on or before it, with what is settled as
 * recorded now.
 */
import * as z from 'zod';
import { journalEntryPublic } from './journalEntries.js';
import { calendarDate } from './common.js';
import { BILL_STATUSES, INVOICE_STATUSES } from './codes.js';

// Schemas here are built on first use (z.lazy): the reports Lambda imports this module at every
// cold start, and building every schema then was about 5 % of its load CPU (issue 13). One
// that other schemas derive from (`.extend`, `.optional()`, …) stays built at import.

export const accountingDashboardQuery = z.lazy(() => z.object({
  /** Defaults to today in the organization's time zone. */
  as_of_date: calendarDate.optional(),
}));

const amount = z.string();

export const accountingFinancialSummary = z.lazy(() => z.object({
  total_revenue_ytd: amount,
  total_expenses_ytd: amount,
  net_income_ytd: amount,
  total_assets: amount,
  total_liabilities: amount,
}));

export const accountingSummaryPublic = z.object({
  financial_summary: accountingFinancialSummary,
  /** Cash on hand, bank and undeposited (card/CliQ in transit) account balances together. */
  current_cash_position: amount,
  /** When these figures were computed (ISO 8601 UTC). */
  last_updated: z.string(),
  currency: z.string(),
  as_of_date: z.string(),
  /** First day of the fiscal year the year-to-date figures start from. */
  fiscal_year_start: z.string(),
});
export type AccountingSummaryPublic = z.infer<typeof accountingSummaryPublic>;

export const ACCOUNTING_AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;

/** Open documents by days since their issue date, as of the date. */
export const accountingAgingBucket = z.lazy(() => z.object({
  bucket: z.enum(ACCOUNTING_AGING_BUCKETS),
  amount,
  count: z.number().int(),
}));

export const accountingOpenDocuments = z.lazy(() => z.object({
  /** What is still owed on confirmed, sent and partly paid documents issued by the date. */
  outstanding: amount,
  outstanding_count: z.number().int(),
  /** The part whose due date (the issue date when none) is before the date. */
  overdue_amount: amount,
  overdue_count: z.number().int(),
  aging: z.array(accountingAgingBucket),
}));

export const accountingCashAccount = z.lazy(() => z.object({
  account_id: z.string(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  subtype: z.string(),
  is_active: z.boolean(),
  balance: amount,
}));

export const accountingMonth = z.lazy(() => z.object({
  /** YYYY-MM; the last month runs to the date. */
  month: z.string(),
  revenue: amount,
  expenses: amount,
  net_income: amount,
}));

export const accountingSalesTax = z.lazy(() => z.object({
  /** Balance of the sales tax payable (output) accounts. */
  output_tax: amount,
  /** Balance of the sales tax on purchases (input) accounts. */
  input_tax: amount,
  /** output − input: positive is owed to the tax department, negative is a credit. */
  net_payable: amount,
}));

export const accountingDashboardPublic = z.lazy(() => accountingSummaryPublic.extend({
  receivables: accountingOpenDocuments,
  payables: accountingOpenDocuments,
  cash_accounts: z.array(accountingCashAccount),
  /** The twelve months ending with the date's month, oldest first. */
  monthly: z.array(accountingMonth),
  /** Documents per status as they stand now (all dates). */
  invoice_counts: z.record(z.enum(INVOICE_STATUSES), z.number().int()),
  bill_counts: z.record(z.enum(BILL_STATUSES), z.number().int()),
  sales_tax: accountingSalesTax,
  /** The five latest posted (or reversed) journal entries dated on or before the date, newest first. */
  recent_journal_entries: z.array(journalEntryPublic),
}));
export type AccountingDashboardPublic = z.infer<typeof accountingDashboardPublic>;
