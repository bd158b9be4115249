import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A customer's store credit: money the shop owes the customer (a liability, account subtype
 * `store_credit`, never a negative receivable). The balance item changes by `ADD` in the
 * transaction that posts the money (a return to store credit, a deposit, spending it as a tender);
 * spending is conditioned on `balance >= amount`, so two tills cannot spend the same credit twice.
 * Each change is also a `StoreCreditMovement`: the customer's ledger of the credit.
 *
 * Access: a customer's balance by (organization, customer); a customer's movements by time.
 */
export const StoreCredit = new Entity(
  {
    model: { entity: 'store_credit', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', required: true, readOnly: true },
      balance: { type: 'number', required: true },
      updated_at: { type: 'string' },
    },
    indexes: {
      byCustomer: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#STORECREDIT', casing: 'none' },
        sk: { field: 'sk', composite: ['customer_id'], template: 'C#${customer_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StoreCreditRecord = EntityItem<typeof StoreCredit>;

export const StoreCreditMovement = new Entity(
  {
    model: { entity: 'store_credit_movement', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      customer_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      /** Signed: positive is credit given, negative is credit spent. */
      amount: { type: 'number', required: true, readOnly: true },
      source_type: { type: ['pos_return', 'pos_sale', 'deposit', 'goodwill'] as const, required: true, readOnly: true },
      source_id: { type: 'string', required: true, readOnly: true },
      journal_entry_id: { type: 'string', readOnly: true },
      reason: { type: 'string', readOnly: true },
      created_by: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byCustomer: {
        pk: { field: 'pk', composite: ['organization_id', 'customer_id'], template: 'ORG#${organization_id}#STORECREDIT#${customer_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['created_at', 'id'], template: '${created_at}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StoreCreditMovementRecord = EntityItem<typeof StoreCreditMovement>;
