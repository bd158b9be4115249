import { Entity, type EntityItem } from 'electrodb';
import { INVOICE_STATUSES } from '@daftar/shared/schemas/invoices';
import type { TaxCategory } from '@daftar/shared';
import type { SpecialTax } from '@daftar/shared/tax';
import { entityConfig } from './client.js';

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
 * Access patterns:
 * - one invoice by (organization, id): pk `ORG#<org>`, sk `INVOICE#<id>`;
 * - an organization's invoices, newest first (ids are UUIDv7): gsi1 `INVOICES#<org>`, sk `INVOICE#<id>`;
 * - an organization's invoices in one status, newest first: gsi2 `INVOICES#<org>#<status>`, sk `INVOICE#<id>`.
 *
 * Amounts are minor units of `currency`. `number` is assigned on confirmation. `version` guards
 * every change; confirmation conditions on (status draft, version read) in the posting transaction.
 */
export const Invoice = new Entity(
  {
    model: { entity: 'invoice', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string' },
      status: { type: INVOICE_STATUSES, required: true },
      contact_id: { type: 'string', required: true },
      issue_date: { type: 'string', required: true },
      due_date: { type: 'string' },
      currency: { type: 'string', required: true },
      reference: { type: 'string' },
      notes: { type: 'string' },
      price_includes_tax: { type: 'boolean', required: true },
      lines: { type: 'any', required: true },
      subtotal: { type: 'number', required: true },
      discount_total: { type: 'number', required: true },
      net_total: { type: 'number', required: true },
      /** Special sales tax of the lines (absent on invoices written before special tax: none). */
      special_tax_total: { type: 'number' },
      tax_total: { type: 'number', required: true },
      gross_total: { type: 'number', required: true },
      journal_entry_id: { type: 'string' },
      /** Settled by payments allocated to it (payments/), minor units. */
      amount_paid: { type: 'number', required: true, default: 0 },
      /** Settled by credit notes (returns) against it, minor units. */
      amount_credited: { type: 'number', required: true, default: 0 },
      /** Quantities already returned per line id (decimal strings), so returns never exceed what was sold. */
      returned_quantities: { type: 'any' },
      sent_at: { type: 'string' },
      sent_to: { type: 'string' },
      confirmed_at: { type: 'string' },
      confirmed_by: { type: 'string' },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
      },
      byCreation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'INVOICES#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'status'], template: 'INVOICES#${organization_id}#${status}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'INVOICE#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
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

/**
 * The organization's invoice number counter (INV-000001, …), drawn with an atomic ADD just before
 * the confirmation transaction, for the reason the journal's numbers are (ledger/posting.ts): a
 * counter inside every confirmation would serialize them. A failed confirmation leaves a gap.
 * Access: by organization, pk `ORG#<org>`, sk `SEQ#INVOICE`.
 */
export const InvoiceSequence = new Entity(
  {
    model: { entity: 'invoice_sequence', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      last: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SEQ#INVOICE', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
