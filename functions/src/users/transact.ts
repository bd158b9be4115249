import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.js';
import { Conflict } from '../http/errors.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type TransactUpdate = NonNullable<TransactItem['Update']>;

/** DynamoDB's limit on actions in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/** A transaction DynamoDB cancelled; `failedAt(i)` tells whether action i's condition failed. */
export class TransactionRejected extends Error {
  constructor(readonly reasons: (string | undefined)[]) {
    super(`Transaction cancelled: ${reasons.map((r) => r ?? 'None').join(', ')}`);
  }
  failedAt(index: number) { return this.reasons[index] === 'ConditionalCheckFailed'; }
  get conflicted() { return this.reasons.includes('TransactionConflict'); }
}

interface CancellationError { name?: string; CancellationReasons?: { Code?: string }[] }

/**
 * Writes all items or none. Cancellations become TransactionRejected (callers map the failed
 * condition to their 4xx); a clash with a concurrent transaction is a 409 to retry.
 */
export async function transact(items: TransactItem[]): Promise<void> {
  if (items.length > MAX_TRANSACTION_ITEMS) throw new Error(`Transaction of ${items.length} actions exceeds ${MAX_TRANSACTION_ITEMS}`);
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const e = err as CancellationError;
    if (e?.name !== 'TransactionCanceledException') throw err;
    const rejected = new TransactionRejected((e.CancellationReasons ?? []).map((r) => r.Code));
    if (rejected.conflicted && !rejected.reasons.includes('ConditionalCheckFailed')) {
      throw new Conflict('Another change to the same data happened at the same time; try again');
    }
    throw rejected;
  }
}

/** True for a single write refused by its condition (ElectroDB wraps the SDK error). */
export function isConditionFailure(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
