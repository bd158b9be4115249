import * as z from 'zod';
import { CURRENCY_CODES } from '../money.js';
import { TAX_CATEGORIES } from '../tax.js';
import { calendarDate, id, pagination } from './common.js';
import { INVOICE_STATUSES, MAX_INVOICE_LINES } from './codes.js';
import { PROMOTION_REASON_KEYS } from '../promotions/engine.js';

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

/**
 * `invoiceLineInput`, `invoiceCreate`, `invoiceReplace` and `invoiceLinePublic` are the document
 * shapes bills build on (schemas/bills.ts); what only a sales invoice has — promotions (issue 16) —
 * is added in the `salesInvoice…` shapes below, which the invoice routes take and give.
 */
export const salesInvoiceLineInput = invoiceLineInput.extend({
  /**
   * The part of `discount` the invoice's promotions give (money text), as "Apply promotions"
   * (POST invoices/promotions) spread it; the rest of the discount is the person's own. Checked
   * again at confirmation against the promotions in `promotion_ids`.
   */
  promotion_discount: decimalInput.nullish(),
});
export type SalesInvoiceLineInput = z.output<typeof salesInvoiceLineInput>;

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

/** The promotions a draft applies (a repeated id counts once): evaluated again when it is confirmed, and their use counted then. */
const promotionIds = z.array(id).max(20).nullish();
const salesLines = z.array(salesInvoiceLineInput).min(1, 'At least one line is required').max(MAX_INVOICE_LINES);

/** POST invoices/with-line-items: a draft invoice with its lines and the promotions it applies. */
export const salesInvoiceCreate = z.strictObject({ ...headerFields, promotion_ids: promotionIds, lines: salesLines }).superRefine(dueNotBeforeIssue);
export type SalesInvoiceCreate = z.output<typeof salesInvoiceCreate>;

/** PUT with-line-items: the whole draft replaced; `version` is the one read. */
export const invoiceReplace = z.strictObject({ ...headerFields, lines, version: z.number().int().min(1) }).superRefine(dueNotBeforeIssue);
export type InvoiceReplace = z.output<typeof invoiceReplace>;

/** PUT invoices/{id}/with-line-items: the whole draft, its promotions included (absent: none). */
export const salesInvoiceReplace = z.strictObject({ ...headerFields, promotion_ids: promotionIds, lines: salesLines, version: z.number().int().min(1) }).superRefine(dueNotBeforeIssue);
export type SalesInvoiceReplace = z.output<typeof salesInvoiceReplace>;

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
export const invoiceLineWrite = salesInvoiceLineInput.extend({ version: z.number().int().min(1).optional() });
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

/** An invoice's line as shown: the document line and its promotion share ("0.000": none). */
export const salesInvoiceLinePublic = invoiceLinePublic.extend({ promotion_discount: z.string() });

/** A promotion an invoice used (at confirmation) or that "Apply promotions" found, with why (not). */
export const invoicePromotionPublic = z.object({
  promotion_id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  discount: z.string(),
  reason_key: z.enum(PROMOTION_REASON_KEYS),
  reason_params: z.record(z.string(), z.string()),
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
  lines: z.array(salesInvoiceLinePublic),
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
  /** The promotions the draft applies; re-evaluated when it is confirmed. */
  promotion_ids: z.array(z.string()),
  /** The promotions the confirmation used and counted, with their discount. */
  promotions: z.array(invoicePromotionPublic),
  /** Loyalty points the confirmation earned the customer (0: none, or not enrolled). */
  loyalty_points_earned: z.number().int(),
  /** Of those, taken back by the invoice's credit notes. */
  loyalty_points_taken_back: z.number().int(),
  /**
   * The invoice's points in detail; `shortfall_amount` is the value of points the credit notes
   * could not take back (already spent), kept from what they credited.
   */
  loyalty: z
    .object({
      loyalty_program_id: z.string(),
      points_earned: z.number().int(),
      points_taken_back: z.number().int(),
      shortfall_points: z.number().int(),
      shortfall_amount: z.string(),
    })
    .nullable(),
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

/**
 * POST invoices/promotions ("Apply promotions" on the invoice form): a draft's lines, customer and
 * date, evaluated against every active promotion (functions/src/promotions/invoice.ts). Each line's
 * `promotion_discount` is the share it already carries (left out of the basis).
 */
export const invoicePromotionsRequest = z.strictObject({
  contact_id: id.nullish(),
  issue_date: calendarDate,
  price_includes_tax: z.boolean().default(false),
  lines: salesLines,
});
export type InvoicePromotionsRequest = z.output<typeof invoicePromotionsRequest>;

export const invoicePromotionsAnswer = z.object({
  /** The promotions that apply, in the order they apply, with their discount and reason. */
  applied: z.array(invoicePromotionPublic.extend({ reason: z.string() })),
  /** The ones that do not, with the engine's "why not". */
  skipped: z.array(invoicePromotionPublic.extend({ reason: z.string() })),
  /** Per line of the request (by position): its promotion share and its whole discount with it (an amount). */
  lines: z.array(z.object({ index: z.number().int(), promotion_discount: z.string(), discount: z.string() })),
  discount_total: z.string(),
});
export type InvoicePromotionsAnswer = z.infer<typeof invoicePromotionsAnswer>;
