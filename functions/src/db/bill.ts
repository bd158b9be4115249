import type { EntityItem } from 'electrodb';
import { BILL_STATUSES } from '@daftar/shared/schemas/codes';
import { documentEntity, linedDocumentAttributes } from './document-entity.js';
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
 * Access patterns (the document layout, db/document-entity.ts):
 * - one bill by (organization, id): pk `ORG#<org>`, sk `BILL#<id>`;
 * - an organization's bills, newest first (ids are UUIDv7), `byCreation`: gsi1 `BILLS#<org>`, sk `BILL#<id>`;
 * - an organization's bills in one status, newest first, `byStatus`: gsi2 `BILLS#<org>#<status>`, sk `BILL#<id>`.
 * By supplier and overdue-as-of-a-date are filters over these (a supplier's bills or the open
 * statuses), never a Scan.
 *
 * `contact_id` is the supplier (a contact of type supplier or both). Amounts are minor units of
 * `currency`. `number` (BILL-000001) is ours, assigned on confirmation; `supplier_reference` is the
 * number on the supplier's paper. `version` guards every change.
 */
export const Bill = documentEntity({
  entity: 'bill',
  skPrefix: 'BILL',
  collection: 'BILLS',
  statuses: BILL_STATUSES,
  attributes: {
    number: { type: 'string' },
    supplier_reference: { type: 'string' },
    ...linedDocumentAttributes,
    due_date: { type: 'string' },
    reference: { type: 'string' },
    notes: { type: 'string' },
    /** Settled by payments sent and allocated to it (payments/), minor units. */
    amount_paid: { type: 'number', required: true, default: 0 },
    journal_entry_id: { type: 'string' },
    confirmed_at: { type: 'string' },
    confirmed_by: { type: 'string' },
    created_by: { type: 'string' },
  },
});
export type BillRecord = EntityItem<typeof Bill>;

export const billOutstanding = (bill: Pick<BillRecord, 'gross_total' | 'amount_paid'>) => bill.gross_total - (bill.amount_paid ?? 0);

/** Status after a payment is recorded or voided: paid, partially_paid, or back to confirmed. */
export function billSettlementStatus(bill: Pick<BillRecord, 'gross_total'>, amountPaid: number) {
  if (bill.gross_total - amountPaid <= 0) return 'paid' as const;
  return amountPaid > 0 ? ('partially_paid' as const) : ('confirmed' as const);
}
