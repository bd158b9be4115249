import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * The pending verification of an e-mail address: one per address, overwritten when a new code is
 * sent, so only the newest code and link work. The 6-digit code is stored as an HMAC (a plain
 * hash of a 6-digit number is reversed in a millisecond), the link token as its SHA-256.
 * `attempts` counts codes tried; at EMAIL_CODE_MAX_ATTEMPTS the code is dead.
 * Access: by e-mail (verify by code, check, resend). The link's token finds the e-mail through
 * EmailVerificationLink.
 */
export const EmailVerification = new Entity(
  {
    model: { entity: 'email_verification', version: '1', service: 'daftar' },
    attributes: {
      email: { type: 'string', required: true, readOnly: true },
      user_id: { type: 'string', required: true },
      code_hash: { type: 'string', required: true },
      link_token_hash: { type: 'string', required: true },
      attempts: { type: 'number', required: true, default: 0 },
      /** Epoch seconds; checked on every use because TTL deletion lags. */
      expires_at: { type: 'number', required: true },
      created_at: { type: 'string', required: true },
      ttl: { type: 'number', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'], template: 'EMAILVERIFY#${email}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'EMAILVERIFY', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type EmailVerificationItem = EntityItem<typeof EmailVerification>;
