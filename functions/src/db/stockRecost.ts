import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * Re-costing after a back-dated stock movement (issue 14; inventory/recost.ts).
 *
 * A `request` is written by the posting that moved stock at a date before the level's latest
 * movement — in that posting's own transaction, so a back-dated movement is never stored without
 * its re-costing being owed — and names the (product, location) levels to re-cost and the date
 * from which. It is deleted by the job that re-costed them. A `done` item per level keeps the last
 * re-costing's outcome for the screens.
 *
 * Access: every request and outcome of an organization: pk `ORG#<org>#RECOST` (one Query: few
 * items — requests live seconds, outcomes one per level ever re-costed); one request by id.
 */
export const StockRecost = new Entity(
  {
    model: { entity: 'stock_recost', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      kind: { type: ['request', 'done'] as const, required: true, readOnly: true },
      /** request: its id; done: `<product_id>|<location_id>`. */
      id: { type: 'string', required: true, readOnly: true },
      /** request: the levels to re-cost, each with the back-dated movement's date. */
      targets: { type: 'any' },
      requested_at: { type: 'string' },
      /** request: deliveries that failed, and the last error (shown while the job is retried). */
      failures: { type: 'number' },
      last_error: { type: 'string' },
      /** done: the level and what the last re-costing changed (minor units; debits positive). */
      product_id: { type: 'string' },
      location_id: { type: 'string' },
      from: { type: 'string' },
      done_at: { type: 'string' },
      cogs_delta: { type: 'number' },
      adjustments_delta: { type: 'number' },
      inventory_delta: { type: 'number' },
      journal_entry_id: { type: 'string' },
    },
    indexes: {
      byKind: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#RECOST', casing: 'none' },
        sk: { field: 'sk', composite: ['kind', 'id'], template: '${kind}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StockRecostRecord = EntityItem<typeof StockRecost>;

export interface RecostTarget {
  product_id: string;
  location_id: string;
  /** The back-dated movement's date: costs from it on are the ones that may change. */
  from: string;
}
