import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from './client.js';

/**
 * One audit record. Platform events (sign-in, sign-up) have organization `PLATFORM`.
 * Access: an organization's log newest last by id (UUIDv7 sorts by time); one user's records in
 * an organization (gsi1); the global log by UTC day (gsi2, sharded by day so writes spread).
 */
export const AUDIT_PLATFORM = 'PLATFORM';

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
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'AUDIT#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: '${id}', casing: 'none' },
      },
      byUser: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'user_id'], template: 'AUDIT#${organization_id}#USER#${user_id}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['id'], template: '${id}', casing: 'none' },
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
