import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A till: where it sells from (stock location), its drawer's cash account, its receipt settings,
 * and the one session open on it (`current_session_id`, set and cleared in the session's own
 * transactions on condition, so two cashiers cannot open the same till at once).
 *
 * The receipt numbers are NOT kept here: they come from the terminal's own number series
 * (db/sequence.ts, series `POS#<terminal>`), taken inside each sale's transaction, so a sale touches
 * only items of its own terminal and twenty tills never wait on one counter (issue 15, "no hot item").
 * A unique receipt prefix is held by a guard item (`PosTerminalPrefix`) written with the terminal.
 *
 * Access: one terminal by id; an organization's terminals (pk `ORG#<org>#POSTERMINALS`).
 */
export const PosTerminal = new Entity(
  {
    model: { entity: 'pos_terminal', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      location_id: { type: 'string', required: true },
      cash_account_id: { type: 'string', required: true },
      receipt_prefix: { type: 'string', required: true, readOnly: true },
      receipt_header: { type: 'string' },
      receipt_footer: { type: 'string' },
      max_cashier_discount_percent: { type: 'number', required: true },
      is_active: { type: 'boolean', required: true },
      current_session_id: { type: 'string' },
      deleted: { type: 'boolean' },
      created_by: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSTERMINALS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'T#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosTerminalRecord = EntityItem<typeof PosTerminal>;

/** Guard: one terminal per receipt prefix in an organization. */
export const PosTerminalPrefix = new Entity(
  {
    model: { entity: 'pos_terminal_prefix', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      prefix: { type: 'string', required: true, readOnly: true },
      terminal_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byPrefix: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSTERMINALS', casing: 'none' },
        sk: { field: 'sk', composite: ['prefix'], template: 'PREFIX#${prefix}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
