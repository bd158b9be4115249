/**
 * Removal of expired API keys, for the nightly maintenance job and `POST api-keys/cleanup`.
 *
 * Expired keys are DELETED, not deactivated: an expired key already fails authentication, and a
 * deactivated one would stay in the gsi2 expiry range, so every later run would read it again and
 * the job would grow with history. What the key was stays on record: each removal writes an audit
 * record (`api_key.expired_removed`) into the key's organization, with its name, prefix and usage.
 */
import { ApiKey, type ApiKeyItem } from '../db/apiKey.js';
import { writeAudit, type AuditActor } from '../http/audit.js';
import { isConditionFailure } from '../db/transaction.js';

/** Deletes every key whose expiry is before `now` across all organizations; answers how many. */
export async function cleanupExpiredApiKeys(now: Date = new Date(), actor: AuditActor = {}): Promise<number> {
  let deleted = 0;
  let cursor: string | null = null;
  do {
    // gsi2 sorts every key by expiry ('9999' = never): expired keys are exactly the range below now.
    const page: { data: ApiKeyItem[]; cursor: string | null } = await ApiKey.query
      .byExpiry({})
      .lt({ expires_at: now.toISOString() })
      .go({ cursor });
    for (const key of page.data) {
      if (await removeExpiredKey(key, now, actor)) deleted += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return deleted;
}

async function removeExpiredKey(key: ApiKeyItem, now: Date, actor: AuditActor): Promise<boolean> {
  try {
    // Conditional on the expiry read: a key whose expiry was changed meanwhile is left alone.
    await ApiKey.delete({ organization_id: key.organization_id, id: key.id })
      .where(({ expires_at }, { eq }) => eq(expires_at, key.expires_at))
      .go();
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
  await writeAudit(
    { ...actor, organization_id: key.organization_id },
    {
      action: 'api_key.expired_removed',
      entity_type: 'api_key',
      entity_id: key.id,
      narrative: { key: 'audit.api_key.expired_removed', params: { name: key.name, prefix: key.key_prefix } },
      changes: { name: key.name, key_prefix: key.key_prefix, role: key.role, expires_at: key.expires_at, usage_count: key.usage_count, removed_at: now.toISOString() },
    },
  );
  return true;
}
