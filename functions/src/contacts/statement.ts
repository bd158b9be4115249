/**
 * A contact's account (GitHub issue 12): what a customer owes us or we owe a supplier, their
 * invoices or bills, and a statement over a period with a running balance.
 *
 * Read from the documents, not from the ledger: the receivable and payable postings carry no
 * contact, while every invoice, bill and payment records "this document names the contact" as a
 * Reference item (db/reference.ts) — one Query finds a contact's documents, a BatchGet reads them.
 * Credit notes are found through their invoices (the returns of one invoice are one Query).
 *
 * Signs, from the contact's side of the books:
 * - customer: invoices are debits; payments received and credit notes are credits; the balance is
 *   debit − credit, what the customer owes (negative: the customer holds credit with us);
 * - supplier: bills are credits; payments sent are debits; the balance is credit − debit, what we
 *   owe the supplier (negative: we paid in advance).
 * Drafts touch no books and are left out; cancelled invoices and bills and voided payments were
 * reversed, so they are left out too (their entry and its reversal cancel out).
 */
import type { ContactAccountRole, ContactDocument, ContactStatement, ContactStatementLine, ContactStatementQuery } from '@daftar/shared/schemas/contacts';
import { CUSTOMER_TYPES, SUPPLIER_TYPES } from '@daftar/shared/schemas/codes';
import { readById } from '../db/batch-get.js';
import { Bill, billOutstanding, type BillRecord } from '../db/bill.js';
import type { ContactRecord } from '../db/contact.js';
import { Invoice, outstandingOf, type InvoiceRecord } from '../db/invoice.js';
import { InvoiceReturn, type InvoiceReturnRecord } from '../db/invoiceReturn.js';
import { Payment, type PaymentRecord } from '../db/payment.js';
import { Reference } from '../db/reference.js';
import { todayIn } from '../ledger/dates.js';
import { formatAmount } from '../ledger/present.js';
import { organizationSettings } from '../organizations/settings.js';
import { ValidationError } from '../platform/errors.js';

/** Statuses whose documents are in the books. */
const POSTED_INVOICE = new Set(['confirmed', 'sent', 'partially_paid', 'paid']);
const OPEN_INVOICE = new Set(['confirmed', 'sent', 'partially_paid']);
const POSTED_BILL = new Set(['confirmed', 'partially_paid', 'paid']);
const OPEN_BILL = new Set(['confirmed', 'partially_paid']);

/** The ids of the documents of one kind that name the contact. */
async function referringIds(organizationId: string, contactId: string, sourceType: 'invoice' | 'bill' | 'payment'): Promise<string[]> {
  const { data } = await Reference.query
    .byTarget({ organization_id: organizationId, target_type: 'contact', target_id: contactId, source_type: sourceType })
    .go({ pages: 'all', consistent: true });
  return data.map((r) => r.source_id);
}

const readInvoices = (organizationId: string, ids: string[]) =>
  readById<InvoiceRecord>((keys) => Invoice.get(keys).go({ consistent: true }), organizationId, ids, { what: 'invoices' });
const readBills = (organizationId: string, ids: string[]) =>
  readById<BillRecord>((keys) => Bill.get(keys).go({ consistent: true }), organizationId, ids, { what: 'bills' });
const readPayments = (organizationId: string, ids: string[]) =>
  readById<PaymentRecord>((keys) => Payment.get(keys).go({ consistent: true }), organizationId, ids, { what: 'payments' });

async function returnsOf(organizationId: string, invoices: InvoiceRecord[]): Promise<InvoiceReturnRecord[]> {
  const credited = invoices.filter((i) => (i.amount_credited ?? 0) > 0);
  const pages = await Promise.all(
    credited.map((invoice) => InvoiceReturn.query.byInvoice({ organization_id: organizationId, invoice_id: invoice.id }).go({ pages: 'all' })),
  );
  return pages.flatMap((p) => p.data);
}

/** A movement on the contact's account in minor units, positive in the direction that raises the balance. */
interface Movement {
  date: string;
  /** Documents before settlements on the same day, then by creation. */
  order: number;
  createdAt: string;
  line: Omit<ContactStatementLine, 'debit' | 'credit' | 'balance'>;
  debit: number;
  credit: number;
}

interface Account {
  movements: Movement[];
  documents: ContactDocument[];
  outstanding: number;
  outstandingCount: number;
  overdue: number;
  overdueCount: number;
  credit: number;
}

const isOverdue = (doc: { due_date?: string; issue_date: string }, asOf: string) => (doc.due_date ?? doc.issue_date) < asOf;

/**
 * One invoice or bill on the contact's account: listed with what is still due (and whether it is
 * overdue), counted in the outstanding totals, and — once posted — a movement on the side that
 * raises what the contact owes (an invoice, debit) or is owed (a bill, credit).
 */
function recordDocument(
  account: Account,
  asOf: string,
  currency: string,
  entry: {
    document: { id: string; number?: string; status: string; issue_date: string; due_date?: string; gross_total: number; created_at: string };
    type: 'invoice' | 'bill';
    due: number;
    posted: boolean;
    reference: string | null;
    side: 'debit' | 'credit';
  },
) {
  const { document, type, due, side } = entry;
  const overdue = due > 0 && isOverdue(document, asOf);
  account.documents.push({
    id: document.id,
    document_type: type,
    number: document.number ?? null,
    status: document.status,
    issue_date: document.issue_date,
    due_date: document.due_date ?? null,
    total: formatAmount(document.gross_total, currency),
    balance_due: formatAmount(due, currency),
    is_overdue: overdue,
  } as ContactDocument);
  if (due > 0) {
    account.outstanding += due;
    account.outstandingCount++;
    if (overdue) {
      account.overdue += due;
      account.overdueCount++;
    }
  }
  if (entry.posted) {
    account.movements.push({
      date: document.issue_date,
      order: 0,
      createdAt: document.created_at,
      line: { date: document.issue_date, document_type: type, document_id: document.id, document_number: document.number ?? null, reference: entry.reference },
      debit: side === 'debit' ? document.gross_total : 0,
      credit: side === 'credit' ? document.gross_total : 0,
    });
  }
}

/**
 * A posted payment on the contact's account: what it leaves unallocated is credit (the customer's
 * store credit, the advance to a supplier), and it moves the balance back — a receipt is a credit
 * on a customer's account, a payment sent a debit on a supplier's.
 */
function recordPayment(account: Account, payment: PaymentRecord, side: 'debit' | 'credit') {
  account.credit += payment.amount - payment.allocated_amount;
  account.movements.push({
    date: payment.date,
    order: 1,
    createdAt: payment.created_at,
    line: {
      date: payment.date,
      document_type: side === 'credit' ? 'payment_received' : 'payment_sent',
      document_id: payment.id,
      document_number: payment.number,
      reference: payment.reference ?? null,
    },
    debit: side === 'debit' ? payment.amount : 0,
    credit: side === 'credit' ? payment.amount : 0,
  });
}

async function customerAccount(organizationId: string, contactId: string, currency: string, asOf: string): Promise<Account> {
  const [invoiceIds, paymentIds] = await Promise.all([referringIds(organizationId, contactId, 'invoice'), referringIds(organizationId, contactId, 'payment')]);
  const [invoiceMap, paymentMap] = await Promise.all([readInvoices(organizationId, invoiceIds), readPayments(organizationId, paymentIds)]);
  const invoices = [...invoiceMap.values()].filter((i) => i.contact_id === contactId);
  const payments = [...paymentMap.values()].filter((p) => p.contact_id === contactId && p.payment_type === 'received' && p.status === 'posted');
  const posted = invoices.filter((i) => POSTED_INVOICE.has(i.status));
  const returns = await returnsOf(organizationId, posted);

  const account: Account = { movements: [], documents: [], outstanding: 0, outstandingCount: 0, overdue: 0, overdueCount: 0, credit: 0 };
  for (const invoice of invoices) {
    recordDocument(account, asOf, currency, {
      document: invoice,
      type: 'invoice',
      due: OPEN_INVOICE.has(invoice.status) ? Math.max(0, outstandingOf(invoice)) : 0,
      posted: POSTED_INVOICE.has(invoice.status),
      reference: invoice.reference ?? null,
      side: 'debit',
    });
  }
  for (const credit of returns) {
    account.credit += credit.store_credit;
    account.movements.push({
      date: credit.issue_date,
      order: 1,
      createdAt: credit.created_at,
      line: { date: credit.issue_date, document_type: 'credit_note', document_id: credit.id, document_number: credit.number, reference: credit.invoice_number },
      debit: 0,
      credit: credit.gross_total,
    });
  }
  for (const payment of payments) recordPayment(account, payment, 'credit');
  return account;
}

async function supplierAccount(organizationId: string, contactId: string, currency: string, asOf: string): Promise<Account> {
  const [billIds, paymentIds] = await Promise.all([referringIds(organizationId, contactId, 'bill'), referringIds(organizationId, contactId, 'payment')]);
  const [billMap, paymentMap] = await Promise.all([readBills(organizationId, billIds), readPayments(organizationId, paymentIds)]);
  const bills = [...billMap.values()].filter((b) => b.contact_id === contactId);
  const payments = [...paymentMap.values()].filter((p) => p.contact_id === contactId && p.payment_type === 'sent' && p.status === 'posted');

  const account: Account = { movements: [], documents: [], outstanding: 0, outstandingCount: 0, overdue: 0, overdueCount: 0, credit: 0 };
  for (const bill of bills) {
    recordDocument(account, asOf, currency, {
      document: bill,
      type: 'bill',
      due: OPEN_BILL.has(bill.status) ? Math.max(0, billOutstanding(bill)) : 0,
      posted: POSTED_BILL.has(bill.status),
      reference: bill.supplier_reference ?? null,
      side: 'credit',
    });
  }
  for (const payment of payments) recordPayment(account, payment, 'debit');
  return account;
}

const compareMovements = (a: Movement, b: Movement) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);

/** The role a statement is read in: the one asked for, which the contact must have, else the contact's own. */
function roleOf(contact: ContactRecord, asked: ContactAccountRole | undefined): ContactAccountRole {
  if (asked) {
    const types = asked === 'customer' ? CUSTOMER_TYPES : SUPPLIER_TYPES;
    if (!types.includes(contact.contact_type)) {
      throw new ValidationError([{ loc: ['query', 'role'], msg: `${contact.name} is a ${contact.contact_type}, not a ${asked}`, type: 'value_error' }]);
    }
    return asked;
  }
  return contact.contact_type === 'supplier' ? 'supplier' : 'customer';
}

export async function contactStatement(organizationId: string, contact: ContactRecord, query: ContactStatementQuery, now = new Date()): Promise<ContactStatement> {
  const role = roleOf(contact, query.role);
  const { currency, timeZone } = await organizationSettings(organizationId);
  const today = todayIn(timeZone, now);
  const endDate = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today);
  const startDate = query.start_date ?? `${endDate.slice(0, 4)}-01-01`;
  const account = role === 'customer' ? await customerAccount(organizationId, contact.id, currency, today) : await supplierAccount(organizationId, contact.id, currency, today);

  // The balance grows with debits for a customer (receivable) and with credits for a supplier (payable).
  const signed = (m: Pick<Movement, 'debit' | 'credit'>) => (role === 'customer' ? m.debit - m.credit : m.credit - m.debit);
  const text = (minor: number) => formatAmount(minor, currency);
  const movements = account.movements.sort(compareMovements);
  let opening = 0;
  let running = 0;
  let totalDebit = 0;
  let totalCredit = 0;
  const lines: ContactStatementLine[] = [];
  for (const movement of movements) {
    if (movement.date < startDate) {
      opening += signed(movement);
      continue;
    }
    if (movement.date > endDate) continue;
    if (!lines.length) running = opening;
    running += signed(movement);
    totalDebit += movement.debit;
    totalCredit += movement.credit;
    lines.push({ ...movement.line, debit: text(movement.debit), credit: text(movement.credit), balance: text(running) });
  }
  const closing = opening + (role === 'customer' ? totalDebit - totalCredit : totalCredit - totalDebit);
  const documents = account.documents.sort((a, b) => (a.issue_date > b.issue_date ? -1 : a.issue_date < b.issue_date ? 1 : a.id > b.id ? -1 : 1));

  return {
    contact_id: contact.id,
    role,
    currency,
    as_of_date: today,
    balance: {
      outstanding: text(account.outstanding),
      outstanding_count: account.outstandingCount,
      overdue: text(account.overdue),
      overdue_count: account.overdueCount,
      credit: text(account.credit),
      net: text(account.outstanding - account.credit),
    },
    start_date: startDate,
    end_date: endDate,
    opening_balance: text(opening),
    total_debit: text(totalDebit),
    total_credit: text(totalCredit),
    closing_balance: text(closing),
    lines,
    documents,
  };
}
