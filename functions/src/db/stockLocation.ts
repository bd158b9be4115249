import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A place stock is kept (a shop's floor, a back-room, a warehouse). Every organization that moves
 * stock has a default location, made on first use, so a shop with one store never has to pick one.
 * Access: an organization's locations (pk `ORG#<org>#LOCATIONS`, a handful per organization).
 */
export const StockLocation = new Entity(
  {
    model: { entity: 'stock_location', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      name_ar: { type: 'string' },
      location_type: { type: ['store', 'warehouse'] as const, required: true, default: 'store' },
      is_default: { type: 'boolean', required: true, default: false },
      created_at: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#LOCATIONS', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'LOC#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type StockLocationRecord = EntityItem<typeof StockLocation>;
