import type { PosSaleCreate, PosTransaction } from '@daftar/shared/schemas/pos';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { backoffDelay, Outbox, type LockRunner } from './outbox';
import { pendingSalesCount } from './pending-count';
import { createMemoryStore, type OutboxItem, type PosStore } from './store';
import { uuidv7 } from './uuidv7';

const ORG = 'org-1';

function ticket(sequence: number, id = uuidv7()): Omit<OutboxItem, 'status' | 'attempts' | 'last_error' | 'refusal'> {
  const body: PosSaleCreate = {
    id,
    terminal_id: 'term-1',
    session_id: 'sess-1',
    sequence,
    occurred_at: '2026-11-26T10:15:00+03:00',
    offline: true,
    lines: [{ id: uuidv7(), product_id: 'prod-1', quantity: '1', unit_price: '1.000', price_includes_tax: true, tax_id: null }],
    payments: [{ id: uuidv7(), tender: 'cash', amount: '1.000' }],
  };
  return { id, kind: 'sale', organization_id: ORG, terminal_id: 'term-1', sequence, body, created_at: new Date(2026, 10, 26, 10, sequence).toISOString() };
}

/**
 * A server as the API behaves: a ticket id posts once (the idempotency guard), a second POST with the
 * same id answers the first result; scripted failures come first.
 */
function fakeServer() {
  const posted = new Map<string, PosTransaction>();
  const calls: string[] = [];
  const failures: ((item: OutboxItem) => unknown)[] = [];
  let open = 0;
  let maxOpen = 0;
  let gate: Promise<void> | null = null;
  const send = async (item: OutboxItem): Promise<PosTransaction> => {
    calls.push(item.id);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    try {
      if (gate) await gate;
      const failure = failures.shift()?.(item);
      if (failure) throw failure;
      const existing = posted.get(item.id);
      if (existing) return existing;
      const transaction = { id: item.id, number: `R1-${String(posted.size + 1).padStart(6, '0')}`, sequence: item.sequence } as PosTransaction;
      posted.set(item.id, transaction);
      return transaction;
    } finally {
      open -= 1;
    }
  };
  return {
    send,
    posted,
    calls,
    failures,
    get maxOpen() {
      return maxOpen;
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

/** Web Locks' `ifAvailable` semantics, shared by the "tabs" of one test. */
function fakeLocks(): LockRunner {
  let held = false;
  return async (work) => {
    if (held) return false;
    held = true;
    try {
      await work();
    } finally {
      held = false;
    }
    return true;
  };
}

const outboxes: Outbox[] = [];
function makeOutbox(store: PosStore, send: (item: OutboxItem) => Promise<PosTransaction>, lock: LockRunner | null = null) {
  const outbox = new Outbox({ store, send, lock });
  outboxes.push(outbox);
  return outbox;
}

afterEach(() => {
  // A failed send schedules its retry; the test is over, so is the timer.
  for (const outbox of outboxes.splice(0)) outbox.clearRetry();
});

describe('register outbox', () => {
  it('keeps the ticket before sending, then sends in sequence order and records the receipt numbers', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const release = server.hold();
    const outbox = makeOutbox(store, server.send);
    const third = ticket(3);
    const first = ticket(1);
    const second = ticket(2);
    // Put out of order straight into the store (a reload finds them so).
    await store.outboxPut({ ...third, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await store.outboxPut({ ...first, status: 'pending', attempts: 0, last_error: null, refusal: null });
    const enqueued = outbox.enqueue(second);
    await enqueued;
    // The ticket is stored before any answer came back.
    expect((await store.outboxGet(second.id))?.status).toBe('pending');
    expect(pendingSalesCount()).toBe(3);
    release();
    await outbox.sync();
    expect(server.calls).toEqual([first.id, second.id, third.id]);
    expect(await store.outboxAll()).toEqual([]);
    expect(outbox.getSnapshot().sent.get(first.id)?.number).toBe('R1-000001');
    expect(outbox.getSnapshot().sent.get(third.id)?.number).toBe('R1-000003');
    expect(await store.getMeta<{ number: string }>(`receipt:${second.id}`)).toMatchObject({ number: 'R1-000002' });
    expect(pendingSalesCount()).toBe(0);
  });

  it('keeps a refused ticket with the server detail and goes on with the next', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const outbox = makeOutbox(store, server.send);
    const bad = ticket(1);
    const good = ticket(2);
    server.failures.push(() => new ApiError(422, 'Unprocessable', { detail: 'The session is closed' }));
    await store.outboxPut({ ...bad, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await outbox.enqueue(good);
    await outbox.sync();
    const kept = await store.outboxGet(bad.id);
    expect(kept).toMatchObject({ status: 'refused', refusal: { status: 422, detail: 'The session is closed' }, attempts: 1 });
    expect(await store.outboxGet(good.id)).toBeUndefined();
    expect(server.posted.has(good.id)).toBe(true);
    expect(outbox.getSnapshot()).toMatchObject({ pending: 0, refused: 1 });
    // A later pass does not send the refused ticket again on its own.
    await outbox.sync({ force: true });
    expect(server.calls.filter((id) => id === bad.id)).toHaveLength(1);
    // Until the cashier asks for it.
    await outbox.retry(bad.id);
    await outbox.sync({ force: true });
    expect(server.posted.has(bad.id)).toBe(true);
    expect(await store.outboxAll()).toEqual([]);
  });

  it('on a network failure or a 5xx keeps the ticket, stops the pass (order) and backs off', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const outbox = makeOutbox(store, server.send);
    const first = ticket(1);
    const second = ticket(2);
    server.failures.push(() => new TypeError('Failed to fetch'));
    await store.outboxPut({ ...first, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await store.outboxPut({ ...second, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await outbox.sync();
    // The second ticket was not sent ahead of the first.
    expect(server.calls).toEqual([first.id]);
    expect(await store.outboxGet(first.id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Failed to fetch' });
    expect(outbox.getSnapshot().offline).toBe(true);
    // Inside the backoff a timer tick does nothing; the `online` event (force) tries at once.
    await outbox.sync();
    expect(server.calls).toHaveLength(1);
    server.failures.push(() => new ApiError(503, 'Unavailable', { detail: 'Try later' }));
    await outbox.sync({ force: true });
    expect(outbox.consecutiveFailures).toBe(2);
    expect(await store.outboxGet(first.id)).toMatchObject({ status: 'pending', attempts: 2 });
    await outbox.sync({ force: true });
    expect(server.calls).toEqual([first.id, first.id, first.id, second.id]);
    expect(await store.outboxAll()).toEqual([]);
    expect(outbox.consecutiveFailures).toBe(0);
  });

  it('backs off from 1 s doubling to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('never sends a ticket twice at once: a second sync joins the running pass', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const release = server.hold();
    const outbox = makeOutbox(store, server.send);
    const only = ticket(1);
    await store.outboxPut({ ...only, status: 'pending', attempts: 0, last_error: null, refusal: null });
    const passes = [outbox.sync(), outbox.sync(), outbox.sync({ force: true })];
    // Wait until the send is actually in progress (the gate holds it there).
    await expect.poll(() => server.calls.length).toBe(1);
    expect(outbox.inFlight.has(only.id)).toBe(true);
    release();
    await Promise.all(passes);
    expect(server.calls).toEqual([only.id]);
    expect(server.maxOpen).toBe(1);
  });

  it('two tabs over one store: only the lock holder sends', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const release = server.hold();
    const locks = fakeLocks();
    const tabA = makeOutbox(store, server.send, locks);
    const tabB = makeOutbox(store, server.send, locks);
    const one = ticket(1);
    const two = ticket(2);
    await store.outboxPut({ ...one, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await store.outboxPut({ ...two, status: 'pending', attempts: 0, last_error: null, refusal: null });
    const a = tabA.sync();
    await expect.poll(() => server.calls.length).toBe(1);
    // Tab B finds the lock taken and leaves the sending to tab A.
    await tabB.sync({ force: true });
    expect(server.calls).toEqual([one.id]);
    release();
    await a;
    expect(server.calls).toEqual([one.id, two.id]);
    expect(server.maxOpen).toBe(1);
    await tabB.sync({ force: true });
    expect(server.calls).toHaveLength(2);
    expect(tabB.getSnapshot().pending).toBe(0);
  });

  it('is replay safe: a ticket whose answer was lost is sent again with its id and posts once', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    const outbox = makeOutbox(store, server.send);
    const sale = ticket(1);
    // The server posts it, but the answer never arrives.
    server.failures.push((item) => {
      server.posted.set(item.id, { id: item.id, number: 'R1-000001', sequence: item.sequence } as PosTransaction);
      return new TypeError('The network connection was lost');
    });
    await outbox.enqueue(sale);
    await outbox.sync();
    expect(await store.outboxGet(sale.id)).toMatchObject({ status: 'pending', attempts: 1 });
    await outbox.sync({ force: true });
    expect(server.calls).toEqual([sale.id, sale.id]);
    expect(server.posted.size).toBe(1);
    expect(outbox.getSnapshot().sent.get(sale.id)?.number).toBe('R1-000001');
    expect(await store.outboxAll()).toEqual([]);
  });

  it('survives a reload: a new outbox over the same store sends what the last one left', async () => {
    const store = createMemoryStore();
    const offline = fakeServer();
    offline.failures.push(() => new TypeError('Failed to fetch'));
    const before = makeOutbox(store, offline.send);
    const sale = ticket(1);
    await before.enqueue(sale);
    await before.sync();
    expect(await store.outboxAll()).toHaveLength(1);
    const server = fakeServer();
    const after = makeOutbox(store, server.send);
    await after.refresh();
    expect(after.getSnapshot().pending).toBe(1);
    await after.sync();
    expect(server.posted.has(sale.id)).toBe(true);
    expect(await store.outboxAll()).toEqual([]);
  });

  it('401 waits (sign in again) rather than refusing the ticket', async () => {
    const store = createMemoryStore();
    const server = fakeServer();
    server.failures.push(() => new ApiError(401, 'Unauthorized', { detail: 'Not signed in' }));
    const outbox = makeOutbox(store, server.send);
    const sale = ticket(1);
    await outbox.enqueue(sale);
    await outbox.sync();
    expect(await store.outboxGet(sale.id)).toMatchObject({ status: 'pending', refusal: null });
  });

  it('gives each terminal increasing sequence numbers, never below the floor', async () => {
    const store = createMemoryStore();
    expect(await store.nextSequence('term-1')).toBe(1);
    expect(await store.nextSequence('term-1')).toBe(2);
    expect(await store.nextSequence('term-2', 40)).toBe(41);
    expect(await store.nextSequence('term-1', 1)).toBe(3);
  });
});
