import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from './client.js';

/**
 * One audit record. Platform events (sign-in, sign-up) have organization `PLATFORM`.
 * Access:
 * - an organization's log by id (UUIDv7 sorts by time, so a date range is an id range and
 *   "newest first" is a descending query);
 * - one user's records in an organization (gsi1, sparse: records without a user are not in it;
 *   query with `user_scope: userScope(organization_id, user_id)`, ranges on `user_sort` = id);
 * - the global log by UTC day (gsi2, one partition per day so writes spread and retention
 *   deletes whole days).
 */
export const AUDIT_PLATFORM = 'PLATFORM';

/** The byUser partition of one user in one organization. */
export const userScope = (organizationId: string, userId: string) => `${organizationId}#USER#${userId}`;

export const AuditLog = new Entity(
  {
    model: { entity: 'audit_log', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      day: { type: 'string', required: true, readOnly: true },
      user_id: { type: 'string' },
      user_email: { type: 'string' },
      api_key_id: { type: 'string' },
      action: { type: 'string', required: true },
      entity_type: { type: 'string', required: true },
      entity_id: { type: 'string' },
      summary: { type: 'string', required: true },
      changes: { type: 'any' },
      ip_address: { type: 'string' },
      user_agent: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      /**
       * The byUser keys, derived from organization_id, user_id and id, and absent when there is no
       * user (calls made with an API key, system jobs): the index is sparse. Built from the
       * attributes directly, ElectroDB would refuse to write a record without a user at all.
       */
      user_scope: {
        type: 'string', hidden: true, readOnly: true, watch: ['organization_id', 'user_id'],
        set: (_, item) => (item.user_id ? userScope(item.organization_id, item.user_id) : undefined),
      },
      user_sort: {
        type: 'string', hidden: true, readOnly: true, watch: ['id', 'user_id'],
        set: (_, item) => (item.user_id ? item.id : undefined),
      },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'AUDIT#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['user_scope'], template: 'AUDIT#${user_scope}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['user_sort'], template: '${user_sort}', casing: 'none' },
      },
      byDay: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['day'], template: 'AUDITDAY#${day}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type AuditLogItem = EntityItem<typeof AuditLog>;

/**
 * How far the retention clean-up has deleted: every UTC day before `cleared_before` is gone.
 * The next clean-up walks the gsi2 day partitions from here instead of from the beginning of time
 * (there is no Scan to find the oldest day). Access: the one record, by its fixed key.
 */
export const AuditRetention = new Entity(
  {
    model: { entity: 'audit_retention', version: '1', service: 'daftar' },
    attributes: {
      cleared_before: { type: 'string', required: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      singleton: {
        pk: { field: 'pk', composite: [], template: 'AUDITRETENTION', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'AUDITRETENTION', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
