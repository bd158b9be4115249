import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * What one product did on one day, kept as movements happen (inventory/stock.ts adds to it in the
 * movement's own transaction): quantities in thousandths, values in minor units. Inventory
 * analytics (top sellers, slow movers, ABC/XYZ, the forecast) read these, never the movement
 * history, so they cost O(products × days asked) whatever the number of movements.
 *
 * Access: an organization's days in a date range (pk `ORG#<org>#STOCKDAYS`, sk `<date>#<product>`);
 * one product's days (gsi1, sk the date). Attributes are only ever ADDed.
 */
export const StockDaily = new Entity(
  {
    model: { entity: 'stock_daily', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true },
      date: { type: 'string', required: true },
      product_id: { type: 'string', required: true },
      /** Sold on invoices (and, later, at the till). */
      sold: { type: 'number' },
      /** What the goods sold cost. */
      sold_cost: { type: 'number' },
      /** What they were sold for (net of tax). */
      revenue: { type: 'number' },
      /** Received (bills, receipts by hand, returns). */
      received: { type: 'number' },
      received_value: { type: 'number' },
      /** Found (+) or missing (−) on counts and adjustments. */
      adjusted: { type: 'number' },
      adjusted_value: { type: 'number' },
      movements: { type: 'number' },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#STOCKDAYS', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'product_id'], template: '${date}#${product_id}', casing: 'none' },
      },
      byProduct: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'product_id'], template: 'ORG#${organization_id}#STOCKDAYS#${product_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['date'], template: '${date}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StockDailyRecord = EntityItem<typeof StockDaily>;
