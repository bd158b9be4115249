import * as z from 'zod';
import { calendarDate, id, ledgerAmountInput, pagination } from './common.js';
import { PAYMENT_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES, MAX_PAYMENT_ALLOCATIONS, RECORDED_PAYMENT_METHODS } from './codes.js';
import type { PaymentType } from './codes.js';

/**
 * Payments received from customers and sent to suppliers (GitHub issue 4), allocated to invoices
 * (received) or bills (sent). A posted payment's money never changes: it is voided and recorded
 * again. Whatever is not allocated stays with the contact: a customer's credit (received) or an
 * advance to the supplier (sent).
 */
export { PAYMENT_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES, MAX_PAYMENT_ALLOCATIONS, RECORDED_PAYMENT_METHODS } from './codes.js';
export type { PaymentType, PaymentMethod, PaymentStatus } from './codes.js';

/** A positive amount in major units ("12.345" or 12.345); the currency's precision is checked by the server. */
const positiveAmount = ledgerAmountInput.refine((v) => Number(v) > 0, 'Amount must be greater than zero');

const paymentAllocationInvoice = z.strictObject({ invoice_id: id, amount: positiveAmount });
const paymentAllocationBill = z.strictObject({ bill_id: id, amount: positiveAmount });
export const paymentAllocationInput = z.union([paymentAllocationInvoice, paymentAllocationBill]);
export type PaymentAllocationInput = z.output<typeof paymentAllocationInput>;

const optionalText = (max: number) => z.string().trim().max(max).nullish();

const moneyFields = {
  payment_method: z.enum(PAYMENT_METHODS),
  date: calendarDate,
  amount: positiveAmount,
  /** The cash or bank side: an active cash, bank, undeposited-funds or cheques-received account; defaults by method. */
  account_id: id.nullish(),
  reference: optionalText(100),
  notes: optionalText(4000),
  /**
   * A post-dated cheque's own date (payment_method cheque): the day it can be cashed. The cash
   * forecast counts the money on that day (issue 17); the payment's `date` is when it was handed over.
   */
  cheque_due_date: calendarDate.nullish(),
};

/**
 * A cheque is cashed on or after the day it was handed over: a due date before the payment's date
 * is a typing slip (the forecast would count the money before it was received). A due date sent
 * with another method is not stored (functions/src/payments/payments.ts), so it is not checked.
 */
function chequeDueOnOrAfterPayment(v: { payment_method: string; date: string; cheque_due_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.payment_method === 'cheque' && v.cheque_due_date && v.cheque_due_date < v.date) {
    ctx.addIssue({ code: 'custom', path: ['cheque_due_date'], message: "A cheque's due date cannot be before the payment date" });
  }
}

/** Received payments allocate to invoices, sent ones to bills; a document appears once. */
function allocationsMatchType(v: { payment_type: PaymentType; allocations: PaymentAllocationInput[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.allocations.forEach((allocation, index) => {
    const isInvoice = 'invoice_id' in allocation;
    if (v.payment_type === 'received' && !isInvoice) {
      ctx.addIssue({ code: 'custom', path: ['allocations', index], message: 'A payment received is allocated to invoices (invoice_id)' });
    }
    if (v.payment_type === 'sent' && isInvoice) {
      ctx.addIssue({ code: 'custom', path: ['allocations', index], message: 'A payment sent is allocated to bills (bill_id)' });
    }
    const documentId = isInvoice ? allocation.invoice_id : allocation.bill_id;
    if (seen.has(documentId)) ctx.addIssue({ code: 'custom', path: ['allocations', index], message: 'Each document is allocated once per payment' });
    seen.add(documentId);
  });
}

export const paymentCreate = z
  .strictObject({
    payment_type: z.enum(PAYMENT_TYPES),
    contact_id: id,
    ...moneyFields,
    allocations: z.array(paymentAllocationInput).max(MAX_PAYMENT_ALLOCATIONS, `A payment is allocated to at most ${MAX_PAYMENT_ALLOCATIONS} documents`).default([]),
  })
  .superRefine(allocationsMatchType)
  .superRefine(chequeDueOnOrAfterPayment);
export type PaymentCreate = z.output<typeof paymentCreate>;

/** POST bills/{bill_id}/payments: pays that bill; the supplier is the bill's. */
export const billPaymentCreate = z.strictObject(moneyFields).superRefine(chequeDueOnOrAfterPayment);
export type BillPaymentCreate = z.output<typeof billPaymentCreate>;

/**
 * PUT payments/{id}: reference and notes change; the money fields may be sent back unchanged (a
 * form posting the whole payment), but a different value is refused with 409 — void and record again.
 */
export const paymentUpdate = z.strictObject({
  reference: optionalText(100),
  notes: optionalText(4000),
  version: z.number().int().min(1).optional(),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  contact_id: id.optional(),
  date: calendarDate.optional(),
  amount: ledgerAmountInput.optional(),
  account_id: id.nullish(),
  allocations: z.array(paymentAllocationInput).max(MAX_PAYMENT_ALLOCATIONS).optional(),
});
export type PaymentUpdate = z.output<typeof paymentUpdate>;

export const paymentListQuery = pagination.extend({
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  payment_method: z.enum(RECORDED_PAYMENT_METHODS).optional(),
  contact_id: id.optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuery>;
export const paymentPageQuery = pagination;
export const paymentOptionsQuery = z.object({ payment_type: z.enum(PAYMENT_TYPES).optional() });

export const paymentAllocationPublic = z.object({
  invoice_id: z.string().nullable(),
  bill_id: z.string().nullable(),
  amount: z.string(),
});

export const paymentPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  number: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_method: z.enum(RECORDED_PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  contact_id: z.string(),
  date: z.string(),
  currency: z.string(),
  amount: z.string(),
  allocated_amount: z.string(),
  /** Kept as the customer's credit (received) or the supplier advance (sent). */
  unallocated_amount: z.string(),
  account_id: z.string(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  cheque_due_date: z.string().nullable().optional(),
  allocations: z.array(paymentAllocationPublic),
  journal_entry_id: z.string(),
  reversal_entry_id: z.string().nullable(),
  voided_at: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentPublic = z.infer<typeof paymentPublic>;

export const paymentOption = z.object({
  id: z.string(),
  number: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_method: z.enum(RECORDED_PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  contact_id: z.string(),
  date: z.string(),
  amount: z.string(),
});
