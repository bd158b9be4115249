import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ROLES } from '@daftar/shared';
import { entityConfig } from './client.js';

/**
 * An integration's key. The secret is stored only as a SHA-256 hash (it has 256 bits of entropy,
 * so a slow KDF adds nothing). Access: keys of an organization; by public prefix (authentication,
 * gsi1); all keys by expiry (global stats and cleanup, gsi2).
 */
export const ApiKey = new Entity(
  {
    model: { entity: 'api_key', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      description: { type: 'string' },
      role: { type: ROLES, required: true },
      key_prefix: { type: 'string', required: true, readOnly: true },
      secret_hash: { type: 'string', required: true, readOnly: true },
      is_active: { type: 'boolean', required: true, default: true },
      /** ISO time or the sentinel '9999' for keys that never expire, so gsi2 sorts by expiry. */
      expires_at: { type: 'string', required: true, default: '9999' },
      last_used_at: { type: 'string' },
      usage_count: { type: 'number', required: true, default: 0 },
      /** Requests per UTC day, `YYYY-MM-DD` → count. */
      usage_by_day: { type: 'any', required: true, default: () => ({}) },
      created_by: { type: 'string', required: true, readOnly: true },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'APIKEY#${id}', casing: 'none' },
      },
      byPrefix: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['key_prefix'], template: 'APIKEY#${key_prefix}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: [], template: 'APIKEY', casing: 'none' },
      },
      byExpiry: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: [], template: 'APIKEYS', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['expires_at', 'id'], casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type ApiKeyItem = EntityItem<typeof ApiKey>;
