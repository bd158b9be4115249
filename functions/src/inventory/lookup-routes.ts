/**
 * What a till asks while scanning: the product behind a code and whether it can be had — one
 * read each (issue 14). A route group of its own in the inventory Lambda (inventory/handler.ts),
 * so a scan's cold start loads neither the movements' posting code nor the analytics.
 */
import { quantityText, parseQuantity } from '@daftar/shared/inventory/costing';
import * as inventory from '@daftar/shared/schemas/inventory';
import { barcodeLookupPublic } from '@daftar/shared/schemas/products';
import { defineRouteGroup, route } from '../http/api.js';
import { lookupBarcode } from '../products/products.js';
import { NotFound } from '../platform/errors.js';
import { availability } from './levels.js';

const ORG = '/api/v1/organizations/{organization_id}';

const quantityOf = (text: string) => parseQuantity(text)!;

export const routes = defineRouteGroup('inventory', {
  [`GET ${ORG}/inventory/products/by-barcode/{barcode}`]: route({
    access: { org: 'viewer' },
    summary:
      "The product a scanned code belongs to, in one read; a scale label (EAN-13 under the organization's `scale_barcodes` layout, by default prefixes 20–24 weight and 25–29 price) finds the product whose barcode is its prefix and item code (e.g. 2012345) and gives the label's weight (kg) or price (JOD)",
    response: barcodeLookupPublic,
    handler: async ({ organizationId, params }) => {
      const found = await lookupBarcode(organizationId!, params.barcode!);
      if (!found) throw new NotFound(`No product has barcode ${params.barcode}`);
      return found;
    },
  }),
  [`GET ${ORG}/inventory/products/{product_id}/availability`]: route({
    access: { org: 'viewer' },
    summary: 'On hand less reserved at a location (one read); with quantity, whether it can be had now',
    query: inventory.availabilityQuery,
    response: inventory.availabilityPublic,
    handler: async ({ organizationId, params, query }) => {
      const figures = await availability(organizationId!, params.product_id!, query.location_id);
      const asked = query.quantity !== undefined ? quantityOf(query.quantity) : null;
      return {
        product_id: params.product_id!,
        on_hand: quantityText(figures.onHand),
        reserved: quantityText(figures.reserved),
        available: quantityText(figures.available),
        is_available: asked === null ? null : asked <= figures.available,
      };
    },
  }),
});
