import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A template item of an organization, owned by the user (or API key) that created it.
 * Access: one item by (organization, id) and an organization's items oldest first (id is UUIDv7);
 * one owner's items in an organization (gsi1, "my items").
 */
export const Item = new Entity(
  {
    model: { entity: 'item', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      title: { type: 'string', required: true },
      description: { type: 'string' },
      owner_id: { type: 'string', required: true, readOnly: true },
      /** Optimistic concurrency: every update is conditional on the version it read. */
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'ITEM#${id}', casing: 'none' },
      },
      byOwner: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'owner_id'], template: 'ITEMS#${organization_id}#OWNER#${owner_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: 'ITEM#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ItemRecord = EntityItem<typeof Item>;
