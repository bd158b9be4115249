/**
 * Values remembered for the length of one call (one API request): what several modules read during
 * a request — the organization's settings — is read once. The request pipeline (http/api.ts) opens
 * the scope; outside one (queue consumers, scheduled jobs, tests calling domain code directly)
 * nothing is remembered and every ask reads again. A failed read is not remembered.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `call` with a fresh cache: everything `cachedForCall` remembers lives until it ends. */
export const withCallCache = <T>(call: () => Promise<T>): Promise<T> => scope.run(new Map(), call);

/** The value under `key` read once in this call (concurrent asks share one read), or read now outside a call. */
export function cachedForCall<T>(key: string, read: () => Promise<T>): Promise<T> {
  const cache = scope.getStore();
  if (!cache) return read();
  const known = cache.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  cache.set(key, reading);
  reading.catch(() => {
    if (cache.get(key) === reading) cache.delete(key);
  });
  return reading;
}

/** Forgets `key` in this call, after a write changed what it names. */
export function forgetForCall(key: string): void {
  scope.getStore()?.delete(key);
}

/** What `key` holds in this call if something already read it (the read may still be in flight), else undefined. */
export function knownForCall<T>(key: string): Promise<T> | undefined {
  return scope.getStore()?.get(key) as Promise<T> | undefined;
}

/**
 * Reads made ahead for this call (db/get-together.ts `readingAhead`): the raw item under a table
 * and key, kept until the first read of that key in the call takes it. Taken once: a read made
 * again after a write (a retried transaction) reads afresh.
 */
const AHEAD = '\u0000ahead\u0000';

export function keepReadAhead(key: string, item: Promise<unknown>): void {
  const cache = scope.getStore();
  if (cache && !cache.has(AHEAD + key)) cache.set(AHEAD + key, item);
}

export function takeReadAhead<T>(key: string): Promise<T> | undefined {
  const cache = scope.getStore();
  const item = cache?.get(AHEAD + key) as Promise<T> | undefined;
  if (item) cache!.delete(AHEAD + key);
  return item;
}
