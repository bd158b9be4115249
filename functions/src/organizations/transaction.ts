import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client.js';
import { Conflict } from '../http/errors.js';

/**
 * DynamoDB transactions built from ElectroDB's `.params()`, so the entities keep computing keys,
 * index keys and conditions, while one TransactWriteItems call changes several items
 * all-or-nothing. Each step may say which error a failed condition on it means: the caller learns
 * *which* rule was broken (duplicate name, last owner, already a member…) from DynamoDB's
 * cancellation reasons, without a read before the write.
 */
type Params = Record<string, unknown>;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface TransactionStep {
  item: TransactItem;
  onConditionFailed?: () => Error;
}

/** DynamoDB's limit on actions in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

const strip = ({ ReturnValues: _ignored, ...rest }: Params) => rest;

export const putStep = (params: Params, onConditionFailed?: () => Error): TransactionStep => ({
  item: { Put: strip(params) as never },
  onConditionFailed,
});
export const updateStep = (params: Params, onConditionFailed?: () => Error): TransactionStep => ({
  item: { Update: strip(params) as never },
  onConditionFailed,
});
export const deleteStep = (params: Params, onConditionFailed?: () => Error): TransactionStep => ({
  item: { Delete: strip(params) as never },
  onConditionFailed,
});
/** A condition on an item the transaction does not change; built from a conditional delete's params. */
export const checkStep = (deleteParams: Params, onConditionFailed?: () => Error): TransactionStep => {
  const { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = deleteParams;
  if (!ConditionExpression) throw new Error('A condition check needs a condition');
  return {
    item: { ConditionCheck: { Key, TableName, ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } as never },
    onConditionFailed,
  };
};

const changedConcurrently = () => new Conflict('The data changed while saving; please try again');

interface CancellationReason { Code?: string }

/**
 * Runs the steps as one transaction. A failed condition throws the step's error (or a generic
 * 409); a conflict with a concurrent transaction on the same items is retried a few times.
 */
export async function writeTransaction(steps: TransactionStep[]): Promise<void> {
  if (!steps.length) return;
  if (steps.length > MAX_TRANSACTION_ITEMS) throw new Error(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items (got ${steps.length})`);
  const command = new TransactWriteCommand({ TransactItems: steps.map((s) => s.item) });
  for (let attempt = 1; ; attempt++) {
    try {
      await documentClient.send(command);
      return;
    } catch (err) {
      const e = err as { name?: string; CancellationReasons?: CancellationReason[] };
      const conflicted = e.name === 'TransactionConflictException';
      if (e.name !== 'TransactionCanceledException' && !conflicted) throw err;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw steps[failed]?.onConditionFailed?.() ?? changedConcurrently();
      const retryable = conflicted || reasons.some((r) => r.Code === 'TransactionConflict');
      if (!retryable) throw err;
      if (attempt >= 3) throw changedConcurrently();
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/** Runs many independent steps in transactions of at most 100 (used where order does not matter). */
export async function writeInChunks(steps: TransactionStep[]): Promise<void> {
  for (let i = 0; i < steps.length; i += MAX_TRANSACTION_ITEMS) {
    await writeTransaction(steps.slice(i, i + MAX_TRANSACTION_ITEMS));
  }
}
