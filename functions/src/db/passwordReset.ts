import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A password-reset token, stored as its SHA-256 (the token itself is only in the e-mail). Single
 * use: deleted in the transaction that sets the new password. It also dies when the user's
 * e-mail or token_version changed since it was issued (another reset or a password change).
 * Access: by token hash.
 */
export const PasswordReset = new Entity(
  {
    model: { entity: 'password_reset', version: '1', service: 'daftar' },
    attributes: {
      token_hash: { type: 'string', required: true, readOnly: true },
      user_id: { type: 'string', required: true },
      email: { type: 'string', required: true },
      token_version: { type: 'number', required: true },
      /** Epoch seconds; checked on use because TTL deletion lags. */
      expires_at: { type: 'number', required: true },
      created_at: { type: 'string', required: true },
      ttl: { type: 'number', required: true },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['token_hash'], template: 'PWRESET#${token_hash}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'PWRESET', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type PasswordResetItem = EntityItem<typeof PasswordReset>;
