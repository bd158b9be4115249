/**
 * Ageing of what customers owe and what is owed to suppliers, from the open documents: invoices
 * confirmed, sent or partly paid, and bills confirmed or partly paid, issued on or before the date,
 * read through each entity's by-status index with only the attributes the ageing needs.
 *
 * Why this equals the control accounts (docs/ledger.md "What each document posts"; the sub-ledger
 * of ledger/documents.property.test.ts): receivable 1200 is debited with an invoice's gross on
 * confirmation and credited with each payment allocated to it and with the part of a credit note
 * that reduced what was still owed (`applied_to_invoice`); an overpayment, an unallocated receipt
 * or the rest of a credit note goes to customer store credit 2500, a liability, never to
 * receivable. So receivable = Σ invoices' gross − amount_paid − amount_credited (`outstandingOf`),
 * which is zero for paid invoices and never negative: summing the open ones is the whole balance.
 * Bills alike: payable 2100 = Σ gross − amount_paid (`billOutstanding`); supplier advances sit in
 * prepaid expenses 1500.
 *
 * Settlements are as recorded now: a payment dated after the date already reduces what a document
 * shows as owed. The ageing equals the control account's balance on the date whenever no payment
 * or credit note is dated after it (always for today, the default).
 *
 * This is accounting/dashboard.ts's ageing with the contact and the due date kept per document;
 * the dashboard could read its receivables and payables through `openInvoices`/`openBills` here.
 */
import type { BillStatus } from '@daftar/shared/schemas/bills';
import type { InvoiceStatus } from '@daftar/shared/schemas/invoices';
import type { AnalysisAging, CollectionRiskLevel } from '@daftar/shared/schemas/reportAnalyses';
import { Bill, billOutstanding } from '../../db/bill.js';
import { Contact } from '../../db/contact.js';
import { Invoice, outstandingOf } from '../../db/invoice.js';
import { readById } from '../../db/batch-get.js';
import { add, daysBetween, moneyText, roundTo1 } from './common.js';

const OPEN_INVOICE_STATUSES = ['confirmed', 'sent', 'partially_paid'] as const satisfies readonly InvoiceStatus[];
const OPEN_BILL_STATUSES = ['confirmed', 'partially_paid'] as const satisfies readonly BillStatus[];

export interface OpenDocument {
  id: string;
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  /** What is still owed, minor units (> 0). */
  outstanding: number;
}

export async function openInvoices(organizationId: string, asOf: string): Promise<OpenDocument[]> {
  const pages = await Promise.all(
    OPEN_INVOICE_STATUSES.map((status) =>
      Invoice.query
        .byStatus({ organization_id: organizationId, status })
        .where((a, { lte }) => lte(a.issue_date, asOf))
        .go({ pages: 'all', attributes: ['id', 'contact_id', 'issue_date', 'due_date', 'gross_total', 'amount_paid', 'amount_credited'] }),
    ),
  );
  return pages
    .flatMap((page) => page.data)
    .map((inv) => ({
      id: inv.id!,
      contact_id: inv.contact_id!,
      issue_date: inv.issue_date!,
      due_date: inv.due_date ?? null,
      outstanding: outstandingOf({ gross_total: inv.gross_total!, amount_paid: inv.amount_paid ?? 0, amount_credited: inv.amount_credited ?? 0 }),
    }))
    .filter((doc) => doc.outstanding > 0);
}

export async function openBills(organizationId: string, asOf: string): Promise<OpenDocument[]> {
  const pages = await Promise.all(
    OPEN_BILL_STATUSES.map((status) =>
      Bill.query
        .byStatus({ organization_id: organizationId, status })
        .where((a, { lte }) => lte(a.issue_date, asOf))
        .go({ pages: 'all', attributes: ['id', 'contact_id', 'issue_date', 'due_date', 'gross_total', 'amount_paid'] }),
    ),
  );
  return pages
    .flatMap((page) => page.data)
    .map((bill) => ({
      id: bill.id!,
      contact_id: bill.contact_id!,
      issue_date: bill.issue_date!,
      due_date: bill.due_date ?? null,
      outstanding: billOutstanding({ gross_total: bill.gross_total!, amount_paid: bill.amount_paid ?? 0 }),
    }))
    .filter((doc) => doc.outstanding > 0);
}

export const AGING_KEYS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgingKey = (typeof AGING_KEYS)[number];
export type AgingAmounts = Record<AgingKey, number>;

const noAging = (): AgingAmounts => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0 });

/** Days past the due date (the issue date when there is none): 0 or less is not yet due. */
export function agingKey(document: Pick<OpenDocument, 'issue_date' | 'due_date'>, asOf: string): AgingKey {
  const late = daysBetween(document.due_date ?? document.issue_date, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'over_90';
}

export interface ContactAging {
  contact_id: string;
  total: number;
  aging: AgingAmounts;
  document_count: number;
}

export interface AgingFigures {
  total: number;
  overdue: number;
  documentCount: number;
  aging: AgingAmounts;
  /** Amount-weighted average of the days since issue, one decimal; 0 when nothing is owed. */
  averageDays: number;
  risk: CollectionRiskLevel;
  /** Per contact, most owed first (ties by contact id, so the order is stable). */
  contacts: ContactAging[];
}

/**
 * The risk of the open balance, on its overdue share and age:
 * - High when half or more is past due, or a quarter or more is over 90 days past due;
 * - Low when less than a fifth is past due and the average age is at most 30 days;
 * - Medium otherwise. Nothing owed is Low.
 */
export function riskLevel(total: number, overdue: number, over90: number, averageDays: number): CollectionRiskLevel {
  if (total <= 0) return 'Low';
  if (overdue / total >= 0.5 || over90 / total >= 0.25) return 'High';
  if (overdue / total < 0.2 && averageDays <= 30) return 'Low';
  return 'Medium';
}

export function ageDocuments(documents: readonly OpenDocument[], asOf: string): AgingFigures {
  const aging = noAging();
  const byContact = new Map<string, ContactAging>();
  let total = 0;
  // Σ outstanding × days can pass 2^53 for large books: the weighted sum is a float on purpose.
  let weightedDays = 0;
  for (const doc of documents) {
    if (doc.issue_date > asOf || doc.outstanding <= 0) continue;
    const key = agingKey(doc, asOf);
    total = add(total, doc.outstanding);
    aging[key] = add(aging[key], doc.outstanding);
    weightedDays += doc.outstanding * daysBetween(doc.issue_date, asOf);
    const contact = byContact.get(doc.contact_id) ?? { contact_id: doc.contact_id, total: 0, aging: noAging(), document_count: 0 };
    contact.total = add(contact.total, doc.outstanding);
    contact.aging[key] = add(contact.aging[key], doc.outstanding);
    contact.document_count++;
    byContact.set(doc.contact_id, contact);
  }
  const overdue = total - aging.current;
  const averageDays = total ? roundTo1(weightedDays / total) : 0;
  const contacts = [...byContact.values()].sort((a, b) => b.total - a.total || (a.contact_id < b.contact_id ? -1 : 1));
  const documentCount = contacts.reduce((n, c) => n + c.document_count, 0);
  return { total, overdue, documentCount, aging, averageDays, risk: riskLevel(total, overdue, aging.over_90, averageDays), contacts };
}

export const agingText = (aging: AgingAmounts, currency: string): AnalysisAging => ({
  current: moneyText(aging.current, currency),
  days_1_30: moneyText(aging.days_1_30, currency),
  days_31_60: moneyText(aging.days_31_60, currency),
  days_61_90: moneyText(aging.days_61_90, currency),
  over_90: moneyText(aging.over_90, currency),
});

export interface ContactName {
  name: string;
  name_ar: string | null;
}

/** The contacts' names (one BatchGet per 100); a contact that cannot be read is named by its id. */
export async function contactNames(organizationId: string, ids: Iterable<string>): Promise<Map<string, ContactName>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const found = await readById((keys) => Contact.get(keys).go({ attributes: ['id', 'name', 'name_ar'] }), organizationId, wanted);
  return new Map(wanted.map((id) => {
    const contact = found.get(id);
    return [id, { name: contact?.name ?? id, name_ar: contact?.name_ar ?? null }];
  }));
}
