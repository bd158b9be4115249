import type { EntityItem } from 'electrodb';
import { MOVEMENT_REFERENCE_TYPES, MOVEMENT_TYPES } from '@daftar/shared/schemas/codes';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * One stock movement, append-only: quantity (thousandths, signed: in positive) and value (minor
 * units, signed) at one location, with what caused it. Undoing one writes a reversal and marks
 * the original (`reversed_by`), in the same transaction.
 *
 * Access: an organization's movements by date (recent movements, as-of valuation: pk
 * `ORG#<org>#MOVES`, sk `<date>#<id>`); one product's movements by date (gsi1); a document's
 * movements (gsi2, `movements/by-reference`, and the reversal of a document's movements).
 */
export const StockMovement = new Entity(
  {
    model: { entity: 'stock_movement', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      product_id: { type: 'string', required: true, readOnly: true },
      location_id: { type: 'string', required: true, readOnly: true },
      movement_type: { type: MOVEMENT_TYPES, required: true, readOnly: true },
      quantity: { type: 'number', required: true, readOnly: true },
      value: { type: 'number', required: true, readOnly: true },
      /** The unit cost typed for a manual receipt, minor units per unit. */
      unit_cost: { type: 'number', readOnly: true },
      reference_type: { type: MOVEMENT_REFERENCE_TYPES, required: true, readOnly: true },
      reference_id: { type: 'string', readOnly: true },
      reason: { type: 'string', readOnly: true },
      note: { type: 'string', readOnly: true },
      date: { type: 'string', required: true, readOnly: true },
      short_quantity: { type: 'number', readOnly: true },
      /** A receipt that covered a shortage: what the goods cost in all (its `value` is that less the true-up). */
      received_value: { type: 'number', readOnly: true },
      journal_entry_id: { type: 'string', readOnly: true },
      reverses_movement_id: { type: 'string', readOnly: true },
      reversed_by: { type: 'string' },
      created_by: { type: 'string', readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#MOVES', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'id'], template: '${date}#${id}', casing: 'none' },
      },
      byProduct: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'product_id'], template: 'ORG#${organization_id}#PMOVES#${product_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['date', 'id'], template: '${date}#${id}', casing: 'none' },
      },
      byReference: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'reference_type', 'reference_id'], template: 'ORG#${organization_id}#MREF#${reference_type}#${reference_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StockMovementRecord = EntityItem<typeof StockMovement>;
