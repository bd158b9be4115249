/**
 * What a request costs in DynamoDB round trips, counted at the functions' own client (as
 * bench/api.ts does), so every call of the request — authentication included — is seen. Steps are
 * the groups of calls that overlap in time (calls made together with Promise.all are one step).
 */
import { dynamo } from '../src/db/client.js';

export interface RoundTrip {
  command: string;
  /** The key(s) read or written: `pk|sk`, a batch's keys, a query's values, a transaction's size. */
  keys: string;
  start: number;
  end: number;
}

const seen: RoundTrip[] = [];
let recording = false;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (!recording) return next(args);
      const input = args.input as {
        Key?: Record<string, unknown>;
        RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }>;
        TransactItems?: unknown[];
        KeyConditionExpression?: string;
        ExpressionAttributeValues?: Record<string, unknown>;
      };
      const keyOf = (k?: Record<string, unknown>) => (k ? `${String(k.pk)}|${String(k.sk)}` : '');
      const keys = input.Key ? keyOf(input.Key)
        : input.RequestItems ? Object.values(input.RequestItems).flatMap((r) => (r.Keys ?? []).map(keyOf)).join(', ')
        : input.TransactItems ? `${input.TransactItems.length} items`
        : input.KeyConditionExpression ? JSON.stringify(input.ExpressionAttributeValues)
        : '';
      const entry: RoundTrip = { command: context.commandName ?? 'unknown', keys, start: performance.now(), end: Infinity };
      seen.push(entry);
      try {
        return await next(args);
      } finally {
        entry.end = performance.now();
      }
    },
    { step: 'initialize', name: 'roundTripRecorder' },
  );
}

/** Calls that overlap in time are one step. */
export function stepsOf(calls: readonly RoundTrip[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  let steps = 0;
  let until = -Infinity;
  for (const c of sorted) {
    if (c.start >= until) steps++;
    until = Math.max(until, c.end);
  }
  return steps;
}

/** Runs `fn` and answers its value with the DynamoDB calls it made (commands sorted, and described one per line). */
export async function recordRoundTrips<T>(fn: () => Promise<T>) {
  install();
  seen.length = 0;
  recording = true;
  try {
    const value = await fn();
    const calls = [...seen];
    return { value, calls, commands: calls.map((c) => c.command).sort(), described: calls.map((c) => `${c.command} ${c.keys}`).join('\n') };
  } finally {
    recording = false;
  }
}
