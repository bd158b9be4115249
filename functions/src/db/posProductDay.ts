import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * What the POS dashboard's top products read (issue 15: flat in the number of sales): per (day,
 * product) totals of the till, organization-wide and per terminal, changed only by `ADD`.
 *
 * Not written by the sale: a popular product's item would be one item every till writes, and a
 * sale of 200 products would need 400 more actions in its transaction. They are added in the
 * receipt's follow-up instead (pos/product-figures.ts, called by the stock queue's consumer and by
 * its sweep), in a transaction that also marks the receipt `products_counted`, on condition it was
 * not, so a receipt is counted once however often its message comes. Off the till's path, two
 * follow-ups adding to one product's item at once only retry each other.
 *
 * `date` is the receipt's business day (`record.date`, the organization's zone). Figures: `quantity_milli`
 * (thousandths) and `net` (minor units, after discounts, before tax): sales and an exchange's new
 * lines add, returns subtract. `name`, `name_ar`, `sku` are the product's as the last counted
 * receipt carried them (SET), so the dashboard names a product without reading the catalogue.
 *
 * Access: an organization's days in a range (pk `ORG#<org>#POSPRODDAY`, sk `<date>#<product>`),
 * and one terminal's (pk `ORG#<org>#POSTERM#<terminal>#PRODDAY`, sk `<date>#<product>`): either is
 * one Query of days × products items for a date range.
 */
const attributes = {
  organization_id: { type: 'string', required: true, readOnly: true },
  date: { type: 'string', required: true, readOnly: true },
  product_id: { type: 'string', required: true, readOnly: true },
  quantity_milli: { type: 'number' },
  net: { type: 'number' },
  name: { type: 'string' },
  name_ar: { type: 'string' },
  sku: { type: 'string' },
} as const;

export const PosProductDay = new Entity(
  {
    model: { entity: 'pos_product_day', version: '1', service: 'daftar' },
    attributes,
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#POSPRODDAY', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'product_id'], template: '${date}#${product_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosProductDayRecord = EntityItem<typeof PosProductDay>;

export const PosTerminalProductDay = new Entity(
  {
    model: { entity: 'pos_terminal_product_day', version: '1', service: 'daftar' },
    attributes: {
      ...attributes,
      terminal_id: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byDate: {
        pk: { field: 'pk', composite: ['organization_id', 'terminal_id'], template: 'ORG#${organization_id}#POSTERM#${terminal_id}#PRODDAY', casing: 'none' },
        sk: { field: 'sk', composite: ['date', 'product_id'], template: '${date}#${product_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PosTerminalProductDayRecord = EntityItem<typeof PosTerminalProductDay>;
