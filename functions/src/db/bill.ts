import { Entity, type EntityItem } from 'electrodb';
import { BILL_STATUSES } from '@daftar/shared/schemas/bills';
import { entityConfig } from './client.js';
import type { StoredInvoiceLine } from './invoice.js';

/**
 * One bill line as stored: an invoice line plus the account it is booked to (an expense, inventory
 * or fixed-asset account of this organization).
 */
export interface StoredBillLine extends StoredInvoiceLine {
  account_id: string;
}

/**
 * A purchase bill with its lines embedded (read and written whole, like an invoice).
 *
 * Access patterns:
 * - one bill by (organization, id): pk `ORG#<org>`, sk `BILL#<id>`;
 * - an organization's bills, newest first (ids are UUIDv7): gsi1 `BILLS#<org>`, sk `BILL#<id>`;
 * - an organization's bills in one status, newest first: gsi2 `BILLS#<org>#<status>`, sk `BILL#<id>`.
 * By supplier and overdue-as-of-a-date are filters over these (a supplier's bills or the open
 * statuses), never a Scan.
 *
 * Amounts are minor units of `currency`. `number` (BILL-000001) is ours, assigned on confirmation;
 * `supplier_reference` is the number on the supplier's paper. `version` guards every change.
 */
export const Bill = new Entity(
  {
    model: { entity: 'bill', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string' },
      supplier_reference: { type: 'string' },
      status: { type: BILL_STATUSES, required: true },
      /** The supplier (a contact of type supplier or both). */
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
      tax_total: { type: 'number', required: true },
      gross_total: { type: 'number', required: true },
      /** Settled by payments sent and allocated to it (payments/), minor units. */
      amount_paid: { type: 'number', required: true, default: 0 },
      journal_entry_id: { type: 'string' },
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
        sk: { field: 'sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
      },
      byCreation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'BILLS#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'status'], template: 'BILLS#${organization_id}#${status}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'BILL#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type BillRecord = EntityItem<typeof Bill>;

export const billOutstanding = (bill: Pick<BillRecord, 'gross_total' | 'amount_paid'>) => bill.gross_total - (bill.amount_paid ?? 0);

/** Status after a payment is recorded or voided: paid, partially_paid, or back to confirmed. */
export function billSettlementStatus(bill: Pick<BillRecord, 'gross_total'>, amountPaid: number) {
  if (bill.gross_total - amountPaid <= 0) return 'paid' as const;
  return amountPaid > 0 ? ('partially_paid' as const) : ('confirmed' as const);
}

/** BILL-000001, … drawn with an atomic ADD before the confirmation transaction (as invoices). pk `ORG#<org>`, sk `SEQ#BILL`. */
export const BillSequence = new Entity(
  {
    model: { entity: 'bill_sequence', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      last: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SEQ#BILL', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
