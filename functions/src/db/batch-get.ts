/**
 * Reading many items by key with DynamoDB BatchGetItem (ElectroDB's `Entity.get([...keys])`):
 * 100 distinct keys a request, keys DynamoDB leaves unprocessed (throttling, the 16 MB response
 * limit) asked again with a short backoff, and an error rather than a silently partial answer if
 * they stay unprocessed. A key without an item is simply absent from the result — which is how
 * another tenant's id reads when the key carries the organization.
 */

/** One BatchGet request as the caller makes it: `(keys) => Tax.get(keys).go({ consistent: true })`. */
export type BatchRead<K, T> = (keys: K[]) => Promise<{ data: T[]; unprocessed: readonly unknown[] }>;

export interface BatchGetOptions {
  /** Requests of 100 keys in flight at once (default 1). */
  concurrency?: number;
  /** Names the items in the error when keys stay unprocessed: 'accounts'. */
  what?: string;
}

const KEYS_PER_REQUEST = 100;
const ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));

/**
 * The items stored under `keys` (each distinct key asked once), in no particular order. ElectroDB
 * gives unprocessed keys back as the item's key attributes, which is what `read` takes again.
 */
export async function batchGet<K extends object, T>(keys: readonly K[], read: BatchRead<K, T>, options: BatchGetOptions = {}): Promise<T[]> {
  const distinct = [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
  const chunks: K[][] = [];
  for (let i = 0; i < distinct.length; i += KEYS_PER_REQUEST) chunks.push(distinct.slice(i, i + KEYS_PER_REQUEST));
  const found: T[] = [];
  const readChunk = async (chunk: K[]) => {
    let pending = chunk;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= ATTEMPTS) throw new Error(`BatchGet left ${pending.length} keys of ${options.what ?? 'items'} unprocessed`);
      if (attempt > 0) await pause(attempt);
      const { data, unprocessed } = await read(pending);
      found.push(...data);
      pending = unprocessed as K[];
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 1);
  for (let i = 0; i < chunks.length; i += concurrency) await Promise.all(chunks.slice(i, i + concurrency).map(readChunk));
  return found;
}

/** The organization's items with these ids (keyed `{organization_id, id}`), by id. */
export async function readById<T extends { id: string }>(
  read: BatchRead<{ organization_id: string; id: string }, T>,
  organizationId: string,
  ids: Iterable<string>,
  options?: BatchGetOptions,
): Promise<Map<string, T>> {
  const keys = [...new Set(ids)].map((id) => ({ organization_id: organizationId, id }));
  const items = await batchGet(keys, read, options);
  return new Map(items.map((item) => [item.id, item]));
}
