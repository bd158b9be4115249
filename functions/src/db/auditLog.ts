import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';
import { uuidv7 } from '../platform/ids.js';
import { inEnglish, storedNarrative, type Narrative } from '@daftar/shared/narrative';

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
      /** What happened as a message key and its values, rendered in the reader's language (shared/src/narrative.ts). */
      narrative: { type: 'any' },
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
 * What happened, as the code that did it describes it: a narrative (shown in the reader's
 * language, shared/src/narrative.ts); its English sentence is stored beside it as `summary` for
 * API clients, exports and readers of records older than narratives.
 */
export type AuditEntry = {
  action: string;
  entity_type: string;
  entity_id?: string | null;
  changes?: Record<string, unknown> | null;
  narrative: Narrative;
};

/** Who did it, and from where. */
export interface AuditActor {
  organization_id?: string | null;
  user_id?: string | null;
  user_email?: string | null;
  api_key_id?: string | null;
  ip_address?: string | null;
  user_agent?: string | null;
}

/** Values that must never reach the audit trail. */
const SECRET_FIELDS = /password|secret|token|key_hash|^code$|verification_code/i;

export function redact(changes: Record<string, unknown> | null | undefined) {
  if (!changes) return undefined;
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : v]));
}

/**
 * The audit record of one change, ready to write: alone after the change (http/audit.ts), or
 * inside the change's own transaction (the posting path), so a posted document always has its
 * record and a refused one never does.
 */
export function auditRecord(actor: AuditActor, entry: AuditEntry, now = new Date()): AuditLogItem {
  return {
    organization_id: actor.organization_id ?? AUDIT_PLATFORM,
    id: uuidv7(now.getTime()),
    day: now.toISOString().slice(0, 10),
    user_id: actor.user_id ?? undefined,
    user_email: actor.user_email ?? undefined,
    api_key_id: actor.api_key_id ?? undefined,
    action: entry.action,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id ?? undefined,
    summary: inEnglish(entry.narrative).slice(0, 500),
    narrative: storedNarrative(entry.narrative),
    changes: redact(entry.changes),
    ip_address: actor.ip_address ?? undefined,
    user_agent: actor.user_agent?.slice(0, 300) ?? undefined,
    created_at: now.toISOString(),
  } as AuditLogItem;
}

/**
 * The parameters of an audit record written as one action of the change's own transaction. Its id
 * is a new UUIDv7, so it is a plain put: a condition that it does not exist yet could never fail,
 * and every condition is one more evaluation inside the transaction.
 */
export const auditRecordPut = (actor: AuditActor, entry: AuditEntry, now?: Date) => AuditLog.put(auditRecord(actor, entry, now)).params();

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
