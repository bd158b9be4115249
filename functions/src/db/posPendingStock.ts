import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A receipt whose tracked lines still wait for their exact cost (the outbox of pos/settlement.ts):
 * written in the sale's own transaction, deleted in the settlement's. So a sale cannot be forgotten
 * by the stock queue — a lost message leaves this item, and the sweep (`settlePending`) finds it.
 *
 * Access: an organization's pending receipts (pk `ORG#<org>#POSPENDING`), oldest first (the
 * register's ids are UUIDv7); sync/status counts them per terminal.
 */
export const PosPendingStock = new Entity(
  {
    model: { entity: 'pos_pending_stock', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      transaction_id: { type: 'string', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
      /** Products already settled, when a receipt moves more than one transaction can (chunks of 20 products). */
      done: { type: 'list', items: { type: 'string' } },
      version: { type: 'number' },
      attempts: { type: 'number' },
      last_error: { type: 'string' },
    },
    indexes: {
      byTransaction: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSPENDING', casing: 'none' },
        sk: { field: 'sk', composite: ['transaction_id'], template: '${transaction_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosPendingStockRecord = EntityItem<typeof PosPendingStock>;

/**
 * A ticket the server refused when the register synced it (sync/status lists them with the reason):
 * the register keeps it in its outbox, marked refused, for a manager to look at.
 */
export const PosSyncRefusal = new Entity(
  {
    model: { entity: 'pos_sync_refusal', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
      transaction_id: { type: 'string', required: true, readOnly: true },
      sequence: { type: 'number' },
      status: { type: 'number', required: true },
      detail: { type: 'string', required: true },
      at: { type: 'string', required: true },
    },
    indexes: {
      byTerminal: {
        pk: { field: 'pk', composite: ['organization_id', 'terminal_id'], template: 'ORG#${organization_id}#POSREFUSED#${terminal_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['transaction_id'], template: '${transaction_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosSyncRefusalRecord = EntityItem<typeof PosSyncRefusal>;
