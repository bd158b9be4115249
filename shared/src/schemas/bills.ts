import * as z from 'zod';
import { calendarDate, id, pagination } from './common.js';
import { MAX_INVOICE_LINES, invoiceCreate, invoiceLineInput, invoiceLinePublic, invoicePublic, invoiceReplace, invoiceUpdate } from './invoices.js';
import { BILL_STATUSES } from './codes.js';

export { BILL_STATUSES } from './codes.js';
export type { BillStatus } from './codes.js';

/**
 * A bill line is an invoice line (without special sales tax, which only sellers charge) plus the account it is booked to: an active expense, inventory,
 * fixed-asset or other asset account of the organization (BILL_LINE_ACCOUNT_SUBTYPES for assets).
 */
export const billLineInput = invoiceLineInput.omit({ special_tax_id: true }).extend({ account_id: id });
export type BillLineInput = z.output<typeof billLineInput>;

export { BILL_LINE_ASSET_SUBTYPES } from './codes.js';

const billLines = z.array(billLineInput).min(1, 'At least one line is required').max(MAX_INVOICE_LINES);
/** The number on the supplier's own paper, kept to match statements and find duplicates. */
const supplierReference = z.string().trim().max(100).nullish();

/** POST bills and bills/with-line-items: `contact_id` is the supplier (a contact of type supplier or both). */
export const billCreate = invoiceCreate.safeExtend({ lines: billLines, supplier_reference: supplierReference });
export type BillCreate = z.output<typeof billCreate>;

/** PUT with-line-items: the whole draft replaced; `version` is the one read. */
export const billReplace = invoiceReplace.safeExtend({ lines: billLines, supplier_reference: supplierReference });
export type BillReplace = z.output<typeof billReplace>;

/** PUT: header fields only; absent fields keep their value, null clears an optional one. */
export const billUpdate = invoiceUpdate.safeExtend({ supplier_reference: supplierReference });
export type BillUpdate = z.output<typeof billUpdate>;

/** One line added or replaced through the line-item routes; `version` (optional) must match the bill's. */
export const billLineWrite = billLineInput.extend({ version: z.number().int().min(1).optional() });

export const billListQuery = pagination.extend({
  status: z.enum(BILL_STATUSES).optional(),
  supplier_id: id.optional(),
  /** Issue dates from/to, inclusive. */
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});
export const billPageQuery = pagination;
export const billOptionsQuery = z.object({ status: z.enum(BILL_STATUSES).optional(), supplier_id: id.optional() });
export const billStatusPath = z.enum(BILL_STATUSES);
export const billStatusQuery = z.object({ status: z.enum(BILL_STATUSES) });
export const billVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });
/** Overdue as of a date (default: today in the organization's time zone). */
export const billOverdueQuery = pagination.extend({ as_of_date: calendarDate.optional() });

export const billLinePublic = invoiceLinePublic.extend({ account_id: z.string() });

/** The document fields bills share with invoices (picked, so fields only invoices have stay theirs). */
const documentFields = invoicePublic.pick({
  id: true,
  organization_id: true,
  number: true,
  contact_id: true,
  issue_date: true,
  due_date: true,
  currency: true,
  reference: true,
  notes: true,
  price_includes_tax: true,
  subtotal: true,
  discount_total: true,
  net_total: true,
  tax_total: true,
  gross_total: true,
  journal_entry_id: true,
  confirmed_at: true,
  created_by: true,
  version: true,
  created_at: true,
  updated_at: true,
});

export const billPublic = documentFields.extend({
  status: z.enum(BILL_STATUSES),
  supplier_reference: z.string().nullable(),
  lines: z.array(billLinePublic),
  /** Paid so far by payments sent (payments/), and gross − paid: what is still owed to the supplier. */
  amount_paid: z.string(),
  balance_due: z.string(),
});
export type BillPublic = z.infer<typeof billPublic>;

export const billOverdue = billPublic.extend({ days_overdue: z.number().int() });

export const billOption = z.object({
  id: z.string(),
  number: z.string().nullable(),
  supplier_reference: z.string().nullable(),
  status: z.enum(BILL_STATUSES),
  contact_id: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  gross_total: z.string(),
  balance_due: z.string(),
});
