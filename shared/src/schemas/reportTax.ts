/**
 * The Jordan general sales tax (GST) return: `GET reports/jordan-tax` (SPEC §7) and the
 * `vat-return` catalogue report. GST is filed for two-month periods (January–February,
 * March–April, … November–December; JORDAN.md §2.2), named by their first month (`tax_period`
 * `2026-03` = March–April 2026). Money is decimal strings in the organization's currency.
 */
import * as z from 'zod';
import { REPORT_PERIODS } from '../reportPeriods.js';
import { calendarDate } from './common.js';

// Schemas here are built on first use (z.lazy): the reports Lambda imports this module at every
// cold start, and building every schema then was about 5 % of its load CPU (issue 13). One
// that other schemas derive from (`.extend`, `.optional()`, …) stays built at import.

/** The first month of a two-month GST filing period, YYYY-MM with an odd month (01, 03, … 11). */
export const jordanTaxPeriodMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the first month of the filing period, written YYYY-MM')
  .refine((value) => Number(value.slice(5, 7)) % 2 === 1, {
    message: 'GST is filed for January–February, March–April, May–June, July–August, September–October and November–December: tax_period is the first of the two months (01, 03, 05, 07, 09 or 11)',
  });

/**
 * `tax_period` names the filing period outright. Without it, a `period` (or custom range) given
 * selects the filing period holding its last day; with neither, the last two-month period that has
 * ended in the organization's time zone.
 */
export const jordanTaxReportQuery = z.lazy(() => z.object({
  period: z.enum(REPORT_PERIODS).optional(),
  custom_start: calendarDate.optional(),
  custom_end: calendarDate.optional(),
  tax_period: jordanTaxPeriodMonth.optional(),
}));
export type JordanTaxReportQuery = z.output<typeof jordanTaxReportQuery>;

/** Taxable amount and tax at one positive rate, net of the period's credit notes. */
export const jordanTaxRateFigures = z.lazy(() => z.object({
  /** Percent as canonical text: "16", "4", "7.5". */
  rate: z.string(),
  taxable_amount: z.string(),
  tax_amount: z.string(),
  /** Documents with a line at this rate (sales invoices, or supplier bills and expenses). */
  invoice_count: z.number(),
}));
export type JordanTaxRateFigures = z.output<typeof jordanTaxRateFigures>;

export const jordanTaxReportPublic = z.lazy(() => z.object({
  tax_period: z.object({ from: z.string(), to: z.string(), label: z.string(), label_ar: z.string() }),
  currency: z.string(),
  /** Recorded by the Jordan GST setup; null until the organization gives it. */
  gst_registration_number: z.string().nullable(),
  /** Standard- and reduced-rate sales by rate (invoices less credit notes). */
  sales_by_rate: z.array(jordanTaxRateFigures),
  /** 0% sales where input tax stays recoverable (JoFotara category O), less credit notes. */
  zero_rated_sales: z.string(),
  /** Sales exempt from GST (JoFotara category Z), and lines without a tax, less credit notes. */
  exempt_sales: z.string(),
  /**
   * Exported sales. Null: no document records that a sale was exported (contacts carry no country,
   * submissions no export scope), so exports are reported among the zero-rated sales.
   */
  export_sales: z.string().nullable(),
  /** Movement of the special sales tax account over the period (filed monthly, on its own return). */
  special_tax: z.string(),
  /** Taxable, zero-rated and exempt sales, less credit notes, before tax. */
  total_sales: z.string(),
  /** GST charged on sales less GST credited back by credit notes. */
  output_tax: z.string(),
  /** Purchases (confirmed bills, approved expenses) whose GST is recoverable, by rate. */
  purchases_by_rate: z.array(jordanTaxRateFigures),
  /** Zero-rated, exempt and untaxed purchases, before tax. */
  exempt_purchases: z.string(),
  /** GST paid on purchases whose tax is not recoverable (kept in the cost by the ledger). */
  non_recoverable_tax: z.string(),
  input_tax: z.string(),
  /** output_tax − input_tax; negative = a credit carried forward. */
  net_tax_due: z.string(),
  /** What the period's credit notes took off the sales and the output tax (already deducted above). */
  credit_returns: z.object({ taxable_amount: z.string(), tax_amount: z.string(), count: z.number() }),
  /** 30 days after the period ends. */
  due_date: z.string(),
  /** The same figures from the ledger's balance items: movement of the VAT output and input accounts. */
  ledger_check: z.object({ output_tax: z.string(), input_tax: z.string(), agrees: z.boolean() }),
}));
export type JordanTaxReportPublic = z.output<typeof jordanTaxReportPublic>;
