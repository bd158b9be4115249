import type { PosReturnCreate, PosSaleCreate } from '@daftar/shared/schemas/pos';

/** A ticket waiting to reach the server (or refused by it and kept for the cashier to see). */
export interface OutboxItem {
  /** The ticket's id: also its Idempotency-Key. */
  id: string;
  kind: 'sale' | 'return';
  organization_id: string;
  terminal_id: string;
  sequence: number;
  body: PosSaleCreate | PosReturnCreate;
  created_at: string;
  status: 'pending' | 'refused';
  attempts: number;
  /** The last network or server failure, for the banner's tooltip. */
  last_error: string | null;
  /** Why the server refused it (a 4xx and its `detail`). */
  refusal: { status: number; detail: string } | null;
}

/**
 * Where the register keeps what must outlive the tab: the outbox, the terminal's ticket counter,
 * the catalogue snapshot and small facts (the last known terminal and session). IndexedDB in the
 * browser; in memory where there is none (tests, a private window that refuses storage).
 */
export interface PosStore {
  outboxAll(): Promise<OutboxItem[]>;
  outboxGet(id: string): Promise<OutboxItem | undefined>;
  outboxPut(item: OutboxItem): Promise<void>;
  outboxDelete(id: string): Promise<void>;
  /**
   * The terminal's next ticket number, atomically (one IndexedDB transaction, so two tabs never take
   * the same one); never below `floor` + 1 (storage wiped: continue after what the server has seen).
   */
  nextSequence(terminalId: string, floor?: number): Promise<number>;
  getMeta<T>(key: string): Promise<T | undefined>;
  putMeta(key: string, value: unknown): Promise<void>;
}

const clone = <T>(value: T): T => structuredClone(value);

export function createMemoryStore(): PosStore {
  const outbox = new Map<string, OutboxItem>();
  const meta = new Map<string, unknown>();
  return {
    outboxAll: async () => [...outbox.values()].map(clone),
    outboxGet: async (id) => (outbox.has(id) ? clone(outbox.get(id)!) : undefined),
    outboxPut: async (item) => void outbox.set(item.id, clone(item)),
    outboxDelete: async (id) => void outbox.delete(id),
    nextSequence: async (terminalId, floor = 0) => {
      const key = `sequence:${terminalId}`;
      const next = Math.max((meta.get(key) as number | undefined) ?? 0, floor) + 1;
      meta.set(key, next);
      return next;
    },
    getMeta: async <T,>(key: string) => (meta.has(key) ? clone(meta.get(key) as T) : undefined),
    putMeta: async (key, value) => void meta.set(key, clone(value)),
  };
}

const DB_NAME = 'daftar-pos';
const DB_VERSION = 1;
const OUTBOX = 'outbox';
const META = 'meta';

const done = <T,>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'id' });
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
  };
  return done(request);
}

export function createIndexedDbStore(factory: IDBFactory = indexedDB): PosStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => (opened ??= openDatabase(factory));
  async function run<T>(name: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | Promise<T>): Promise<T> {
    const tx = (await db()).transaction(name, mode);
    const result = work(tx.objectStore(name));
    const value = result instanceof IDBRequest ? done(result) : result;
    const [out] = await Promise.all([value, committed(tx)]);
    return out;
  }
  return {
    outboxAll: () => run(OUTBOX, 'readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>),
    outboxGet: (id) => run(OUTBOX, 'readonly', (s) => s.get(id) as IDBRequest<OutboxItem | undefined>),
    outboxPut: async (item) => void (await run(OUTBOX, 'readwrite', (s) => s.put(item))),
    outboxDelete: async (id) => void (await run(OUTBOX, 'readwrite', (s) => s.delete(id))),
    nextSequence: (terminalId, floor = 0) =>
      run(META, 'readwrite', (s) => {
        const key = `sequence:${terminalId}`;
        // Read and write inside one readwrite transaction: IndexedDB runs overlapping readwrite
        // transactions on a store one after the other, across tabs too.
        return new Promise<number>((resolve, reject) => {
          const read = s.get(key);
          read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
          read.onsuccess = () => {
            const next = Math.max((read.result as number | undefined) ?? 0, floor) + 1;
            s.put(next, key);
            resolve(next);
          };
        });
      }),
    getMeta: <T,>(key: string) => run(META, 'readonly', (s) => s.get(key) as IDBRequest<T | undefined>),
    putMeta: async (key, value) => void (await run(META, 'readwrite', (s) => s.put(value, key))),
  };
}

let current: PosStore | null = null;

/** The register's store: IndexedDB when the browser has it. */
export function posStore(): PosStore {
  current ??= typeof indexedDB === 'undefined' ? createMemoryStore() : createIndexedDbStore();
  return current;
}

/** Tests start each case with a store of their own. */
export function setPosStore(store: PosStore | null) {
  current = store;
}

let persistAsked = false;

/**
 * Asks once that the browser keep this origin's storage under pressure: unsynced sales live there.
 * The answer is only informative (a browser may say no), so it is not awaited by anyone.
 */
export function requestPersistentStorage() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}
