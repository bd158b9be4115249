import { Entity, type EntityItem } from 'electrodb';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES } from '@daftar/shared/schemas/payments';
import { entityConfig } from './client.js';

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
 * Access patterns:
 * - one payment by (organization, id): pk `ORG#<org>`, sk `PAYMENT#<id>`;
 * - an organization's payments, newest first (ids are UUIDv7): gsi1 `PAYMENTS#<org>`, sk `PAYMENT#<id>`
 *   (method and contact filters are filters over this Query);
 * - an organization's payments of one type (received | sent), newest first: gsi2
 *   `PAYMENTS#<org>#<type>`, sk `PAYMENT#<id>`.
 * The payments of one invoice or bill are found through PaymentAllocation items below.
 *
 * Amounts are minor units of `currency`. `version` guards every change; voiding conditions on
 * (status posted, version read) in the reversal's transaction.
 */
export const Payment = new Entity(
  {
    model: { entity: 'payment', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string', required: true, readOnly: true },
      payment_type: { type: PAYMENT_TYPES, required: true, readOnly: true },
      payment_method: { type: PAYMENT_METHODS, required: true, readOnly: true },
      status: { type: PAYMENT_STATUSES, required: true },
      contact_id: { type: 'string', required: true, readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      currency: { type: 'string', required: true, readOnly: true },
      amount: { type: 'number', required: true, readOnly: true },
      /** The cash/bank side of the entry. */
      account_id: { type: 'string', required: true, readOnly: true },
      reference: { type: 'string' },
      notes: { type: 'string' },
      allocations: { type: 'any', required: true, readOnly: true },
      allocated_amount: { type: 'number', required: true, readOnly: true },
      journal_entry_id: { type: 'string', required: true, readOnly: true },
      reversal_entry_id: { type: 'string' },
      voided_at: { type: 'string' },
      voided_by: { type: 'string' },
      created_by: { type: 'string' },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
      },
      byCreation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'PAYMENTS#${organization_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
      },
      byType: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'payment_type'], template: 'PAYMENTS#${organization_id}#${payment_type}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: 'PAYMENT#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
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

/**
 * PAY-000001, … drawn with an atomic ADD just before the payment's transaction, as invoice numbers
 * are (a counter inside every payment transaction would serialize them); a refused payment leaves
 * a gap. Access: pk `ORG#<org>`, sk `SEQ#PAYMENT`.
 */
export const PaymentSequence = new Entity(
  {
    model: { entity: 'payment_sequence', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      last: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'SEQ#PAYMENT', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
