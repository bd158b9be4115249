import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * What a money-moving request sent with an `Idempotency-Key` answered, written in the SAME
 * transaction as the money movement (http/idempotency.ts), so a key is either unused or bound to
 * a request whose effects are all in the books.
 *
 * Access pattern: one record by (organization, key): pk `ORG#<org>#IDEMPOTENCY`, sk `KEY#<key>`.
 * Kept 24 hours: `expires_at` is the table's TTL attribute (epoch seconds). DynamoDB deletes
 * expired items lazily, so readers treat an expired record as absent and the writer's condition
 * lets a new request replace it.
 */
export const IdempotencyRecord = new Entity(
  {
    model: { entity: 'idempotency_record', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      key: { type: 'string', required: true, readOnly: true },
      /** sha256 of method, path and canonical body: the same key with another request is refused. */
      fingerprint: { type: 'string', required: true },
      method: { type: 'string', required: true },
      path: { type: 'string', required: true },
      response_status: { type: 'number', required: true },
      /** The response body as JSON text, replayed as it was first answered. */
      response_body: { type: 'string', required: true },
      resource_type: { type: 'string' },
      resource_id: { type: 'string' },
      created_at: { type: 'string', required: true },
      expires_at: { type: 'number', required: true, field: 'ttl' },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}#IDEMPOTENCY', casing: 'none' },
        sk: { field: 'sk', composite: ['key'], template: 'KEY#${key}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type IdempotencyRecordItem = EntityItem<typeof IdempotencyRecord>;
