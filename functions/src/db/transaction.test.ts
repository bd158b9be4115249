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

describe('existingItemUpdate', () => {
  it("drops ElectroDB's key and identifier assignments, keeps the rest and the condition, and names only what is used", async () => {
    const { existingItemUpdate } = await import('./transaction.js');
    const { PosSession } = await import('./posSession.js');
    const patch = PosSession.patch({ organization_id: 'o1', id: 's1' }).add({ sales_count: 1 } as never).set({ last_sale_at: 'now', updated_at: 'now' }).where((a, { eq }) => eq(a.status, 'open')).params() as Record<string, any>;
    expect(patch.UpdateExpression).toContain('#__edb_e__ =');
    const lean = existingItemUpdate(patch, ['organization_id', 'id']) as Record<string, any>;
    expect(lean.UpdateExpression).toBe('SET #last_sale_at = :last_sale_at_u0, #updated_at = :updated_at_u0 ADD #sales_count :sales_count_u0');
    expect(lean.ConditionExpression).toBe(patch.ConditionExpression);
    expect(Object.keys(lean.ExpressionAttributeNames).sort()).toEqual(['#last_sale_at', '#pk', '#sales_count', '#sk', '#status', '#updated_at']);
    expect(Object.keys(lean.ExpressionAttributeValues).sort()).toEqual([':last_sale_at_u0', ':sales_count_u0', ':status0', ':updated_at_u0']);
    expect(lean.Key).toEqual(patch.Key);
    // A function's comma is not an assignment's: `if_not_exists(#a, :zero)` stays whole.
    const withFunction = existingItemUpdate({ ...patch, UpdateExpression: `SET #z0 = if_not_exists(#z0, :zero), ${patch.UpdateExpression.slice(4)}`, ExpressionAttributeNames: { ...patch.ExpressionAttributeNames, '#z0': 'net' }, ExpressionAttributeValues: { ...patch.ExpressionAttributeValues, ':zero': 0 } }, ['organization_id', 'id']) as Record<string, any>;
    expect(withFunction.UpdateExpression).toBe('SET #z0 = if_not_exists(#z0, :zero), #last_sale_at = :last_sale_at_u0, #updated_at = :updated_at_u0 ADD #sales_count :sales_count_u0');
  });
});
