/**
 * Sign-in's DynamoDB work, kept to three calls in three steps (issue #13): one BatchGetItem for
 * the e-mail guard and both throttle counters, one GetItem for the user the guard names, and one
 * write for the outcome — the audit record alone, or with the address's failure counter in one
 * transaction when there is a counter to clear.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { AuditLog, auditRecord, type AuditActor, type AuditEntry } from '../db/auditLog.js';
import { batchGet } from '../db/batch-get.js';
import { documentClient } from '../db/client.js';
import { RateLimit, type RateLimitItem } from '../db/rateLimit.js';
import { deleteItem, postTransaction, putItem } from '../db/transaction.js';
import { UserEmail } from '../db/user.js';
import { writeAudit } from '../http/audit.js';
import { config } from '../platform/config.js';
import { logger } from '../platform/logger.js';
import { clearLimit } from './rateLimit.js';

type Key = Record<string, unknown>;
type Raw = Record<string, unknown>;

export interface SignInState {
  /** The account the address belongs to, per its strongly consistent e-mail guard. */
  userId: string | null;
  byEmail: RateLimitItem | null;
  byIp: RateLimitItem | null;
}

const keyOf = (params: { Key?: Key }) => params.Key!;
const sameKey = (item: Raw, key: Key) => item.pk === key.pk && item.sk === key.sk;

/** The e-mail guard and the sign-in counters of the address and the source IP, read together (consistent). */
export async function readSignInState(email: string, ip: string | null): Promise<SignInState> {
  const guardKey = keyOf(UserEmail.get({ email }).params());
  const emailKey = keyOf(RateLimit.get({ scope: 'login-email', subject: email }).params());
  const ipKey = ip ? keyOf(RateLimit.get({ scope: 'login-ip', subject: ip }).params()) : null;
  const table = config.tableName;
  const items = await batchGet<Key, Raw>(
    [guardKey, emailKey, ...(ipKey ? [ipKey] : [])],
    async (keys) => {
      const result = await documentClient.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }));
      return { data: result.Responses?.[table] ?? [], unprocessed: result.UnprocessedKeys?.[table]?.Keys ?? [] };
    },
    { what: 'sign-in state' },
  );
  const find = (key: Key | null) => (key ? items.find((item) => sameKey(item, key)) : undefined);
  const guard = find(guardKey);
  const counter = (key: Key | null) => {
    const raw = find(key);
    return raw ? (RateLimit.parse({ Item: raw }).data as RateLimitItem | null) : null;
  };
  return {
    userId: guard ? (UserEmail.parse({ Item: guard }).data?.user_id ?? null) : null,
    byEmail: counter(emailKey),
    byIp: counter(ipKey),
  };
}

/**
 * Records a successful sign-in: its audit record and, when the address has a failure counter,
 * the counter's removal, in one write. If that write fails the two are retried apart, so the
 * audit keeps its rule (a failed audit write is logged, not raised) and a counter that cannot be
 * cleared still fails the sign-in, as before.
 */
export async function recordSignIn(actor: AuditActor, entry: AuditEntry, clear: { email: string } | null) {
  if (!clear) {
    await writeAudit(actor, entry);
    return;
  }
  try {
    await postTransaction([
      putItem(AuditLog.create(auditRecord(actor, entry)).params()),
      deleteItem(RateLimit.delete({ scope: 'login-email', subject: clear.email }).params()),
    ]);
  } catch (err) {
    logger.warn('sign-in write failed; writing audit and counter apart', { error: String(err) });
    await Promise.all([clearLimit('login-email', clear.email), writeAudit(actor, entry)]);
  }
}
