import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * The verification link's token (SHA-256) → the address it verifies. Written with its
 * EmailVerification; valid only while that record still carries the same token hash, so a newer
 * code retires older links. Access: by token hash (a strongly consistent GetItem, unlike a GSI).
 */
export const EmailVerificationLink = new Entity(
  {
    model: { entity: 'email_verification_link', version: '1', service: 'daftar' },
    attributes: {
      token_hash: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      expires_at: { type: 'number', required: true },
      ttl: { type: 'number', required: true },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['token_hash'], template: 'EMAILVERIFYLINK#${token_hash}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'EMAILVERIFYLINK', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type EmailVerificationLinkItem = EntityItem<typeof EmailVerificationLink>;
