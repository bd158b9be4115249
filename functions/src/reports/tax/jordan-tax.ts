/**
 * Jordan's general sales tax (GST) return for one two-month filing period (JORDAN.md §2.2), from
 * the period's documents, cross-checked against the ledger's balance items.
 *
 * Sales: posted invoices (confirmed, sent, partially or fully paid) issued in the period, till
 * sales dated in it and layaways picked up in it (a layaway's deposits are not taxed: docs/decisions.md), less the credit notes (returns) issued in it and till returns, by the lines'
 * tax category and rate. Purchases: posted bills
 * and approved expenses dated in the period. Every figure is what the posting code booked (output
 * tax to the VAT output account on the issue date; recoverable input tax to VAT input), so the
 * documents' output and input tax equal the movement of those accounts over the period — the
 * `ledger_check`. A manual journal touching a tax account, or a tax made unrecoverable after its
 * bill was posted, makes them differ, and the check says so.
 *
 * Reads (in parallel): invoices 4 Queries (gsi2 by status, issue dates as a filter), returns 1
 * (gsi1, filter on issue date), bills 3 (gsi2 by status), expenses 1 (gsi1 by date range, status as
 * a filter), the taxes 1, the organization 1 GetItem, the chart 1 and the balance items of the
 * period (ledger/balances.ts).
 */
import { money } from '@daftar/shared';
import { gstPeriodFor } from '@daftar/shared/jordanTax';
import { todayInZone, addCalendarDays } from '@daftar/shared/reportPeriods';
import { jordanTaxPeriodMonth, type JordanTaxRateFigures, type JordanTaxReportPublic, type JordanTaxReportQuery } from '@daftar/shared/schemas/reportTax';
import { Bill, type StoredBillLine } from '../../db/bill.js';
import { Expense } from '../../db/expense.js';
import { Invoice, type StoredInvoiceLine } from '../../db/invoice.js';
import { InvoiceReturn, type StoredReturnLine } from '../../db/invoiceReturn.js';
import { PosTransaction, type StoredPosLine } from '../../db/posTransaction.js';
import { Layaway } from '../../db/layaway.js';
import { readOrganization } from '../../organizations/settings.js';
import { Tax } from '../../db/tax.js';
import { ValidationError } from '../../platform/errors.js';
import { accountBalances } from '../../ledger/balances.js';
import { loadChart } from '../../ledger/chart.js';
import { formatAmount } from '../../ledger/present.js';
import type { ReportOrganization } from '../definition.js';
import { resolvePeriod } from '../request.js';

/** Invoices that are posted to the ledger: drafts are not, and only drafts are ever cancelled. */
const POSTED_INVOICE_STATUSES = ['confirmed', 'sent', 'partially_paid', 'paid'] as const;
const POSTED_BILL_STATUSES = ['confirmed', 'partially_paid', 'paid'] as const;

/**
 * The return and the tax are due within 30 days after the two-month period ends (EY Tax News
 * 2020-0653, "Jordan announces economic measures…": "submit their sales tax returns … within 30
 * days following the end of every two-month period"; JORDAN.md §5 lists the deadline as not found
 * in its sources).
 */
export const GST_FILING_DAYS = 30;

export interface GstFilingPeriod {
  from: string;
  to: string;
  label: string;
  label_ar: string;
}

const filingPeriodHolding = (date: string): GstFilingPeriod => {
  const period = gstPeriodFor(date);
  return { from: period.start, to: period.end, label: period.label, label_ar: period.label_ar };
};

/** The filing period named by its first month (`2026-03`); a 422 for any other month or text. */
export function filingPeriodOfMonth(taxPeriod: string): GstFilingPeriod {
  const parsed = jordanTaxPeriodMonth.safeParse(taxPeriod);
  if (!parsed.success) {
    throw new ValidationError([{ loc: ['query', 'tax_period'], msg: parsed.error.issues[0]!.message, type: 'value_error' }]);
  }
  return filingPeriodHolding(`${taxPeriod}-01`);
}

/** The filing period holding a date (the vat-return table's period end). */
export const filingPeriodOfDate = (date: string): GstFilingPeriod => filingPeriodHolding(date);

/** The last two-month period that has ended, on the organization's calendar. */
export function lastCompletedFilingPeriod(timezone: string, now = new Date()): GstFilingPeriod {
  const current = gstPeriodFor(todayInZone(timezone, now));
  return filingPeriodHolding(addCalendarDays(current.start, -1));
}

/**
 * Which filing period a `jordan-tax` query asks for: `tax_period` outright; else the one holding the
 * last day of the `period` (or custom range) given; else the last one completed.
 */
export function resolveFilingPeriod(
  query: Partial<JordanTaxReportQuery>,
  calendar: Pick<ReportOrganization, 'timezone' | 'fiscal_year_start_month'>,
  now = new Date(),
): GstFilingPeriod {
  if (query.tax_period) return filingPeriodOfMonth(query.tax_period);
  if (query.period || query.custom_start || query.custom_end) {
    const period = query.period ?? (query.custom_start || query.custom_end ? 'custom' : undefined);
    return filingPeriodOfDate(resolvePeriod({ period, custom_start: query.custom_start, custom_end: query.custom_end }, calendar, 'query', now).to);
  }
  return lastCompletedFilingPeriod(calendar.timezone, now);
}

// ---------------------------------------------------------------------------------------------
// Figures

const add = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new Error('Amount exceeds the safe integer range');
  return total;
};

/** "16.0000" and "16" are one rate. */
const canonicalRate = (rate: string) => money.formatDecimal(money.parseDecimal(rate));

/** Taxable amounts and tax per positive rate, and the documents behind each. */
export class RateTotals {
  private readonly rates = new Map<string, { taxable: number; tax: number; documents: Set<string> }>();

  add(rate: string, documentId: string | null, taxable: number, tax: number) {
    const key = canonicalRate(rate);
    const entry = this.rates.get(key) ?? { taxable: 0, tax: 0, documents: new Set<string>() };
    entry.taxable = add(entry.taxable, taxable);
    entry.tax = add(entry.tax, tax);
    if (documentId) entry.documents.add(documentId);
    this.rates.set(key, entry);
  }

  get tax() {
    let total = 0;
    for (const entry of this.rates.values()) total = add(total, entry.tax);
    return total;
  }

  get taxable() {
    let total = 0;
    for (const entry of this.rates.values()) total = add(total, entry.taxable);
    return total;
  }

  /** Highest rate first (16, 10, 4 …), as the return lists them. */
  rows(): { rate: string; taxable: number; tax: number; count: number }[] {
    return [...this.rates]
      .map(([rate, entry]) => ({ rate, taxable: entry.taxable, tax: entry.tax, count: entry.documents.size }))
      .sort((a, b) => Number(b.rate) - Number(a.rate));
  }
}

/** The return's figures in minor units, before they are written as text. */
export interface GstReturnFigures {
  period: GstFilingPeriod;
  currency: string;
  gstRegistrationNumber: string | null;
  sales: RateTotals;
  zeroRatedSales: number;
  exemptSales: number;
  specialTax: number;
  totalSales: number;
  outputTax: number;
  purchases: RateTotals;
  exemptPurchases: number;
  nonRecoverableTax: number;
  inputTax: number;
  netTaxDue: number;
  credits: { taxable: number; tax: number; count: number };
  dueDate: string;
  ledger: { outputTax: number; inputTax: number; agrees: boolean };
}

type SaleLine = Pick<StoredInvoiceLine, 'tax_category' | 'tax_rate' | 'net' | 'tax' | 'special_tax'>;

/** The general tax's base: special sales tax is charged first and is part of it (JORDAN.md §2.1). */
const generalTaxBase = (line: SaleLine) => add(line.net, line.special_tax ?? 0);

const DAY_MS = 86_400_000;
/** The smallest UUIDv7 of a moment: its 48-bit millisecond time, then zeros. */
const uuidv7Floor = (ms: number) => {
  const hex = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
};

/** Deduplicated by id: a document changing status between two of the Queries is read once. */
function unique<T extends { id?: string }>(pages: { data: T[] }[]): T[] {
  const seen = new Map<string, T>();
  for (const page of pages) for (const item of page.data) if (item.id && !seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
}

async function periodDocuments(organizationId: string, period: GstFilingPeriod) {
  const { from, to } = period;
  const [invoicePages, returns, billPages, expenses, taxes, tills, layaways] = await Promise.all([
    Promise.all(
      POSTED_INVOICE_STATUSES.map((status) =>
        Invoice.query
          .byStatus({ organization_id: organizationId, status })
          .where((a, { between }) => between(a.issue_date, from, to))
          .go({ pages: 'all', attributes: ['id', 'issue_date', 'lines'] }),
      ),
    ),
    InvoiceReturn.query.byCreation({ organization_id: organizationId }).where((a, { between }) => between(a.issue_date, from, to)).go({ pages: 'all', attributes: ['id', 'issue_date', 'lines'] }),
    Promise.all(
      POSTED_BILL_STATUSES.map((status) =>
        Bill.query.byStatus({ organization_id: organizationId, status }).where((a, { between }) => between(a.issue_date, from, to)).go({ pages: 'all', attributes: ['id', 'issue_date', 'lines'] }),
      ),
    ),
    // `DATE#<to + 1 day>` sorts after every expense dated `to`.
    Expense.query
      .byDate({ organization_id: organizationId })
      .between({ date: from }, { date: addCalendarDays(to, 1) })
      .where((a, { eq }) => eq(a.status, 'approved'))
      .go({ pages: 'all', attributes: ['id', 'date', 'net_amount', 'tax_amount', 'tax_rate'] }),
    Tax.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all', attributes: ['id', 'purchase_account_subtype'] }),
    // Till receipts: their ids are UUIDv7, time-ordered, so the period (and two days either side,
    // for a receipt dated by the shop's clock in another day than UTC's) is a range of ids; the
    // business date the receipt posted on decides.
    PosTransaction.query
      .byId({ organization_id: organizationId })
      .between({ id: uuidv7Floor(Date.parse(`${from}T00:00:00Z`) - 2 * DAY_MS) }, { id: uuidv7Floor(Date.parse(`${to}T00:00:00Z`) + 3 * DAY_MS) })
      .where((a, { between }) => between(a.date, from, to))
      .go({ pages: 'all', attributes: ['id', 'date', 'kind', 'lines', 'new_lines'] }),
    // Layaways picked up in the period: the sale is made (and its JoFotara invoice issued) at pickup.
    Layaway.query
      .byStatus({ organization_id: organizationId, status: 'completed' })
      .where((a, { between }) => between(a.sale_date, from, to))
      .go({ pages: 'all', attributes: ['id', 'sale_date', 'lines'] }),
  ]);
  return { invoices: unique(invoicePages), returns: returns.data, bills: unique(billPages), expenses: expenses.data, taxes: taxes.data, tills: tills.data, layaways: layaways.data };
}

/** Movement of the accounts of one subtype over the period, in their normal direction. */
async function ledgerMovements(organizationId: string, period: GstFilingPeriod) {
  const [chart, balances] = await Promise.all([loadChart(organizationId), accountBalances(organizationId, { from: period.from, to: period.to })]);
  const movement = (subtype: string, side: 'debit' | 'credit') => {
    let total = 0;
    for (const account of chart) {
      if (account.subtype !== subtype) continue;
      const totals = balances.get(account.id);
      if (totals) total = add(total, side === 'credit' ? totals.credit - totals.debit : totals.debit - totals.credit);
    }
    return total;
  };
  return { vatOutput: movement('vat_output', 'credit'), vatInput: movement('vat_input', 'debit'), specialTax: movement('special_tax_output', 'credit') };
}

export async function gstReturnFigures(organization: Pick<ReportOrganization, 'id' | 'currency'>, period: GstFilingPeriod): Promise<GstReturnFigures> {
  const [record, documents, ledger] = await Promise.all([
    readOrganization(organization.id),
    periodDocuments(organization.id, period),
    ledgerMovements(organization.id, period),
  ]);

  const sales = new RateTotals();
  let zeroRatedSales = 0;
  let exemptSales = 0;
  /** A sale (sign 1) or a credit note taking one back (sign −1), line by line. */
  const book = (line: SaleLine, documentId: string | null, sign: 1 | -1) => {
    const net = sign * generalTaxBase(line);
    if (line.tax_category === 'standard') sales.add(line.tax_rate, documentId, net, sign * line.tax);
    else if (line.tax_category === 'zero_rated') zeroRatedSales = add(zeroRatedSales, net);
    else exemptSales = add(exemptSales, net);
  };
  for (const invoice of documents.invoices) for (const line of invoice.lines as StoredInvoiceLine[]) book(line, invoice.id!, 1);
  const credits = { taxable: 0, tax: 0, count: documents.returns.length };
  const credit = (line: SaleLine) => {
    book(line, null, -1);
    credits.taxable = add(credits.taxable, generalTaxBase(line));
    credits.tax = add(credits.tax, line.tax);
  };
  for (const note of documents.returns) for (const line of note.lines as StoredReturnLine[]) credit(line);
  // Till receipts: a sale's lines are sales; a return's lines are credits and an exchange's new lines sales.
  for (const receipt of documents.tills) {
    if (receipt.kind === 'sale') for (const line of receipt.lines as StoredPosLine[]) book(line, receipt.id!, 1);
    else {
      credits.count++;
      for (const line of receipt.lines as StoredPosLine[]) credit(line);
      for (const line of (receipt.new_lines ?? []) as StoredPosLine[]) book(line, receipt.id!, 1);
    }
  }

  for (const layaway of documents.layaways) for (const line of layaway.lines as StoredPosLine[]) book(line, layaway.id!, 1);
  // Bills post a line's tax to VAT input only when its tax is recoverable (bills/bills.ts).
  const recoverable = new Set(documents.taxes.filter((t) => t.purchase_account_subtype === 'vat_input').map((t) => t.id!));
  const purchases = new RateTotals();
  let exemptPurchases = 0;
  let nonRecoverableTax = 0;
  for (const bill of documents.bills) {
    for (const line of bill.lines as StoredBillLine[]) {
      if (line.tax > 0 && line.tax_id && recoverable.has(line.tax_id)) purchases.add(line.tax_rate, bill.id!, line.net, line.tax);
      else if (line.tax > 0) nonRecoverableTax = add(nonRecoverableTax, line.tax);
      else exemptPurchases = add(exemptPurchases, line.net);
    }
  }
  // An approved expense posts all of its tax to VAT input (expenses/expenses.ts).
  for (const expense of documents.expenses) {
    if ((expense.tax_amount ?? 0) > 0) purchases.add(expense.tax_rate!, expense.id!, expense.net_amount!, expense.tax_amount!);
    else exemptPurchases = add(exemptPurchases, expense.net_amount ?? 0);
  }

  const outputTax = sales.tax;
  const inputTax = purchases.tax;
  return {
    period,
    currency: organization.currency,
    gstRegistrationNumber: record.gst_registration_number ?? null,
    sales,
    zeroRatedSales,
    exemptSales,
    specialTax: ledger.specialTax,
    totalSales: add(add(sales.taxable, zeroRatedSales), exemptSales),
    outputTax,
    purchases,
    exemptPurchases,
    nonRecoverableTax,
    inputTax,
    netTaxDue: outputTax - inputTax,
    credits,
    dueDate: addCalendarDays(period.to, GST_FILING_DAYS),
    ledger: { outputTax: ledger.vatOutput, inputTax: ledger.vatInput, agrees: ledger.vatOutput === outputTax && ledger.vatInput === inputTax },
  };
}

/** The figures as `GET reports/jordan-tax` answers them. */
export function presentGstReturn(figures: GstReturnFigures): JordanTaxReportPublic {
  const text = (minor: number) => formatAmount(minor, figures.currency);
  const rates = (totals: RateTotals): JordanTaxRateFigures[] =>
    totals.rows().map((row) => ({ rate: row.rate, taxable_amount: text(row.taxable), tax_amount: text(row.tax), invoice_count: row.count }));
  return {
    tax_period: { ...figures.period },
    currency: figures.currency,
    gst_registration_number: figures.gstRegistrationNumber,
    sales_by_rate: rates(figures.sales),
    zero_rated_sales: text(figures.zeroRatedSales),
    exempt_sales: text(figures.exemptSales),
    export_sales: null,
    special_tax: text(figures.specialTax),
    total_sales: text(figures.totalSales),
    output_tax: text(figures.outputTax),
    purchases_by_rate: rates(figures.purchases),
    exempt_purchases: text(figures.exemptPurchases),
    non_recoverable_tax: text(figures.nonRecoverableTax),
    input_tax: text(figures.inputTax),
    net_tax_due: text(figures.netTaxDue),
    credit_returns: { taxable_amount: text(figures.credits.taxable), tax_amount: text(figures.credits.tax), count: figures.credits.count },
    due_date: figures.dueDate,
    ledger_check: { output_tax: text(figures.ledger.outputTax), input_tax: text(figures.ledger.inputTax), agrees: figures.ledger.agrees },
  };
}

export async function jordanTaxReturn(organization: Pick<ReportOrganization, 'id' | 'currency'>, period: GstFilingPeriod): Promise<JordanTaxReportPublic> {
  return presentGstReturn(await gstReturnFigures(organization, period));
}
