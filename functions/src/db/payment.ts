import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { RECORDED_PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';
import { documentEntity } from './document-entity.js';

/** One allocation as stored on the payment: the document settled and how much of it, minor units. */
export interface StoredPaymentAllocation {
  document_type: 'invoice' | 'bill';
  document_id: string;
  amount: number;
}

/**
 * A payment received from a customer or sent to a supplier, with its allocations embedded (at most
 * MAX_PAYMENT_ALLOCATIONS, so the item stays small).
 *
 * Access patterns (the document layout, db/document-entity.ts, with gsi2 by type):
 * - one payment by (organization, id): pk `ORG#<org>`, sk `PAYMENT#<id>`;
 * - an organization's payments, newest first (ids are UUIDv7), `byCreation`: gsi1 `PAYMENTS#<org>`,
 *   sk `PAYMENT#<id>` (method and contact filters are filters over this Query);
 * - an organization's payments of one type (received | sent), newest first, `byType`: gsi2
 *   `PAYMENTS#<org>#<type>`, sk `PAYMENT#<id>`.
 * The payments of one invoice or bill are found through PaymentAllocation items below.
 *
 * Amounts are minor units of `currency`. `version` guards every change; voiding conditions on
 * (status posted, version read) in the reversal's transaction.
 */
export const Payment = documentEntity({
  entity: 'payment',
  skPrefix: 'PAYMENT',
  collection: 'PAYMENTS',
  statuses: PAYMENT_STATUSES,
  gsi2: { name: 'byType', by: 'payment_type' },
  attributes: {
    number: { type: 'string', required: true, readOnly: true },
    payment_type: { type: PAYMENT_TYPES, required: true, readOnly: true },
    payment_method: { type: RECORDED_PAYMENT_METHODS, required: true, readOnly: true },
    /** A gift card payment: the card spent (its balance is restored when the payment is voided). */
    gift_card_id: { type: 'string', readOnly: true },
    contact_id: { type: 'string', required: true, readOnly: true },
    date: { type: 'string', required: true, readOnly: true },
    currency: { type: 'string', required: true, readOnly: true },
    amount: { type: 'number', required: true, readOnly: true },
    /** The cash/bank side of the entry. */
    account_id: { type: 'string', required: true, readOnly: true },
    reference: { type: 'string' },
    /** A post-dated cheque's date (the cash forecast counts it then). */
    cheque_due_date: { type: 'string', readOnly: true },
    notes: { type: 'string' },
    allocations: { type: 'any', required: true, readOnly: true },
    allocated_amount: { type: 'number', required: true, readOnly: true },
    journal_entry_id: { type: 'string', required: true, readOnly: true },
    reversal_entry_id: { type: 'string' },
    voided_at: { type: 'string' },
    voided_by: { type: 'string' },
    created_by: { type: 'string' },
  },
});
export type PaymentRecord = EntityItem<typeof Payment>;

export const allocationsOf = (payment: PaymentRecord) => payment.allocations as StoredPaymentAllocation[];

/**
 * "This payment settled this document": one small item per (document, payment), written in the
 * payment's transaction and kept when the payment is voided (the document's history shows the
 * voided payment with its status).
 *
 * Access pattern: the payments of one invoice or bill, oldest first (payment ids are UUIDv7):
 * pk `ORG#<org>#PAYDOC#<document_type>#<document_id>`, sk `PAYMENT#<payment_id>`.
 */
export const PaymentAllocation = new Entity(
  {
    model: { entity: 'payment_allocation', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      document_type: { type: ['invoice', 'bill'] as const, required: true, readOnly: true },
      document_id: { type: 'string', required: true, readOnly: true },
      payment_id: { type: 'string', required: true, readOnly: true },
      amount: { type: 'number', required: true, readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byDocument: {
        pk: {
          field: 'pk',
          composite: ['organization_id', 'document_type', 'document_id'],
          template: 'ORG#${organization_id}#PAYDOC#${document_type}#${document_id}',
          casing: 'none',
        },
        sk: { field: 'sk', composite: ['payment_id'], template: 'PAYMENT#${payment_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
