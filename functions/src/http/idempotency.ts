/**
 * `Idempotency-Key` for money-moving POSTs (ARCHITECTURE §4): a client that retries a request it
 * sent with a key gets the first answer again and nothing moves twice.
 *
 * How: the record (db/idempotencyRecord.ts), scoped to (organization, key), is a Put with
 * "not exists (or expired)" placed INTO the transaction that moves the money, with the request's
 * fingerprint and the answer. So a key is either unused, or bound to a request whose effects are
 * all committed — there is no half-done state a retry could observe.
 * - Before doing anything, the record is read: same fingerprint → the stored answer is replayed
 *   (`Idempotent-Replayed: true`), another fingerprint → 422.
 * - Two requests with one key racing past that read both build their transaction; DynamoDB lets
 *   one commit, the other's record condition fails (or its own checks fail because the first
 *   one's effects are now visible). Whatever the loser failed with, it reads the record again and
 *   answers the winner's result. Only if no record can be read yet does it answer 409 "in progress".
 * - A request that fails writes nothing, so its key stays free for a corrected retry.
 * - `{ lookupInside: true }`: the operation reads the record itself, with `guard.lookup()` in the
 *   same turn as its own reads, so the key costs no round trip of its own (db/get-together.ts sends
 *   them as one BatchGetItem — the till's sale: issue 15, three round trips in all). The guard
 *   refuses to record a key it was told to look up and did not.
 *
 * Usage (see payments/payments.ts):
 *
 *   handler: (ctx) => idempotent(ctx, async (guard) => {
 *     const payment = …build…;
 *     const body = present(payment);
 *     await postTransaction([...(guard ? [guard.recordItem({ status: 201, body, resourceType: 'payment', resourceId: payment.id })] : []), ...items]);
 *     return { status: 201, body };
 *   })
 */
import { createHash } from 'node:crypto';
import { readItem } from '../db/get-together.js';
import { IdempotencyRecord, type IdempotencyRecordItem } from '../db/idempotencyRecord.js';
import { putItem, type TransactItem } from '../db/transaction.js';
import { nowIso } from '../platform/ids.js';
import { Reply, type RouteContext } from './api.js';
import { Conflict, HttpError, ValidationError, statusOf } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** Visible ASCII, at most 255 characters (UUIDs, ULIDs and the like). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted at every depth, so `{a, b}` and `{b, a}` fingerprint alike. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** sha256 of method, path (without a trailing slash) and canonical body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const normalizedPath = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return createHash('sha256').update(`${method.toUpperCase()}\n${normalizedPath}\n${canonicalJson(body)}`).digest('hex');
}

export interface IdempotentResult {
  status: number;
  body: unknown;
  /** What the request created, kept on the record for support and audit. */
  resourceType?: string;
  resourceId?: string;
}

/** The record's condition failed: another request with this key committed first. */
class KeyAlreadyUsed extends Conflict {
  constructor() { super('A request with this Idempotency-Key is still in progress; retry shortly'); }
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

/** `guard.lookup()` found the key's record: the request was answered before (idempotent() replays it). */
class EarlierAnswer extends Error {
  constructor(readonly record: IdempotencyRecordItem) { super('Idempotency-Key already answered'); }
}

/** One request's claim on its key: hands the money-moving transaction the record to write. */
export class IdempotencyGuard {
  private recorded = false;

  private lookedUp = false;

  constructor(
    readonly organizationId: string,
    readonly key: string,
    readonly fingerprint: string,
    readonly method: string,
    readonly path: string,
    /** The operation reads the record itself (`lookup`), batched with its own reads. */
    readonly lookupInside = false,
  ) {}

  /**
   * Reads the key's record together with the other reads of this turn; a live one ends the
   * operation (idempotent() answers it). Call it again on every attempt that reads.
   */
  async lookup(): Promise<void> {
    this.lookedUp = true;
    const record = await readKeyRecord(this.organizationId, this.key);
    if (record && record.expires_at > epochSeconds()) throw new EarlierAnswer(record);
  }

  /** The record's Put, to place in the transaction that moves the money (first, so its refusal is the one reported). */
  recordItem(result: IdempotentResult): TransactItem {
    if (this.lookupInside && !this.lookedUp) throw new Error('This operation must look its Idempotency-Key up (guard.lookup()) before it records it');
    this.recorded = true;
    const now = epochSeconds();
    const record: IdempotencyRecordItem = {
      organization_id: this.organizationId,
      key: this.key,
      fingerprint: this.fingerprint,
      method: this.method,
      path: this.path,
      response_status: result.status,
      response_body: JSON.stringify(result.body ?? null),
      resource_type: result.resourceType,
      resource_id: result.resourceId,
      created_at: nowIso(),
      expires_at: now + IDEMPOTENCY_TTL_SECONDS,
    };
    return putItem(
      IdempotencyRecord.put(record)
        .where((a, { notExists, lte }) => `${notExists(a.key)} OR ${lte(a.expires_at, now)}`)
        .params(),
      () => new KeyAlreadyUsed(),
    );
  }

  /**
   * The action found its work already done (a document confirmed or voided before) and wrote
   * nothing: there is no record to keep, the current state is the answer.
   */
  settle() { if (!this.recorded) this.settledWithoutWrite = true; }
  private settledWithoutWrite = false;

  get wasRecorded() { return this.recorded || this.settledWithoutWrite; }
}

/** The Idempotency-Key header of the call, or null; a malformed key is a 422. */
export function idempotencyKeyOf(ctx: Pick<RouteContext, 'headers'>): string | null {
  const raw = ctx.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!KEY_PATTERN.test(key)) {
    throw new ValidationError([{ loc: ['header', 'Idempotency-Key'], msg: 'Idempotency-Key must be 1 to 255 visible ASCII characters', type: 'value_error' }]);
  }
  return key;
}

/**
 * The record kept under `key`, read with the other reads of this turn (db/get-together.ts): by
 * `guard.lookup()`, and ahead of it by a route that reads beside authentication (its `readAhead`).
 */
export const readKeyRecord = (organizationId: string, key: string) => readItem(IdempotencyRecord, { organization_id: organizationId, key });

async function liveRecord(organizationId: string, key: string) {
  const { data } = await IdempotencyRecord.get({ organization_id: organizationId, key }).go({ consistent: true });
  return data && data.expires_at > epochSeconds() ? data : null;
}

function replay(ctx: RouteContext<unknown, unknown>, guard: IdempotencyGuard, record: IdempotencyRecordItem): Reply {
  if (record.fingerprint !== guard.fingerprint) {
    throw new ValidationError([
      { loc: ['header', 'Idempotency-Key'], msg: 'Idempotency-Key reused with a different request', type: 'idempotency_key_reused' },
    ]);
  }
  ctx.audit({
    action: 'idempotency.replayed',
    entity_type: record.resource_type ?? 'request',
    entity_id: record.resource_id ?? null,
    narrative: { key: 'audit.idempotency.replayed', params: { method: record.method } },
    changes: { idempotency_key: record.key },
  });
  return new Reply(record.response_status, JSON.parse(record.response_body), { 'idempotent-replayed': 'true' });
}

/**
 * Runs a money-moving request under its Idempotency-Key (none sent: runs it plainly, `guard` null).
 * `perform` must put `guard.recordItem(result)` into the transaction that moves the money.
 */
export async function idempotent(
  ctx: RouteContext<unknown, unknown>,
  perform: (guard: IdempotencyGuard | null) => Promise<IdempotentResult>,
  options: { lookupInside?: boolean } = {},
): Promise<Reply> {
  const key = idempotencyKeyOf(ctx);
  if (!key) {
    const result = await perform(null);
    return new Reply(result.status, result.body);
  }
  if (!ctx.organizationId) throw new Error('Idempotency-Key is scoped to an organization: use it on organization routes');
  const lookupInside = options.lookupInside ?? false;
  const guard = new IdempotencyGuard(ctx.organizationId, key, requestFingerprint(ctx.method, ctx.path, ctx.body), ctx.method, ctx.path, lookupInside);

  if (!lookupInside) {
    const earlier = await liveRecord(guard.organizationId, key);
    if (earlier) return replay(ctx, guard, earlier);
  }

  let result: IdempotentResult;
  try {
    result = await perform(guard);
  } catch (error) {
    if (error instanceof EarlierAnswer) return replay(ctx, guard, error.record);
    // A concurrent twin may have committed while this request was checking or writing: its
    // effects made this one fail (condition, outstanding amount, …). Its answer is the answer.
    if (!(error instanceof HttpError) || statusOf(error) >= 500) throw error;
    const winner = await liveRecord(guard.organizationId, key);
    if (winner) return replay(ctx, guard, winner);
    throw error;
  }
  if (!guard.wasRecorded) throw new Error('An idempotent operation must write its Idempotency-Key record in its transaction');
  return new Reply(result.status, result.body);
}
