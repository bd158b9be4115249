import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ROLES } from '@daftar/shared';
import { INVITATION_STATUSES } from '@daftar/shared/schemas/codes';
import { entityConfig } from './client.js';

/**
 * An invitation to join an organization. The token is random and only its SHA-256 is stored.
 *
 * Access patterns:
 * - an organization's invitations: pk `ORG#<org>`, sk begins_with `INVITATION#` (ids are UUIDv7,
 *   so the list is in creation order);
 * - one invitation by token (public read, accept): gsi1 `INVITATION_TOKEN#<sha256>`;
 * - pending invitations of every organization by expiry (nightly clean-up, no Scan): gsi2
 *   `INVITATIONS#PENDING`, sk `<expires_at>#<id>`. The index is sparse: its keys exist only while
 *   the status is `pending` (index condition), so accepted, cancelled and expired invitations
 *   drop out of it and the clean-up reads only what it has to change.
 *
 * Every write that changes `status` or `expires_at` must also give `status`, `expires_at` and
 * `id`, so ElectroDB can recompute (or remove) the gsi2 keys.
 */
export const Invitation = new Entity(
  {
    model: { entity: 'invitation', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      /** Lower-case. */
      email: { type: 'string', required: true, readOnly: true },
      role: { type: ROLES, required: true },
      status: { type: INVITATION_STATUSES, required: true, default: 'pending' },
      message: { type: 'string' },
      token_hash: { type: 'string', required: true },
      invited_by: { type: 'string', required: true, readOnly: true },
      /** The inviter's name (or e-mail) when invited, shown to the invitee. */
      invited_by_name: { type: 'string' },
      expires_at: { type: 'string', required: true },
      sent_count: { type: 'number', required: true, default: 1 },
      accepted_at: { type: 'string' },
      accepted_by: { type: 'string' },
      cancelled_at: { type: 'string' },
      expired_at: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'INVITATION#${id}', casing: 'none' },
      },
      byToken: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['token_hash'], template: 'INVITATION_TOKEN#${token_hash}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['organization_id', 'id'], template: 'INVITATION#${organization_id}#${id}', casing: 'none' },
      },
      pendingByExpiry: {
        index: 'gsi2',
        condition: (attributes: Record<string, unknown>) => attributes.status === 'pending',
        pk: { field: 'gsi2pk', composite: ['status'], template: 'INVITATIONS#${status}', casing: 'upper' },
        sk: { field: 'gsi2sk', composite: ['expires_at', 'id'], template: '${expires_at}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type InvitationItem = EntityItem<typeof Invitation>;

/**
 * Uniqueness guard: at most one pending invitation per (organization, e-mail). Written in the
 * same transaction as the invitation (condition: absent, or held by an invitation that has
 * expired), deleted in the same transaction that accepts, cancels or expires it.
 * Access: by (organization, e-mail); pk `ORG#<org>`, sk `INVITEE#<email>`.
 */
export const InvitationEmail = new Entity(
  {
    model: { entity: 'invitation_email', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true, readOnly: true },
      invitation_id: { type: 'string', required: true },
    },
    indexes: {
      byOrganizationEmail: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['email'], template: 'INVITEE#${email}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
