import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ITEM_TYPES, STOCK_STATUSES, UNITS_OF_MEASURE } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/** `category_key` of a product filed under no category (ids are UUIDs, so no category is called this). */
export const NO_CATEGORY = '-';

/**
 * A product or service of the catalogue (products/products.ts).
 *
 * Access patterns:
 * - one product by (organization, id): pk `ORG#<org>`, sk `PRODUCT#<id>`;
 * - the organization's catalogue in name order: gsi1 `ORG#<org>#PRODUCTS`, sk `<name_key>#<id>`;
 * - one category's products in name order: gsi2 `ORG#<org>#PCAT#<category_key>`, sk
 *   `<name_key>#<id>` (`category_key` is the category id or `-`).
 * Every list filter (type, tracking, activity, supplier, price range, image, barcode, stock
 * status, search) is a FilterExpression on one of these Queries, never a Scan. `search_text` is the
 * normalized names, SKU and barcodes (shared/src/search.ts); a search is `contains` of each word.
 * `supplier_key` is the normalized supplier name (exact, case- and spelling-insensitive match).
 *
 * Money is integer fils (`sale_price_fils`, `cost_fils`), quantities integer thousandths
 * (`reorder_point_milli`, `reorder_points[].quantity_milli`, `on_hand_milli`). `barcodes` and
 * `image_file_id` are absent rather than empty, so `exists` answers has_barcode and has_image.
 *
 * `on_hand_milli` and `stock_status` belong to the inventory code, which moves them with every
 * stock movement (without bumping `version`); the catalogue sets `stock_status` on create and
 * recomputes it (shared/src/stock-status.ts) when tracking or the reorder points change, on
 * condition that `on_hand_milli` is still the figure it computed from. `version` guards edits.
 */
export const Product = new Entity(
  {
    model: { entity: 'product', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      sku: { type: 'string', required: true },
      name: { type: 'string', required: true },
      name_key: { type: 'string', required: true },
      name_ar: { type: 'string' },
      item_type: { type: ITEM_TYPES, required: true },
      category_id: { type: 'string' },
      category_key: { type: 'string', required: true, default: NO_CATEGORY },
      unit_of_measure: { type: UNITS_OF_MEASURE, required: true },
      sale_price_fils: { type: 'number', required: true, default: 0 },
      price_includes_tax: { type: 'boolean', required: true, default: false },
      tax_id: { type: 'string' },
      cost_fils: { type: 'number', required: true, default: 0 },
      barcodes: { type: 'list', items: { type: 'string' } },
      supplier_name: { type: 'string' },
      supplier_key: { type: 'string' },
      image_file_id: { type: 'string' },
      /** The image's object and type, copied from its file record so a list presigns without reading files. */
      image_s3_key: { type: 'string' },
      image_content_type: { type: 'string' },
      image_filename: { type: 'string' },
      description: { type: 'string' },
      is_tracked_inventory: { type: 'boolean', required: true, default: false },
      reorder_point_milli: { type: 'number' },
      reorder_points: {
        type: 'list',
        items: {
          type: 'map',
          properties: {
            location_id: { type: 'string', required: true },
            quantity_milli: { type: 'number', required: true },
          },
        },
      },
      is_active: { type: 'boolean', required: true, default: true },
      on_hand_milli: { type: 'number', required: true, default: 0 },
      stock_status: { type: STOCK_STATUSES, required: true },
      search_text: { type: 'string', required: true },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'PRODUCT#${id}', casing: 'none' },
      },
      byName: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'ORG#${organization_id}#PRODUCTS', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['name_key', 'id'], template: '${name_key}#${id}', casing: 'none' },
      },
      byCategory: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id', 'category_key'], template: 'ORG#${organization_id}#PCAT#${category_key}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['name_key', 'id'], template: '${name_key}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ProductRecord = EntityItem<typeof Product>;
