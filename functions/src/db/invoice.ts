import type { EntityItem } from 'electrodb';
import { INVOICE_STATUSES } from '@daftar/shared/schemas/codes';
import type { TaxCategory } from '@daftar/shared';
import type { SpecialTax } from '@daftar/shared/tax';
import { documentEntity, linedDocumentAttributes } from './document-entity.js';

/** One invoice line as stored: inputs as given, figures in minor units of the invoice currency. */
export interface StoredInvoiceLine {
  id: string;
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  discount: { type: 'amount'; amount: string } | { type: 'percent'; percent: string } | null;
  tax_id: string | null;
  tax_category: TaxCategory;
  tax_rate: string;
  /** The special sales tax charged (absent on lines written before special tax, and on bills). */
  special_tax_id?: string | null;
  /**
   * The special tax as it was when the line was computed: returns and JoFotara recompute with it,
   * not with the tax's current terms.
   */
  special_tax_terms?: SpecialTax | null;
  /**
   * Sales invoices: the part of `discount` the invoice's promotions give (decimal text as given,
   * set by "Apply promotions"); the rest of the discount is the person's own. Absent: none.
   */
  promotion_discount?: string | null;
  subtotal: number;
  discount_amount: number;
  net: number;
  special_tax?: number;
  tax: number;
  gross: number;
}

/**
 * A sales invoice with its lines embedded (an invoice is read and written whole; 200 lines stay far
 * below the 400 KB item limit).
 *
 * Access patterns (the document layout, db/document-entity.ts):
 * - one invoice by (organization, id): pk `ORG#<org>`, sk `INVOICE#<id>`;
 * - an organization's invoices, newest first (ids are UUIDv7), `byCreation`: gsi1 `INVOICES#<org>`, sk `INVOICE#<id>`;
 * - an organization's invoices in one status, newest first, `byStatus`: gsi2 `INVOICES#<org>#<status>`, sk `INVOICE#<id>`.
 *
 * Amounts are minor units of `currency`. `number` is assigned on confirmation. `version` guards
 * every change; confirmation conditions on (status draft, version read) in the posting transaction.
 */
export const Invoice = documentEntity({
  entity: 'invoice',
  skPrefix: 'INVOICE',
  collection: 'INVOICES',
  statuses: INVOICE_STATUSES,
  attributes: {
    number: { type: 'string' },
    ...linedDocumentAttributes,
    due_date: { type: 'string' },
    reference: { type: 'string' },
    notes: { type: 'string' },
    /** Special sales tax of the lines (absent on invoices written before special tax: none). */
    special_tax_total: { type: 'number' },
    journal_entry_id: { type: 'string' },
    /** Settled by payments allocated to it (payments/), minor units. */
    amount_paid: { type: 'number', required: true, default: 0 },
    /** Settled by credit notes (returns) against it, minor units. */
    amount_credited: { type: 'number', required: true, default: 0 },
    /** Quantities already returned per line id (decimal strings), so returns never exceed what was sold. */
    returned_quantities: { type: 'any' },
    /** The promotions the draft applies (ids, as "Apply promotions" chose them); re-evaluated at confirmation. */
    promotion_ids: { type: 'any' },
    /** The promotions the confirmation used, with their discount (minor units) and reason (promotions/invoice.ts). */
    promotions: { type: 'any' },
    /** The points the confirmation earned and what credit notes took back (loyalty/invoice.ts). */
    loyalty: { type: 'any' },
    /** The gross credited so far, for the credit notes' pro rata take-back of points. */
    loyalty_returned: { type: 'any' },
    sent_at: { type: 'string' },
    sent_to: { type: 'string' },
    confirmed_at: { type: 'string' },
    confirmed_by: { type: 'string' },
    created_by: { type: 'string' },
  },
});
export type InvoiceRecord = EntityItem<typeof Invoice>;

/** What is still owed on a confirmed invoice, minor units. */
export const outstandingOf = (invoice: Pick<InvoiceRecord, 'gross_total' | 'amount_paid' | 'amount_credited'>) =>
  invoice.gross_total - (invoice.amount_paid ?? 0) - (invoice.amount_credited ?? 0);

/**
 * The status after a payment or credit note changes what is settled: paid when nothing is
 * outstanding, partially_paid when something is, otherwise back to confirmed/sent (a payment
 * voided) — `sent_at` remembers whether it had been sent.
 */
export function settlementStatus(invoice: Pick<InvoiceRecord, 'gross_total' | 'sent_at'>, amountPaid: number, amountCredited: number) {
  if (invoice.gross_total - amountPaid - amountCredited <= 0) return 'paid' as const;
  if (amountPaid + amountCredited > 0) return 'partially_paid' as const;
  return invoice.sent_at ? ('sent' as const) : ('confirmed' as const);
}
