import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A person who signs in. Access: by id; by e-mail (gsi1; sign-in reads the UserEmail guard
 * instead, which is strongly consistent); all users newest first (gsi2, admin list).
 */
export const User = new Entity(
  {
    model: { entity: 'user', version: '1', service: 'daftar' },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      full_name: { type: 'string' },
      password_hash: { type: 'string', required: true },
      is_active: { type: 'boolean', required: true, default: true },
      is_superuser: { type: 'boolean', required: true, default: false },
      is_verified: { type: 'boolean', required: true, default: false },
      onboarding_completed: { type: 'boolean', required: true, default: false },
      /** Bumped on password change: tokens issued before it stop working. */
      token_version: { type: 'number', required: true, default: 0 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], template: 'USER#${id}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'USER', casing: 'none' },
      },
      byEmail: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['email'], template: 'EMAIL#${email}', casing: 'none' },
        // No template: ElectroDB renders a placeholder-free template as "undefined" when an
        // update rewrites the index (an e-mail change), so the key is left to ElectroDB's format.
        sk: { field: 'gsi1sk', composite: [], casing: 'none' },
      },
      all: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: [], template: 'USERS', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['created_at', 'id'], casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type UserItem = EntityItem<typeof User>;

/**
 * Uniqueness guard for e-mail addresses: written in the same transaction as the user, with a
 * condition that it does not exist yet (DynamoDB has no unique indexes).
 */
export const UserEmail = new Entity(
  {
    model: { entity: 'user_email', version: '1', service: 'daftar' },
    attributes: {
      email: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'], template: 'EMAIL#${email}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'EMAIL', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
