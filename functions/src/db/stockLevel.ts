import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * What one product holds at one location: quantity on hand (thousandths of its unit), its value
 * (minor units), its FIFO cost layers, the last receipt's unit cost, and what is reserved (layaway,
 * orders). shared/src/inventory/costing.ts is the arithmetic.
 *
 * Writes. A movement updates the level conditioned on the `version` it read (and bumps it), inside
 * the transaction that posts its cost, so two tills selling the last croissant at once cannot both
 * take it at the same cost: one retries with the level as it now is. Reservations
 * (inventory/reservations.ts) change only `reserved`, under the same version condition, so a
 * reservation and a sale of the same level are ordered and neither takes the other's units. (A
 * movement updates named attributes and never puts the whole item.)
 *
 * Access: one level by (organization, product, location) — a till's availability is one GetItem;
 * every level of an organization (valuation, stock report): pk `ORG#<org>#STOCK`, O(products ×
 * locations) items whatever the number of movements; one product's levels: the same pk, sk prefix.
 */
export const StockLevel = new Entity(
  {
    model: { entity: 'stock_level', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      product_id: { type: 'string', required: true, readOnly: true },
      location_id: { type: 'string', required: true, readOnly: true },
      on_hand: { type: 'number', required: true, default: 0 },
      value: { type: 'number', required: true, default: 0 },
      layers: { type: 'any' },
      /** { quantity, value } of the last receipt. */
      last_cost: { type: 'any' },
      reserved: { type: 'number' },
      /**
       * The latest count here: its date and when it was posted. A movement dated before it (or on
       * its day but made before it was posted: a till's sale that synced late) does not reopen it
       * (inventory/stock.ts).
       */
      counted_on: { type: 'string' },
      counted_at: { type: 'string' },
      /** The latest date a movement here is dated: a movement dated before it is back-dated (inventory/recost.ts). */
      last_moved_on: { type: 'string' },
      version: { type: 'number', required: true, default: 0 },
      updated_at: { type: 'string' },
    },
    indexes: {
      byProduct: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#STOCK', casing: 'none' },
        sk: { field: 'sk', composite: ['product_id', 'location_id'], template: 'P#${product_id}#L#${location_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StockLevelRecord = EntityItem<typeof StockLevel>;
