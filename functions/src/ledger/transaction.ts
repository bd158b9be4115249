/**
 * Executing ledger transactions (TransactWriteItems) built by the posting engine together with the
 * caller's own document changes. See posting.ts for the design.
 *
 * A TransactItem may carry a meaning for its condition: `onConditionFailed(item, () => error)`
 * registers the error to throw when DynamoDB cancels the transaction because of that item's
 * condition (period closed, entry already posted, invoice changed by someone else…). The
 * registry is a WeakMap, so the items stay plain DynamoDB input that callers can concatenate.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.js';
import { Conflict, HttpError } from '../http/errors.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on actions in one transaction (the 4 MB limit is far away: an entry item is < 400 KB). */
export const MAX_TRANSACTION_ACTIONS = 100;

/** Attempts for a transaction cancelled only because a concurrent transaction held one of its items. */
const CONFLICT_ATTEMPTS = 8;

const conditionMeanings = new WeakMap<TransactItem, () => Error>();

/** Registers what a failed condition on `item` means; returns the item. */
export function onConditionFailed<T extends TransactItem>(item: T, error: () => Error): T {
  conditionMeanings.set(item, error);
  return item;
}

type Params = Record<string, unknown>;
const withoutReturnValues = ({ ReturnValues: _ignored, ...rest }: Params) => rest;

/** TransactItems from ElectroDB `.params()` of a put/create, update/patch or delete. */
export const putItem = (params: Params): TransactItem => ({ Put: withoutReturnValues(params) as never });
export const updateItem = (params: Params): TransactItem => ({ Update: withoutReturnValues(params) as never });
export const deleteItem = (params: Params): TransactItem => ({ Delete: withoutReturnValues(params) as never });
/** A condition on an item the transaction does not change, from a conditional delete's params. */
export function conditionCheck(deleteParams: Params): TransactItem {
  const { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = deleteParams;
  if (!ConditionExpression) throw new Error('A condition check needs a condition');
  return { ConditionCheck: { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } as never };
}

/** A transaction that cannot be written as one: the caller must split the work. */
export class TransactionTooLarge extends HttpError {
  constructor(actions: number) {
    super(422, `This change needs ${actions} database actions, more than the ${MAX_TRANSACTION_ACTIONS} one transaction can hold; split it into smaller entries`);
  }
}

function keyOf(item: TransactItem): string {
  const action = (item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck) as { TableName?: string; Key?: Record<string, unknown>; Item?: Record<string, unknown> };
  const key = action.Key ?? { pk: action.Item?.pk, sk: action.Item?.sk };
  return `${action.TableName}|${JSON.stringify(key)}`;
}

interface Cancellation { name?: string; CancellationReasons?: { Code?: string; Message?: string }[] }

const changedMeanwhile = () => new Conflict('The data changed while saving; reload and try again');

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
      await documentClient.send(command);
      return;
    } catch (err) {
      const e = err as Cancellation;
      const clashed = e.name === 'TransactionConflictException';
      if (e.name !== 'TransactionCanceledException' && !clashed) throw err;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const meaning = conditionMeanings.get(items[failed]!);
        throw meaning ? meaning() : changedMeanwhile();
      }
      const retryable = clashed || (reasons.length > 0 && reasons.every((r) => r.Code === 'None' || r.Code === 'TransactionConflict'));
      if (!retryable) throw err;
      if (attempt >= CONFLICT_ATTEMPTS) throw new Conflict('Too many simultaneous changes to the same accounts; try again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(400, 15 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}
