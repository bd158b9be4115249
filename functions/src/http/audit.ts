import { AuditLog, AUDIT_PLATFORM } from '../db/auditLog.js';
import { uuidv7 } from '../platform/ids.js';
import { logger } from '../platform/logger.js';

export interface AuditEntry {
  action: string;
  entity_type: string;
  entity_id?: string | null;
  summary: string;
  changes?: Record<string, unknown> | null;
}

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

/** Writes one audit record. A failure is logged, not raised: the audited change has happened. */
export async function writeAudit(actor: AuditActor, entry: AuditEntry) {
  const now = new Date();
  try {
    await AuditLog.create({
      organization_id: actor.organization_id ?? AUDIT_PLATFORM,
      id: uuidv7(now.getTime()),
      day: now.toISOString().slice(0, 10),
      user_id: actor.user_id ?? undefined,
      user_email: actor.user_email ?? undefined,
      api_key_id: actor.api_key_id ?? undefined,
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id ?? undefined,
      summary: entry.summary.slice(0, 500),
      changes: redact(entry.changes),
      ip_address: actor.ip_address ?? undefined,
      user_agent: actor.user_agent?.slice(0, 300) ?? undefined,
      created_at: now.toISOString(),
    }).go();
  } catch (err) {
    logger.error('audit write failed', { action: entry.action, error: String(err) });
  }
}
