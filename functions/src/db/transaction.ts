/**
 * The one way Daftar writes several items all-or-nothing (TransactWriteItems): ledger postings with
 * their documents (see ledger/posting.ts), sign-ups with their e-mail guards, memberships with
 * their counters.
 *
 * A TransactItem may carry a meaning for its condition: `onConditionFailed(item, () => error)`
 * registers the error to throw when DynamoDB cancels the transaction because of that item's
 * condition (period closed, entry already posted, invoice changed by someone else…). The
 * registry is a WeakMap, so the items stay plain DynamoDB input that callers can concatenate.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.js';
import { Conflict, DomainError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type TransactUpdate = NonNullable<TransactItem['Update']>;

/** DynamoDB's limit on actions in one transaction (the 4 MB limit is far away: an entry item is < 400 KB). */
export const MAX_TRANSACTION_ACTIONS = 100;

/** Attempts for a transaction cancelled only because a concurrent transaction held one of its items. */
const CONFLICT_ATTEMPTS = 8;

const conditionMeanings = new WeakMap<TransactItem, () => Error>();

/**
 * Counts of this process's transactions: how many were sent, and how many attempts DynamoDB
 * cancelled only because a concurrent transaction held an item (retried). The POS load benchmark
 * reports their ratio: the share of sales that met a hot item.
 */
export const transactionStats = { sent: 0, conflictRetries: 0 };

/** Registers what a failed condition on `item` means; returns the item. */
export function onConditionFailed<T extends TransactItem>(item: T, error: () => Error): T {
  conditionMeanings.set(item, error);
  return item;
}

const commitFollowUps = new WeakMap<TransactItem, () => Promise<void>>();

/**
 * Work to do once `item` is committed, never before: the message that starts a queued job whose
 * request the item writes (inventory/recost.ts). Awaited before the transaction's caller goes on
 * (a Lambda is frozen once it answers); a failure is logged, not thrown — the request is already
 * stored, and a sweep sends it again.
 */
export function afterCommit<T extends TransactItem>(item: T, followUp: () => Promise<void>): T {
  commitFollowUps.set(item, followUp);
  return item;
}

type Params = Record<string, unknown>;
const withoutReturnValues = ({ ReturnValues: _ignored, ...rest }: Params) => rest;

const meaning = (item: TransactItem, error?: () => Error) => (error ? onConditionFailed(item, error) : item);

/** Splits `text` at `separator` where it is not inside parentheses. */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0) {
      separator.lastIndex = i;
      const m = separator.exec(text);
      if (m && m.index === i) {
        parts.push(text.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * ElectroDB's update of an item known to exist, without the assignments it adds so that an update
 * may create its item: the key's composite attributes `keyAttributes` and the entity's identifiers
 * (`__edb_e__`, `__edb_v__`). On an existing item they write back what is there, and DynamoDB
 * evaluates every assignment of every update in a transaction: a till sale's updates took 2.2 ms
 * more with them than without (DynamoDB Local, interleaved runs). Only for an update whose
 * condition requires the item (a patch, a number series at the number read), or whose item the
 * same transaction that vouches for it wrote (the till's day figures, `figures_day`).
 */
export function existingItemUpdate(params: Params, keyAttributes: readonly string[]): Params {
  const names = (params.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const dropped = new Set([...keyAttributes, '__edb_e__', '__edb_v__']);
  const clauses = splitTopLevel(String(params.UpdateExpression ?? ''), / (?=(?:SET|ADD|REMOVE|DELETE) )/y)
    .map((clause) => clause.trim())
    .filter(Boolean)
    .map((clause) => {
      if (!clause.startsWith('SET ')) return clause;
      const kept = splitTopLevel(clause.slice(4), /,\s*/y).filter((assignment) => !dropped.has(names[assignment.split('=')[0]!.trim()] ?? ''));
      return kept.length ? `SET ${kept.join(', ')}` : '';
    })
    .filter(Boolean);
  const UpdateExpression = clauses.join(' ');
  const used = `${UpdateExpression} ${String(params.ConditionExpression ?? '')}`;
  const only = (map: unknown) => {
    if (!map) return undefined;
    const entries = Object.entries(map as Record<string, unknown>).filter(([k]) => new RegExp(`${k}(?![A-Za-z0-9_])`).test(used));
    return entries.length ? Object.fromEntries(entries) : undefined;
  };
  const out: Params = { ...params, UpdateExpression, ExpressionAttributeNames: only(params.ExpressionAttributeNames), ExpressionAttributeValues: only(params.ExpressionAttributeValues) };
  for (const k of ['ExpressionAttributeNames', 'ExpressionAttributeValues']) if (out[k] === undefined) delete out[k];
  return out;
}

/** TransactItems from ElectroDB `.params()` of a put/create, update/patch or delete, with what a failed condition means. */
export const putItem = (params: Params, error?: () => Error): TransactItem => meaning({ Put: withoutReturnValues(params) as never }, error);
export const updateItem = (params: Params, error?: () => Error): TransactItem => meaning({ Update: withoutReturnValues(params) as never }, error);
export const deleteItem = (params: Params, error?: () => Error): TransactItem => meaning({ Delete: withoutReturnValues(params) as never }, error);
/** A condition on an item the transaction does not change, from a conditional delete's params. */
export function conditionCheck(deleteParams: Params, error?: () => Error): TransactItem {
  const { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = deleteParams;
  if (!ConditionExpression) throw new Error('A condition check needs a condition');
  return meaning({ ConditionCheck: { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } as never }, error);
}

/**
 * Something a posting read moved on before its transaction committed (a number series, a stock
 * level): nothing was written; the posting path reads again and retries.
 */
export class MovedMeanwhile extends Error {}

/** A failed condition nobody gave a meaning to: a 409 that still tells which action failed. */
export class TransactionRejected extends Conflict {
  constructor(readonly failedIndex: number) {
    super('The data changed while saving; reload and try again');
  }
  failedAt(index: number) { return this.failedIndex === index; }
}

/** True for a single (non-transactional) write refused by its condition; ElectroDB wraps the SDK error. */
export function isConditionFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { name, message } = e as { name?: string; message?: unknown };
    if (name === 'ConditionalCheckFailedException') return true;
    if (typeof message === 'string' && message.includes('The conditional request failed')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A transaction that cannot be written as one: the caller must split the work. */
export class TransactionTooLarge extends DomainError {
  constructor(actions: number) {
    super('invalid', `This change needs ${actions} database actions, more than the ${MAX_TRANSACTION_ACTIONS} one transaction can hold; split it into smaller entries`);
  }
}

function keyOf(item: TransactItem): string {
  const action = (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck) as { TableName?: string; Key?: Record<string, unknown>; Item?: Record<string, unknown> };
  const key = action.Key ?? { pk: action.Item?.pk, sk: action.Item?.sk };
  return `${action.TableName}|${JSON.stringify(key)}`;
}

interface Cancellation { name?: string; CancellationReasons?: { Code?: string; Message?: string }[] }


/**
 * Writes all items or none. A failed condition throws the error registered for that item (or a
 * generic 409); a transaction cancelled only by concurrent transactions on the same items is
 * retried with backoff (it was cancelled as a whole, so retrying cannot double-apply an ADD), and
 * answers 409 if it keeps clashing. More than 100 actions, or two actions on one item, are refused
 * before anything is sent.
 */
export async function postTransaction(items: TransactItem[]): Promise<void> {
  if (!items.length) return;
  if (items.length > MAX_TRANSACTION_ACTIONS) throw new TransactionTooLarge(items.length);
  const keys = new Set<string>();
  for (const item of items) {
    const key = keyOf(item);
    if (keys.has(key)) throw new Error(`A transaction cannot change one item twice: ${key}`);
    keys.add(key);
  }
  const command = new TransactWriteCommand({ TransactItems: items });
  for (let attempt = 1; ; attempt++) {
    try {
      transactionStats.sent++;
      await documentClient.send(command);
      const followUps = items.flatMap((item) => commitFollowUps.get(item) ?? []);
      if (followUps.length) {
        await Promise.all(followUps.map((run) => run().catch((error: unknown) => logger.warn('a follow-up of a committed transaction failed; its sweep will retry it', { error: error instanceof Error ? error.message : String(error) }))));
      }
      return;
    } catch (err) {
      const e = err as Cancellation;
      const clashed = e.name === 'TransactionConflictException';
      if (e.name !== 'TransactionCanceledException' && !clashed) throw err;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const registered = conditionMeanings.get(items[failed]!);
        throw registered ? registered() : new TransactionRejected(failed);
      }
      const retryable = clashed || (reasons.length > 0 && reasons.every((r) => r.Code === 'None' || r.Code === 'TransactionConflict'));
      if (!retryable) throw err;
      transactionStats.conflictRetries++;
      if (attempt >= CONFLICT_ATTEMPTS) throw new Conflict('Too many simultaneous changes to the same accounts; try again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(400, 15 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}

/** Independent changes in transactions of at most 100 actions each (order between them does not matter). */
export async function postInChunks(items: TransactItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += MAX_TRANSACTION_ACTIONS) await postTransaction(items.slice(i, i + MAX_TRANSACTION_ACTIONS));
}
