import * as z from 'zod';
import { CURRENCY_CODES } from '../money.js';
import { TAX_CATEGORIES } from '../tax.js';
import { calendarDate, id, pagination } from './common.js';
import { INVOICE_STATUSES, MAX_INVOICE_LINES } from './codes.js';

/** Sales invoices (GitHub issue 4, first slice): drafts, confirmation (posting), status. */
export { INVOICE_STATUSES } from './codes.js';
export type { InvoiceStatus } from './codes.js';

/** Quantities, prices and discounts are decimal strings (or numbers); `tax.ts` checks their precision and sign. */
const decimalInput = z.union([z.string().max(64), z.number()]);
export const invoiceLineDiscount = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('amount'), amount: decimalInput }),
  z.strictObject({ type: z.literal('percent'), percent: decimalInput }),
]);

export { MAX_INVOICE_LINES } from './codes.js';

export const invoiceLineInput = z.strictObject({
  /** A catalogue reference kept with the line; the description is what the customer reads. */
  product_id: id.nullish(),
  description: z.string().trim().min(1, 'A line needs a description').max(1000),
  quantity: decimalInput,
  unit_price: decimalInput,
  discount: invoiceLineDiscount.nullish(),
  /** A general tax of this organization; absent means the line carries no tax (exempt). */
  tax_id: id.nullish(),
  /**
   * A special sales tax (category 'special') of this organization, charged on top of the general
   * tax and inside its base (JORDAN.md §2.1); absent means none.
   */
  special_tax_id: id.nullish(),
});
export type InvoiceLineInput = z.output<typeof invoiceLineInput>;

const headerFields = {
  contact_id: id,
  issue_date: calendarDate,
  due_date: calendarDate.nullish(),
  /** Must be the organization's base currency in this slice. */
  currency: z.enum(CURRENCY_CODES).optional(),
  reference: z.string().trim().max(100).nullish(),
  notes: z.string().trim().max(4000).nullish(),
  price_includes_tax: z.boolean().default(false),
};

const dueNotBeforeIssue = (v: { issue_date?: string; due_date?: string | null }, ctx: z.RefinementCtx) => {
  if (v.issue_date && v.due_date && v.due_date < v.issue_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: 'The due date cannot be before the issue date' });
  }
};

const lines = z.array(invoiceLineInput).min(1, 'At least one line is required').max(MAX_INVOICE_LINES);

export const invoiceCreate = z.strictObject({ ...headerFields, lines }).superRefine(dueNotBeforeIssue);
export type InvoiceCreate = z.output<typeof invoiceCreate>;

/** PUT with-line-items: the whole draft replaced; `version` is the one read. */
export const invoiceReplace = z.strictObject({ ...headerFields, lines, version: z.number().int().min(1) }).superRefine(dueNotBeforeIssue);
export type InvoiceReplace = z.output<typeof invoiceReplace>;

/** PUT: header fields only; absent fields keep their value, null clears an optional one. */
export const invoiceUpdate = z
  .strictObject({
    contact_id: id.optional(),
    issue_date: calendarDate.optional(),
    due_date: calendarDate.nullish(),
    currency: z.enum(CURRENCY_CODES).optional(),
    reference: z.string().trim().max(100).nullish(),
    notes: z.string().trim().max(4000).nullish(),
    price_includes_tax: z.boolean().optional(),
    version: z.number().int().min(1),
  })
  .superRefine(dueNotBeforeIssue);
export type InvoiceUpdate = z.output<typeof invoiceUpdate>;

/** One line added or replaced through the line-item routes; `version` (optional) must match the invoice's. */
export const invoiceLineWrite = invoiceLineInput.extend({ version: z.number().int().min(1).optional() });
export type InvoiceLineWrite = z.output<typeof invoiceLineWrite>;

export const invoiceListQuery = pagination.extend({ status: z.enum(INVOICE_STATUSES).optional() });
export const invoiceOptionsQuery = z.object({ status: z.enum(INVOICE_STATUSES).optional() });
export const invoiceStatusQuery = z.object({ new_status: z.enum(INVOICE_STATUSES) });
export const invoiceVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

export const invoiceLinePublic = z.object({
  id: z.string(),
  product_id: z.string().nullable(),
  description: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  discount: invoiceLineDiscount.nullable(),
  tax_id: z.string().nullable(),
  tax_category: z.enum(TAX_CATEGORIES),
  tax_rate: z.string(),
  special_tax_id: z.string().nullable(),
  subtotal: z.string(),
  discount_amount: z.string(),
  net: z.string(),
  /** Special sales tax of the line; the general tax is charged on net + special. */
  special_tax: z.string(),
  tax: z.string(),
  /** net + special_tax + tax. */
  gross: z.string(),
});

export const invoicePublic = z.object({
  id: z.string(),
  organization_id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  contact_id: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  price_includes_tax: z.boolean(),
  lines: z.array(invoiceLinePublic),
  subtotal: z.string(),
  discount_total: z.string(),
  net_total: z.string(),
  special_tax_total: z.string(),
  tax_total: z.string(),
  gross_total: z.string(),
  amount_paid: z.string(),
  amount_credited: z.string(),
  /** gross − paid − credited; what the customer still owes. */
  balance_due: z.string(),
  journal_entry_id: z.string().nullable(),
  sent_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** The actor (user or API key) that created the document; null on documents from before it was kept. Who may delete a draft: drafts.ts. */
  created_by: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvoicePublic = z.infer<typeof invoicePublic>;

export const invoiceOption = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  contact_id: z.string(),
  issue_date: z.string(),
  gross_total: z.string(),
});
