import * as z from 'zod';
import { TAX_CATEGORIES } from '../tax.js';
import { calendarDate, email, id, pagination } from './common.js';

/**
 * Sending an invoice by e-mail and returns against invoices (credit notes) — GitHub issue 4.
 * Both act on a confirmed (or later) invoice.
 */

export const INVOICE_MAIL_LANGUAGES = ['ar', 'en'] as const;
export const MAX_INVOICE_MAIL_CC = 10;

/** POST invoices/{invoice_id}/send. `to` defaults to the customer's e-mail address. */
export const invoiceSendRequest = z.strictObject({
  to: email.optional(),
  cc: z.array(email).max(MAX_INVOICE_MAIL_CC, `At most ${MAX_INVOICE_MAIL_CC} copies`).optional(),
  /** A personal note printed above the standard text of the message. */
  message: z.string().trim().max(2000).optional(),
  /** The language the subject leads with; the message itself is always in both. */
  language: z.enum(INVOICE_MAIL_LANGUAGES).default('en'),
});
export type InvoiceSendRequest = z.output<typeof invoiceSendRequest>;

/** A quantity of an invoice line taken back: greater than zero, at most 3 decimals (checked by the server). */
const returnQuantity = z.union([z.string().trim().max(32), z.number()]);

export const invoiceReturnLineInput = z.strictObject({
  line_id: id,
  quantity: returnQuantity,
});

export const MAX_INVOICE_RETURN_REASON = 1000;

/** POST invoices/{invoice_id}/returns: posted at once as credit note RET-nnnnnn. */
export const invoiceReturnCreate = z.strictObject({
  issue_date: calendarDate,
  reason: z.string().trim().min(1, 'Give the reason for the return').max(MAX_INVOICE_RETURN_REASON),
  lines: z.array(invoiceReturnLineInput).min(1, 'Return at least one line').max(200),
});
export type InvoiceReturnCreate = z.output<typeof invoiceReturnCreate>;

export const invoiceReturnListQuery = pagination.extend({ invoice_id: id.optional() });

export const invoiceReturnLinePublic = z.object({
  line_id: z.string(),
  product_id: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  tax_id: z.string().nullable(),
  tax_category: z.enum(TAX_CATEGORIES),
  tax_rate: z.string(),
  special_tax_id: z.string().nullable(),
  subtotal: z.string(),
  discount_amount: z.string(),
  net: z.string(),
  special_tax: z.string(),
  tax: z.string(),
  gross: z.string(),
});

export const invoiceReturnPublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  number: z.string(),
  status: z.literal('confirmed'),
  original_invoice_id: z.string(),
  original_invoice_number: z.string(),
  contact_id: z.string(),
  issue_date: z.string(),
  reason: z.string(),
  currency: z.string(),
  lines: z.array(invoiceReturnLinePublic),
  subtotal: z.string(),
  discount_total: z.string(),
  net_total: z.string(),
  special_tax_total: z.string(),
  tax_total: z.string(),
  gross_total: z.string(),
  /** The part of the gross that reduced what the customer owed on the invoice. */
  applied_to_invoice: z.string(),
  /** The part the customer had already paid, now held as store credit. */
  store_credit: z.string(),
  journal_entry_id: z.string(),
  created_at: z.string(),
});
export type InvoiceReturnPublic = z.infer<typeof invoiceReturnPublic>;
