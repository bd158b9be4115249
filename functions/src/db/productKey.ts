import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

export const PRODUCT_KEY_KINDS = ['SKU', 'BARCODE'] as const;
export type ProductKeyKind = (typeof PRODUCT_KEY_KINDS)[number];

/**
 * The unique keys of the catalogue: `SKU#<lower-case sku>` and `BARCODE#<code>` → product id.
 * Written with the product in its transaction on condition that they are absent (a duplicate
 * cancels the whole write; the caller reads the key to name the product that has it), rewritten
 * or deleted with every change on condition that they still name this product.
 *
 * A barcode key also carries a copy of the product's selling fields (`product`, the shape of
 * productSaleFields), rewritten with every catalogue change, so the till's scan
 * (inventory/products/by-barcode) is one GetItem. A scale item's key is its prefix and item code
 * ("2012345"), which a scanned scale label is taken apart into (shared/src/barcodes.ts).
 *
 * Access: pk `ORG#<org>`, sk `<kind>#<value>`.
 */
export const ProductKey = new Entity(
  {
    model: { entity: 'product_key', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      kind: { type: PRODUCT_KEY_KINDS, required: true, readOnly: true },
      value: { type: 'string', required: true, readOnly: true },
      product_id: { type: 'string', required: true },
      /** Barcodes only: the product's selling fields as of its last catalogue change. */
      product: { type: 'any' },
    },
    indexes: {
      byValue: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['kind', 'value'], template: '${kind}#${value}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ProductKeyRecord = EntityItem<typeof ProductKey>;

/** The key value of a SKU: SKUs are unique regardless of case. */
export const skuKey = (sku: string) => sku.toLowerCase();
