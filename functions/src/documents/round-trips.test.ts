/**
 * What confirming a document costs in DynamoDB round trips (issue #13): at most 5 calls in at
 * most 4 sequential steps for a 20-line invoice, the audit record inside the posting transaction.
 * Counted at the client's middleware, so every call of the request — authentication included —
 * is seen; steps are the groups of calls that overlap in time (calls made together with
 * Promise.all are one step).
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { dynamo } from '../db/client.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';

interface Seen { command: string; keys: string; start: number; end: number }

const seen: Seen[] = [];
let recording = false;
dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    if (!recording) return next(args);
    const input = args.input as { Key?: Record<string, { S?: string }>; TableName?: string; KeyConditionExpression?: string; RequestItems?: Record<string, { Keys?: Record<string, { S?: string }>[] }>; TransactItems?: unknown[]; ExpressionAttributeValues?: Record<string, { S?: string }> };
    const keyOf = (k?: Record<string, unknown>) => (k ? `${String((k.pk as { S?: string })?.S ?? k.pk)}|${String((k.sk as { S?: string })?.S ?? k.sk)}` : '');
    const keys = input.Key ? keyOf(input.Key)
      : input.RequestItems ? Object.values(input.RequestItems).flatMap((r) => (r.Keys ?? []).map(keyOf)).join(', ')
      : input.TransactItems ? `${input.TransactItems.length} items`
      : input.KeyConditionExpression ? JSON.stringify(input.ExpressionAttributeValues)
      : '';
    const entry: Seen = { command: context.commandName ?? 'unknown', keys, start: performance.now(), end: Infinity };
    seen.push(entry);
    try {
      return await next(args);
    } finally {
      entry.end = performance.now();
    }
  },
  { step: 'initialize', name: 'roundTripRecorder' },
);

/** Calls that overlap in time are one step. */
function stepsOf(calls: Seen[]) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let steps = 0;
  let until = -Infinity;
  for (const c of sorted) {
    if (c.start >= until) steps++;
    until = Math.max(c.start >= until ? c.end : until, c.end);
  }
  return steps;
}

async function recorded<T>(fn: () => Promise<T>) {
  seen.length = 0;
  recording = true;
  try {
    return { value: await fn(), calls: [...seen] };
  } finally {
    recording = false;
  }
}

describe('round trips of a posting', () => {
  it('confirms a 20-line invoice in at most 5 DynamoDB calls in at most 4 steps, the audit record inside the transaction', async () => {
    const { org, as, customer, gst16 } = await invoicingOrganization();
    const lines = Array.from({ length: 20 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: '1', unit_price: `${i + 1}.250`, tax_id: gst16.id }));
    const draft = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // A first confirm of another draft warms what a Lambda keeps between requests (none of it is the document's).
    const warm = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines: lines.slice(0, 1) } });
    expect((await call('POST', `${invoicesPath(org.id)}/${warm.body.id}/confirm`, as('admin'))).status).toBe(200);

    const { value: res, calls } = await recorded(() => call('POST', `${invoicesPath(org.id)}/${draft.body.id}/confirm`, as('admin')));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const described = calls.map((c) => `${c.command} ${c.keys}`).join('\n');
    expect(calls.filter((c) => c.command === 'PutItemCommand'), described).toHaveLength(0);
    expect(calls.filter((c) => c.command === 'TransactWriteItemsCommand'), described).toHaveLength(1);
    expect(calls.length, described).toBeLessThanOrEqual(5);
    expect(stepsOf(calls), described).toBeLessThanOrEqual(4);
  });
});
