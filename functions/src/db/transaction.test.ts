import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { documentClient } from './client.js';
import { Conflict } from '../platform/errors.js';
import { onConditionFailed, postTransaction, type TransactItem } from './transaction.js';

/**
 * How postTransaction reads DynamoDB's cancellations. DynamoDB Local runs transactions one at a
 * time and never reports TransactionConflict, so those answers are played by a mock here.
 */
const dynamo = mockClient(documentClient);
afterEach(() => dynamo.reset());

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
const put = (sk: string): TransactItem => ({ Put: { TableName: 't', Item: { pk: 'p', sk } } });

describe('postTransaction', () => {
  it('retries a transaction cancelled only by concurrent transactions, then succeeds', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    await postTransaction([put('a'), put('b')]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('answers 409 when the clash persists', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    await expect(postTransaction([put('a')])).rejects.toMatchObject({ kind: 'conflict', detail: 'Too many simultaneous changes to the same accounts; try again' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(8);
  });

  it("throws the failed item's registered error, or a generic 409, without retrying", async () => {
    const guarded = onConditionFailed(put('b'), () => new Conflict('The invoice was changed by someone else'));
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'TransactionConflict')).rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None'));
    await expect(postTransaction([put('a'), guarded, put('c')])).rejects.toMatchObject({ kind: 'conflict', detail: 'The invoice was changed by someone else' });
    await expect(postTransaction([put('a'), guarded, put('c')])).rejects.toMatchObject({ kind: 'conflict', detail: 'The data changed while saving; reload and try again' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('rethrows cancellations that are programming errors (an invalid action)', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ValidationError'));
    await expect(postTransaction([put('a'), put('b')])).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
