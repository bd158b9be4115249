/**
 * Single-item reads made in the same turn of the event loop, sent as ONE BatchGetItem.
 *
 * The posting path needs several items it knows the keys of — the number series, the ledger
 * lock, the organization — and reads them at the same moment from different modules (the
 * series from db/sequence.ts, the lock and organization from the posting's validation). Each
 * module stays simple (`readItem(Entity, key)`), and the request still pays one round trip for
 * all of them (issue #13: confirm in at most five calls). A read alone in its turn is a plain
 * GetItem. Reads are strongly consistent (BatchGetItem's ConsistentRead applies to the table),
 * which is what every caller here asks for.
 */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Entity, EntityItem } from 'electrodb';
import { documentClient } from './client.js';
import { keepReadAhead, takeReadAhead } from '../platform/call-cache.js';

type Key = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEntity = Entity<any, any, any, any>;

interface Pending {
  table: string;
  key: Key;
  settle(item: Key | undefined): void;
  fail(error: unknown): void;
}

const KEYS_PER_REQUEST = 100;
const ATTEMPTS = 8;
let queue: Pending[] = [];

const keyText = (table: string, key: Key) => `${table}\u0000${String(key.pk)}\u0000${String(key.sk)}`;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));

async function flush(batch: Pending[]) {
  if (batch.length === 1) {
    const [only] = batch;
    try {
      const { Item } = await documentClient.send(new GetCommand({ TableName: only!.table, Key: only!.key, ConsistentRead: true }));
      only!.settle(Item);
    } catch (error) {
      only!.fail(error);
    }
    return;
  }
  // Several asks for one key share its answer.
  const byKey = new Map<string, Pending[]>();
  for (const p of batch) {
    const k = keyText(p.table, p.key);
    byKey.set(k, [...(byKey.get(k) ?? []), p]);
  }
  const found = new Map<string, Key>();
  try {
    const distinct = [...byKey.values()].map((asks) => asks[0]!);
    for (let i = 0; i < distinct.length; i += KEYS_PER_REQUEST) {
      let pending = distinct.slice(i, i + KEYS_PER_REQUEST);
      for (let attempt = 0; pending.length; attempt++) {
        if (attempt >= ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
        if (attempt > 0) await pause(attempt);
        const requestItems: Record<string, { Keys: Key[]; ConsistentRead: true }> = {};
        for (const p of pending) (requestItems[p.table] ??= { Keys: [], ConsistentRead: true }).Keys.push(p.key);
        const answer = await documentClient.send(new BatchGetCommand({ RequestItems: requestItems }));
        for (const [table, items] of Object.entries(answer.Responses ?? {})) for (const item of items) found.set(keyText(table, item), item);
        const left = new Set(Object.entries(answer.UnprocessedKeys ?? {}).flatMap(([table, r]) => (r.Keys ?? []).map((key) => keyText(table, key))));
        pending = pending.filter((p) => left.has(keyText(p.table, p.key)));
      }
    }
  } catch (error) {
    for (const p of batch) p.fail(error);
    return;
  }
  for (const [k, asks] of byKey) for (const p of asks) p.settle(found.get(k));
}

/** Raw item of `key` in `table`, read with every other ask of this turn. */
function ask(table: string, key: Key): Promise<Key | undefined> {
  return new Promise((resolve, reject) => {
    if (queue.length === 0) {
      // After the current turn's synchronous work and promise reactions: asks made together
      // (Promise.all, or modules called one after another without awaiting I/O) go together.
      setImmediate(() => {
        const batch = queue;
        queue = [];
        void flush(batch);
      });
    }
    queue.push({ table, key, settle: resolve, fail: reject });
  });
}

/** Set while `readingAhead` runs its reads: each read is kept for the call's later read of the same key. */
let ahead = false;

/**
 * Starts, in this turn, the reads that `start` makes before its first pause, and keeps each for
 * the first read of the same key later in this call (platform/call-cache.ts). The request
 * pipeline runs a route's `readAhead` this way beside the principal's own reads (http/api.ts):
 * they leave as one BatchGetItem, and the handler's reads, made after authentication, find their
 * items already on the way. Whatever `start` answers or throws is ignored; only the reads count.
 */
export function readingAhead(start: () => unknown): void {
  ahead = true;
  try {
    const started = start();
    if (started instanceof Promise) started.catch(() => undefined);
  } catch {
    // The handler will make the same reads and meet the same error.
  } finally {
    ahead = false;
  }
}

/**
 * The entity's item under `key` (null when there is none), read consistently — together with
 * every other readItem of this turn, or taken from a read made ahead for this call.
 */
export function readItem<E extends AnyEntity>(entity: E, key: object, options: { ignoreOwnership?: boolean } = {}): Promise<EntityItem<E> | null> {
  const { TableName, Key } = (entity.get(key as never) as { params(): { TableName?: string; Key?: Key } }).params();
  if (!TableName || !Key) throw new Error('readItem needs an entity with a table and a key');
  const text = keyText(TableName, Key);
  let raw = ahead ? undefined : takeReadAhead<Key | undefined>(text);
  if (!raw) {
    raw = ask(TableName, Key);
    if (ahead) {
      raw.catch(() => undefined);
      keepReadAhead(text, raw);
    }
  }
  return raw.then((item) => (item ? ((entity.parse({ Item: item }, { ignoreOwnership: options.ignoreOwnership }) as { data: EntityItem<E> | null }).data) : null));
}
