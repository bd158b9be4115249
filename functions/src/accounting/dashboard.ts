/**
 * The accounting summary and dashboard, read from what the ledger and the documents keep for
 * reading: the balance items (ledger/balances.ts, never the journal lines), the invoices' and
 * bills' by-status index, and the journal's by-date index.
 *
 * Reads per call (all after the organization's GetItem, in parallel):
 * - summary: the chart (1 Query) and the balance items up to the date (1 Query, paged:
 *   O(accounts × months)); every balance figure — totals, year to date, cash, the twelve months,
 *   sales tax — is summed from that one read;
 * - dashboard, in addition: receivables 3 Queries (invoices confirmed, sent, partially_paid, only
 *   the attributes needed), payables 2 Queries (bills confirmed, partially_paid), counts per status
 *   3 + 3 `Select: COUNT` Queries for the other statuses (open ones are counted from the items
 *   read), recent entries 1 Query (by date, newest first, stopping at five posted ones).
 */
import type { AccountType } from '@daftar/shared/schemas/accounting';
import {
  ACCOUNTING_AGING_BUCKETS,
  type AccountingDashboardPublic,
  type AccountingSummaryPublic,
} from '@daftar/shared/schemas/accountingDashboard';
import { BILL_STATUSES } from '@daftar/shared/schemas/codes';
import type { BillStatus } from '@daftar/shared/schemas/bills';
import { INVOICE_STATUSES } from '@daftar/shared/schemas/codes';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import type { AccountRecord } from '../db/account.js';
import { Bill, billOutstanding } from '../db/bill.js';
import { Invoice, outstandingOf } from '../db/invoice.js';
import { JournalEntry } from '../db/journalEntry.js';
import { organizationSettings } from '../organizations/settings.js';
import { countMatching } from '../db/paging.js';
import { balanceItems, itemTotals, normalBalance, type Totals } from '../ledger/balances.js';
import { CASH_SUBTYPES, ensureChartOfAccounts, loadChart } from '../ledger/chart.js';
import { addDays, dayOf, monthOf, previousMonth, todayIn } from '../ledger/dates.js';
import { formatAmount, presentEntry } from '../ledger/present.js';
import { nowIso } from '../platform/ids.js';

const OPEN_INVOICE_STATUSES = ['confirmed', 'sent', 'partially_paid'] as const satisfies readonly InvoiceStatus[];
const OPEN_BILL_STATUSES = ['confirmed', 'partially_paid'] as const satisfies readonly BillStatus[];
const RECENT_ENTRIES = 5;
const MONTHS_SHOWN = 12;

const add = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new Error('Amount exceeds the safe integer range');
  return total;
};
const addTotals = (a: Totals | undefined, b: Totals): Totals => ({ debit: add(a?.debit ?? 0, b.debit), credit: add(a?.credit ?? 0, b.credit) });

// ---------------------------------------------------------------------------------------------
// Dates

/** The `count` months ending with `month`, oldest first. */
function monthsEndingAt(month: string, count: number): string[] {
  const out = [month];
  while (out.length < count) out.unshift(previousMonth(out[0]!));
  return out;
}

/** First day of the fiscal year containing `date`, the year starting in `startMonth` (1–12). */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const first = Math.min(12, Math.max(1, Math.trunc(startMonth) || 1));
  return `${month >= first ? year : year - 1}-${String(first).padStart(2, '0')}-01`;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

// ---------------------------------------------------------------------------------------------
// Balance figures

interface Books {
  organizationId: string;
  currency: string;
  asOf: string;
  fiscalYearStart: string;
  chart: AccountRecord[];
  /** Per account: postings dated up to the date. */
  toDate: Map<string, Totals>;
  /** Per account: postings of the fiscal year up to the date. */
  yearToDate: Map<string, Totals>;
  /** Per month of the last twelve, per account. */
  byMonth: Map<string, Map<string, Totals>>;
}

/** One read of the balance items up to the date, summed three ways. */
async function readBooks(organizationId: string, asOfInput?: string): Promise<Books> {
  const organization = await organizationSettings(organizationId);
  const asOf = asOfInput ?? todayIn(organization.timeZone);
  const fyStart = fiscalYearStart(asOf, organization.fiscalYearStartMonth);
  const asOfMonth = monthOf(asOf);
  const fyStartMonth = monthOf(fyStart);
  const shownMonths = new Set(monthsEndingAt(asOfMonth, MONTHS_SHOWN));

  await ensureChartOfAccounts(organizationId);
  const [chart, items] = await Promise.all([loadChart(organizationId), balanceItems(organizationId, { to: asOf })]);
  const toDate = new Map<string, Totals>();
  const yearToDate = new Map<string, Totals>();
  const byMonth = new Map<string, Map<string, Totals>>();
  for (const item of items) {
    const totals = itemTotals(item, '01', item.month === asOfMonth ? dayOf(asOf) : '31');
    if (!totals.debit && !totals.credit) continue;
    toDate.set(item.account_id, addTotals(toDate.get(item.account_id), totals));
    if (item.month >= fyStartMonth) yearToDate.set(item.account_id, addTotals(yearToDate.get(item.account_id), totals));
    if (shownMonths.has(item.month)) {
      const month = byMonth.get(item.month) ?? new Map<string, Totals>();
      month.set(item.account_id, addTotals(month.get(item.account_id), totals));
      byMonth.set(item.month, month);
    }
  }
  return { organizationId, currency: organization.currency, asOf, fiscalYearStart: fyStart, chart, toDate, yearToDate, byMonth };
}

/** Sum of the normal balances of the chart's accounts that `pick` selects. */
function sumOf(books: Books, balances: Map<string, Totals> | undefined, pick: (account: AccountRecord) => boolean): number {
  let total = 0;
  for (const account of books.chart) if (pick(account)) total = add(total, normalBalance(account.type, balances?.get(account.id)));
  return total;
}
const ofType = (type: AccountType) => (account: AccountRecord) => account.type === type;
const ofSubtype = (...subtypes: readonly string[]) => (account: AccountRecord) => subtypes.includes(account.subtype);

function summaryOf(books: Books, lastUpdated: string): AccountingSummaryPublic {
  const text = (minor: number) => formatAmount(minor, books.currency);
  const revenue = sumOf(books, books.yearToDate, ofType('income'));
  const expenses = sumOf(books, books.yearToDate, ofType('expense'));
  return {
    financial_summary: {
      total_revenue_ytd: text(revenue),
      total_expenses_ytd: text(expenses),
      net_income_ytd: text(revenue - expenses),
      total_assets: text(sumOf(books, books.toDate, ofType('asset'))),
      total_liabilities: text(sumOf(books, books.toDate, ofType('liability'))),
    },
    current_cash_position: text(sumOf(books, books.toDate, (a) => a.type === 'asset' && CASH_SUBTYPES.includes(a.subtype))),
    last_updated: lastUpdated,
    currency: books.currency,
    as_of_date: books.asOf,
    fiscal_year_start: books.fiscalYearStart,
  };
}

export async function accountingSummary(organizationId: string, asOf?: string): Promise<AccountingSummaryPublic> {
  const lastUpdated = nowIso();
  return summaryOf(await readBooks(organizationId, asOf), lastUpdated);
}

// ---------------------------------------------------------------------------------------------
// Receivables and payables

interface OpenDocument {
  issue_date: string;
  due_date?: string;
  outstanding: number;
}

function openDocumentsFigures(documents: OpenDocument[], asOf: string, currency: string) {
  const buckets = ACCOUNTING_AGING_BUCKETS.map((bucket) => ({ bucket, amount: 0, count: 0 }));
  let outstanding = 0;
  let overdue = 0;
  let outstandingCount = 0;
  let overdueCount = 0;
  for (const doc of documents) {
    if (doc.issue_date > asOf || doc.outstanding <= 0) continue;
    outstanding = add(outstanding, doc.outstanding);
    outstandingCount++;
    if ((doc.due_date ?? doc.issue_date) < asOf) {
      overdue = add(overdue, doc.outstanding);
      overdueCount++;
    }
    const age = daysBetween(doc.issue_date, asOf);
    const bucket = buckets[age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3]!;
    bucket.amount = add(bucket.amount, doc.outstanding);
    bucket.count++;
  }
  const text = (minor: number) => formatAmount(minor, currency);
  return {
    outstanding: text(outstanding),
    outstanding_count: outstandingCount,
    overdue_amount: text(overdue),
    overdue_count: overdueCount,
    aging: buckets.map((b) => ({ bucket: b.bucket, amount: text(b.amount), count: b.count })),
  };
}

const DOCUMENT_ATTRIBUTES = ['id', 'issue_date', 'due_date', 'gross_total', 'amount_paid'] as const;

async function openInvoices(organizationId: string) {
  const pages = await Promise.all(
    OPEN_INVOICE_STATUSES.map((status) =>
      Invoice.query.byStatus({ organization_id: organizationId, status }).go({ pages: 'all', attributes: [...DOCUMENT_ATTRIBUTES, 'amount_credited'] }),
    ),
  );
  return OPEN_INVOICE_STATUSES.map((status, i) => ({
    status,
    documents: pages[i]!.data.map((inv) => ({
      issue_date: inv.issue_date!,
      due_date: inv.due_date,
      outstanding: outstandingOf({ gross_total: inv.gross_total!, amount_paid: inv.amount_paid ?? 0, amount_credited: inv.amount_credited ?? 0 }),
    })),
  }));
}

async function openBills(organizationId: string) {
  const pages = await Promise.all(
    OPEN_BILL_STATUSES.map((status) => Bill.query.byStatus({ organization_id: organizationId, status }).go({ pages: 'all', attributes: [...DOCUMENT_ATTRIBUTES] })),
  );
  return OPEN_BILL_STATUSES.map((status, i) => ({
    status,
    documents: pages[i]!.data.map((bill) => ({
      issue_date: bill.issue_date!,
      due_date: bill.due_date,
      outstanding: billOutstanding({ gross_total: bill.gross_total!, amount_paid: bill.amount_paid ?? 0 }),
    })),
  }));
}

/** Documents per status: the open statuses from what was read, the others with a COUNT Query each. */
async function countsByStatus<S extends string>(
  all: readonly S[],
  open: { status: S; documents: unknown[] }[],
  countOf: (status: S) => Promise<number>,
): Promise<Record<S, number>> {
  const known = new Map<S, number>(open.map((o) => [o.status, o.documents.length]));
  const counts = await Promise.all(all.map((status) => known.get(status) ?? countOf(status)));
  return Object.fromEntries(all.map((status, i) => [status, counts[i]!])) as Record<S, number>;
}

// ---------------------------------------------------------------------------------------------
// The dashboard

async function recentEntries(organizationId: string, asOf: string) {
  const { data } = await JournalEntry.query
    .byDate({ organization_id: organizationId })
    .lt({ date: addDays(asOf, 1) })
    .where((a, { ne }) => ne(a.status, 'draft'))
    .go({ order: 'desc', count: RECENT_ENTRIES, pages: 'all' });
  return data.slice(0, RECENT_ENTRIES);
}

export async function accountingDashboard(organizationId: string, asOf?: string): Promise<AccountingDashboardPublic> {
  const lastUpdated = nowIso();
  const books = await readBooks(organizationId, asOf);
  const [invoices, bills, entries] = await Promise.all([openInvoices(organizationId), openBills(organizationId), recentEntries(organizationId, books.asOf)]);
  const [invoiceCounts, billCounts] = await Promise.all([
    countsByStatus(INVOICE_STATUSES, invoices, (status) => countMatching(Invoice.query.byStatus({ organization_id: organizationId, status }))),
    countsByStatus(BILL_STATUSES, bills, (status) => countMatching(Bill.query.byStatus({ organization_id: organizationId, status }))),
  ]);

  const text = (minor: number) => formatAmount(minor, books.currency);
  const accounts = new Map(books.chart.map((a) => [a.id, a]));
  const cashAccounts = books.chart
    .filter((a) => a.type === 'asset' && CASH_SUBTYPES.includes(a.subtype) && (a.is_active || books.toDate.has(a.id)))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((a) => ({
      account_id: a.id,
      code: a.code,
      name: a.name,
      name_ar: a.name_ar ?? null,
      subtype: a.subtype,
      is_active: a.is_active,
      balance: text(normalBalance(a.type, books.toDate.get(a.id))),
    }));
  const monthly = monthsEndingAt(monthOf(books.asOf), MONTHS_SHOWN).map((month) => {
    const balances = books.byMonth.get(month);
    const revenue = sumOf(books, balances, ofType('income'));
    const expenses = sumOf(books, balances, ofType('expense'));
    return { month, revenue: text(revenue), expenses: text(expenses), net_income: text(revenue - expenses) };
  });
  const outputTax = sumOf(books, books.toDate, (a) => a.type === 'liability' && ofSubtype('vat_output')(a));
  const inputTax = sumOf(books, books.toDate, (a) => a.type === 'asset' && ofSubtype('vat_input')(a));

  return {
    ...summaryOf(books, lastUpdated),
    receivables: openDocumentsFigures(invoices.flatMap((o) => o.documents), books.asOf, books.currency),
    payables: openDocumentsFigures(bills.flatMap((o) => o.documents), books.asOf, books.currency),
    cash_accounts: cashAccounts,
    monthly,
    invoice_counts: invoiceCounts,
    bill_counts: billCounts,
    sales_tax: { output_tax: text(outputTax), input_tax: text(inputTax), net_payable: text(outputTax - inputTax) },
    recent_journal_entries: entries.map((entry) => presentEntry(entry, accounts)),
  };
}
