import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { ROLES } from '@daftar/shared';
import { entityConfig } from './client.js';

/**
 * A user's role in an organization.
 *
 * Access patterns:
 * - one membership by (organization, user): pk `ORG#<org>`, sk `MEMBER#<user>` — the tenant check
 *   on every org-scoped request (read in the principal's BatchGet);
 * - members of an organization: pk `ORG#<org>`, sk begins_with `MEMBER#` (consistent Query for the
 *   last-owner rules);
 * - organizations of a user: gsi1 `USER#<user>`, sk `MEMBER#<org>`.
 *
 * Created and deleted in the same transaction that adjusts the organization's `member_count`.
 */
export const Membership = new Entity(
  {
    model: { entity: 'membership', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      user_id: { type: 'string', required: true, readOnly: true },
      role: { type: ROLES, required: true },
      joined_at: { type: 'string', required: true, readOnly: true },
      /** Who added this member (directly, or by the invitation they accepted). */
      added_by: { type: 'string' },
      invitation_id: { type: 'string' },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['user_id'], template: 'MEMBER#${user_id}', casing: 'none' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['user_id'], template: 'USER#${user_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['organization_id'], template: 'MEMBER#${organization_id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type MembershipItem = EntityItem<typeof Membership>;
