/** Seeding for the benches: items written straight to the table, as their writers would have left them. */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';

/** Writes `total` items made by `item(i)`, 25 to a BatchWriteItem, by `writers` at once. */
export async function batchWrite(total: number, item: (i: number) => { Item: Record<string, unknown>; TableName: string }, progress: (done: number) => void, progressEvery = 20_000, writers = 4) {
  const { documentClient } = await import('../functions/src/db/client.js');
  let next = 0;
  let done = 0;
  await Promise.all(Array.from({ length: writers }, async () => {
    while (next < total) {
      const from = next;
      next = Math.min(next + 25, total);
      const params = Array.from({ length: next - from }, (_, k) => item(from + k));
      const table = params[0]!.TableName;
      let pending = params.map((p) => ({ PutRequest: { Item: p.Item } }));
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt > 8) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
        if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
        const answer = await documentClient.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (answer.UnprocessedItems?.[table] ?? []) as typeof pending;
      }
      const before = done;
      done += params.length;
      if (Math.floor(done / progressEvery) > Math.floor(before / progressEvery)) progress(done);
    }
  }));
}
