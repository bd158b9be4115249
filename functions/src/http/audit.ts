import { AuditLog, auditRecord, type AuditActor, type AuditEntry } from '../db/auditLog.js';
import { logger } from '../platform/logger.js';

export { redact, type AuditActor, type AuditEntry } from '../db/auditLog.js';

/**
 * Writes one audit record after the change it records. A failure is logged, not raised: the
 * audited change has happened. (Postings write theirs inside their own transaction instead.)
 */
export async function writeAudit(actor: AuditActor, entry: AuditEntry) {
  try {
    await AuditLog.create(auditRecord(actor, entry)).go();
  } catch (err) {
    logger.error('audit write failed', { action: entry.action, error: String(err) });
  }
}
