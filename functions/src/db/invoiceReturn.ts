import type { EntityItem } from 'electrodb';
import type { TaxCategory } from '@daftar/shared';
import type { SpecialTax } from '@daftar/shared/tax';
import { documentEntity, linedDocumentAttributes } from './document-entity.js';

/**
 * One returned line: which invoice line, how much of it, and its figures recomputed at the
 * invoice's unit price, discount share and tax rate, in minor units of the return's currency.
 */
export interface StoredReturnLine {
  line_id: string;
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  /** The part of the invoice line's discount that goes with the returned quantity. */
  discount: { type: 'amount'; amount: string } | { type: 'percent'; percent: string } | null;
  tax_id: string | null;
  tax_category: TaxCategory;
  tax_rate: string;
  /** The invoice line's special sales tax and its terms (absent on returns written before special tax). */
  special_tax_id?: string | null;
  special_tax_terms?: SpecialTax | null;
  subtotal: number;
  discount_amount: number;
  net: number;
  special_tax?: number;
  tax: number;
  gross: number;
}

/**
 * A sales return (credit note) against a confirmed invoice, posted when it is created. Its lines
 * are embedded (at most as many as the invoice has).
 *
 * Access patterns (the document layout, db/document-entity.ts, with gsi2 by invoice: a return is
 * born confirmed, so a listing by status would hold them all):
 * - one return by (organization, id): pk `ORG#<org>`, sk `INVRETURN#<id>`;
 * - an organization's returns, newest first (ids are UUIDv7), `byCreation`: gsi1 `INVRETURNS#<org>`, sk `INVRETURN#<id>`;
 * - the returns of one invoice, newest first, `byInvoice`: gsi2 `INVRETURNS#<org>#<invoice_id>`, sk `INVRETURN#<id>`.
 *
 * Amounts are minor units of `currency`. `applied_to_invoice` is the part of `gross_total` that
 * reduced what the customer owed on the invoice (credited to receivable); `store_credit` the rest,
 * which the customer had already paid and now holds as store credit. Posted documents are never
 * changed: `version` stays 1 until voiding exists.
 */
export const InvoiceReturn = documentEntity({
  entity: 'invoice_return',
  skPrefix: 'INVRETURN',
  collection: 'INVRETURNS',
  statuses: ['confirmed'],
  gsi2: { name: 'byInvoice', by: 'invoice_id' },
  attributes: {
    number: { type: 'string', required: true },
    invoice_id: { type: 'string', required: true, readOnly: true },
    invoice_number: { type: 'string', required: true },
    ...linedDocumentAttributes,
    reason: { type: 'string', required: true },
    /** Special sales tax credited (absent on returns written before special tax: none). */
    special_tax_total: { type: 'number' },
    applied_to_invoice: { type: 'number', required: true },
    store_credit: { type: 'number', required: true },
    journal_entry_id: { type: 'string', required: true },
    created_by: { type: 'string' },
  },
});
export type InvoiceReturnRecord = EntityItem<typeof InvoiceReturn>;

export const returnLinesOf = (record: InvoiceReturnRecord) => record.lines as StoredReturnLine[];
