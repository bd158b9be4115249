/**
 * Reading payments: one payment, the lists, a document's payments and the presenter — apart from
 * recording and voiding (payments.ts), so that the payments Lambda's reading routes load none of
 * the posting code (a route group of their own: payments/handler.ts).
 */
import { money } from '@daftar/shared';
import type { PaymentListQuery, PaymentPublic, PaymentType } from '@daftar/shared/schemas/payments';
import { Bill, type BillRecord } from '../db/bill.js';
import { Invoice, type InvoiceRecord } from '../db/invoice.js';
import { countMatching, takeAll, takeRange } from '../db/paging.js';
import { Payment, PaymentAllocation, allocationsOf, type PaymentRecord } from '../db/payment.js';
import { NotFound } from '../platform/errors.js';

export async function getPayment(organizationId: string, id: string): Promise<PaymentRecord> {
  const { data } = await Payment.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Payment not found');
  return data;
}

export async function getBill(organizationId: string, id: string): Promise<BillRecord> {
  const { data } = await Bill.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Bill not found');
  return data;
}

export async function getInvoiceOrNotFound(organizationId: string, id: string): Promise<InvoiceRecord> {
  const { data } = await Invoice.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Invoice not found');
  return data;
}

export const displayAmount = (amount: number, currency: string) => money.formatMoney(money.fromMinorUnits(amount, currency));

export async function listPayments(organizationId: string, query: Partial<PaymentListQuery> & { skip: number; limit: number }) {
  const base = query.payment_type
    ? Payment.query.byType({ organization_id: organizationId, payment_type: query.payment_type })
    : Payment.query.byCreation({ organization_id: organizationId });
  const { payment_method: method, contact_id: contactId } = query;
  const q =
    method || contactId
      ? base.where((a, { eq }) => [method ? eq(a.payment_method, method) : '', contactId ? eq(a.contact_id, contactId) : ''].filter(Boolean).join(' AND '))
      : base;
  const [data, count] = await Promise.all([takeRange(q, query.skip, query.limit), countMatching(q)]);
  return { data: data.map(presentPayment), count };
}

/** Every payment (short form, for pickers), newest first. */
export async function paymentOptions(organizationId: string, type?: PaymentType) {
  const q = type
    ? Payment.query.byType({ organization_id: organizationId, payment_type: type })
    : Payment.query.byCreation({ organization_id: organizationId });
  const data = await takeAll(q, 'desc');
  return {
    data: data.map((p) => ({
      id: p.id,
      number: p.number,
      payment_type: p.payment_type,
      payment_method: p.payment_method,
      status: p.status,
      contact_id: p.contact_id,
      date: p.date,
      amount: displayAmount(p.amount, p.currency),
    })),
    count: data.length,
  };
}

/** The payments (posted and void) that settled one invoice or bill, oldest first. */
export async function paymentsOfDocument(organizationId: string, documentType: 'invoice' | 'bill', documentId: string) {
  if (documentType === 'invoice') await getInvoiceOrNotFound(organizationId, documentId);
  else await getBill(organizationId, documentId);
  const links = await takeAll(PaymentAllocation.query.byDocument({ organization_id: organizationId, document_type: documentType, document_id: documentId }), 'asc');
  if (!links.length) return { data: [], count: 0 };
  const { data } = await Payment.get(links.map((l) => ({ organization_id: organizationId, id: l.payment_id }))).go({ consistent: true });
  const byId = new Map(data.map((p) => [p.id, p]));
  const payments = links.map((l) => byId.get(l.payment_id)).filter((p): p is PaymentRecord => !!p);
  return { data: payments.map(presentPayment), count: payments.length };
}

export function presentPayment(payment: PaymentRecord): PaymentPublic {
  const text = (amount: number) => displayAmount(amount, payment.currency);
  return {
    id: payment.id,
    organization_id: payment.organization_id,
    number: payment.number,
    payment_type: payment.payment_type,
    payment_method: payment.payment_method,
    status: payment.status,
    contact_id: payment.contact_id,
    date: payment.date,
    currency: payment.currency,
    amount: text(payment.amount),
    allocated_amount: text(payment.allocated_amount),
    unallocated_amount: text(payment.amount - payment.allocated_amount),
    account_id: payment.account_id,
    reference: payment.reference ?? null,
    notes: payment.notes ?? null,
    cheque_due_date: payment.cheque_due_date ?? null,
    allocations: allocationsOf(payment).map((a) => ({
      invoice_id: a.document_type === 'invoice' ? a.document_id : null,
      bill_id: a.document_type === 'bill' ? a.document_id : null,
      amount: text(a.amount),
    })),
    journal_entry_id: payment.journal_entry_id,
    reversal_entry_id: payment.reversal_entry_id ?? null,
    voided_at: payment.voided_at ?? null,
    version: payment.version,
    created_at: payment.created_at,
    updated_at: payment.updated_at,
  };
}
