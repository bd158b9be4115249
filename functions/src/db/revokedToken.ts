import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/** A signed-out access token, kept until it would have expired anyway (TTL). Access: by jti. */
export const RevokedToken = new Entity(
  {
    model: { entity: 'revoked_token', version: '1', service: 'daftar' },
    attributes: {
      jti: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      ttl: { type: 'number', required: true },
    },
    indexes: {
      byJti: {
        pk: { field: 'pk', composite: ['jti'], template: 'REVOKED#${jti}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'REVOKED', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
