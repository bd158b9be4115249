import { Entity, type EntityItem } from 'electrodb';
import type { TaxCategory } from '@daftar/shared';
import type { SpecialTax } from '@daftar/shared/tax';
import { entityConfig } from './client.js';

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
 * Access patterns:
 * - one return by (organization, id): pk `ORG#<org>`, sk `INVRETURN#<id>`;
 * - an organization's returns, newest first (ids are UUIDv7): gsi1 `INVRETURNS#<org>`, sk `INVRETURN#<id>`;
 * - the returns of one invoice, newest first: gsi2 `INVRETURNS#<org>#<invoice_id>`, sk `INVRETURN#<id>`.
 *
 * Amounts are minor units of `currency`. `applied_to_invoice` is the part of `gross_total` that
 * reduced what the customer owed on the invoice (credited to receivable); `store_credit` the rest,
 * which the customer had already paid and now holds as store credit. Posted documents are never
 * changed: `version` stays 1 until voiding exists.
 */
export const InvoiceReturn = new Entity(
  {
    model: { entity: 'invoice_return', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string', required: true },
      status: { type: ['confirmed'] as const, required: true },
      invoice_id: { type: 'string', required: true, readOnly: true },
      invoice_number: { type: 'string', required: true },
      contact_id: { type: 'string', required: true },
      issue_date: { type: 'string', required: true },
      reason: { type: 'string', required: true },
      currency: { type: 'string', required: true },
      price_includes_tax: { type: 'boolean', required: true },
      lines: { type: 'any', required: true },
      subtotal: { type: 'number', required: true },
      discount_total: { type: 'number', required: true },
      net_total: { type: 'number', required: true },
      /** Special sales tax credited (absent on returns written before special tax: none). */
      special_tax_total: { type: 'number' },
      tax_total: { type: 'number', required: true },
      gross_total: { type: 'number', required: true },
      applied_to_invoice: { type: 'number', required: true },
      store_credit: { type: 'number', required: true },
      journal_entry_id: { type: 'string', required: true },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
      },
      byCreation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'INVRETURNS#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
      },
      byInvoice: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'invoice_id'], template: 'INVRETURNS#${organization_id}#${invoice_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'INVRETURN#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type InvoiceReturnRecord = EntityItem<typeof InvoiceReturn>;

export const returnLinesOf = (record: InvoiceReturnRecord) => record.lines as StoredReturnLine[];

/**
 * The organization's return (credit note) number counter (RET-000001, …), drawn with an atomic
 * ADD just before the posting transaction, like the invoice counter (db/invoice.ts): a failed
 * return leaves a gap. Access: by organization, pk `ORG#<org>`, sk `SEQ#INVRETURN`.
 */
export const InvoiceReturnSequence = new Entity(
  {
    model: { entity: 'invoice_return_sequence', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      last: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SEQ#INVRETURN', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
