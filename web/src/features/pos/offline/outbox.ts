import type { PosTransaction } from '@daftar/shared/schemas/pos';
import { ApiError } from '../../../lib/api-client';
import { promotionsChanged } from '../components/promotion-model';
import { writePendingCount } from './pending-count';
import type { OutboxItem, PosStore } from './store';

/** Sends one ticket with `Idempotency-Key: <ticket id>`; throws ApiError for an answer that is not 2xx. */
export type OutboxTransport = (item: OutboxItem) => Promise<PosTransaction>;

/**
 * Runs `work` while holding the cross-tab lock, or does not run it (answers false) when another tab
 * holds it: that tab is sending, and two senders would race on the same tickets.
 */
export type LockRunner = (work: () => Promise<void>) => Promise<boolean>;

export const LOCK_NAME = 'pos-outbox';
export const SYNC_INTERVAL_MS = 15_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;

/** 1 s, 2 s, 4 s … capped at 60 s, after the n-th failure in a row. */
export const backoffDelay = (failures: number) => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));

/**
 * Failures worth retrying: no answer, the server's own (5xx), "still in progress" (409 from the
 * idempotency guard while the first attempt runs), rate limits and a lapsed sign-in (401: the
 * ticket waits for the cashier to sign in again). Every other 4xx is the server refusing the ticket
 * — the 409 of promotions that changed since the register applied them included.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // A 409 saying the promotions changed is a refusal, not a wait: sent again it is refused again,
  // and the terminal's later tickets would queue behind it for ever.
  if (promotionsChanged(error)) return false;
  return error.status >= 500 || [401, 408, 409, 425, 429].includes(error.status);
}

/** Web Locks where the browser has them; elsewhere one tab's own guard is all there is. */
export function browserLock(): LockRunner | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return null;
  return async (work) =>
    // The lock lasts as long as the callback's promise; without it another tab is sending.
    await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await work();
      return true;
    });
}

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  pending: number;
  refused: number;
  /** Receipt numbers of tickets sent from this tab, by ticket id. */
  sent: ReadonlyMap<string, PosTransaction>;
  /** Whether the last attempt could not reach the server. */
  offline: boolean;
  lastError: string | null;
}

export interface OutboxOptions {
  store: PosStore;
  send: OutboxTransport;
  lock?: LockRunner | null;
}

const byOrder = (a: OutboxItem, b: OutboxItem) =>
  a.terminal_id === b.terminal_id ? a.sequence - b.sequence : a.created_at.localeCompare(b.created_at);

/**
 * The register's outbox: every ticket is written here before anything is sent, then sent in the
 * terminal's sequence order. One pass at a time per tab (a second call joins the running pass), and
 * one tab at a time (the Web Lock). A ticket leaves the outbox only on a 2xx — a replay of the first
 * answer included — so a ticket whose answer was lost is sent again with the same id and posts once.
 */
export class Outbox {
  private readonly store: PosStore;
  private readonly send: OutboxTransport;
  private readonly lock: LockRunner | null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();
  private snapshot: OutboxSnapshot = { items: [], pending: 0, refused: 0, sent: new Map(), offline: false, lastError: null };
  /** Tickets handed to the transport and not yet answered (never two sends of one ticket at once). */
  readonly inFlight = new Set<string>();

  constructor({ store, send, lock = browserLock() }: OutboxOptions) {
    this.store = store;
    this.send = send;
    this.lock = lock;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Re-reads the store (another tab may have sent or added tickets) and tells the screens. */
  async refresh() {
    const items = (await this.store.outboxAll()).sort(byOrder);
    const pending = items.filter((i) => i.status === 'pending').length;
    this.snapshot = { ...this.snapshot, items, pending, refused: items.length - pending };
    writePendingCount(pending);
    for (const listener of this.listeners) listener();
  }

  private update(patch: Partial<OutboxSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Keeps the ticket first (it survives a crash from here on), then tries to send it. */
  async enqueue(item: Omit<OutboxItem, 'status' | 'attempts' | 'last_error' | 'refusal'>) {
    await this.store.outboxPut({ ...item, status: 'pending', attempts: 0, last_error: null, refusal: null });
    await this.refresh();
    void this.sync();
  }

  /** Drops a refused ticket the cashier has dealt with. */
  async discard(id: string) {
    await this.store.outboxDelete(id);
    await this.refresh();
  }

  /** Puts a refused ticket back in line (after the cause was fixed, e.g. the session reopened). */
  async retry(id: string) {
    const item = await this.store.outboxGet(id);
    if (item) await this.store.outboxPut({ ...item, status: 'pending', refusal: null });
    await this.refresh();
    void this.sync({ force: true });
  }

  /** Whether the backoff asks to wait before the next try. */
  private waiting = false;

  /**
   * One pass over the pending tickets. A call while a pass runs gets that pass. `force` ignores the
   * backoff (the browser said it is online again, or the cashier asked).
   */
  sync({ force = false }: { force?: boolean } = {}): Promise<void> {
    if (this.running) return this.running;
    if (this.waiting && !force) return Promise.resolve();
    if (force) this.clearRetry();
    const pass = (async () => {
      try {
        if (this.lock) {
          const ran = await this.lock(() => this.pass());
          // Another tab holds the lock and sends; this one only shows what the store says.
          if (!ran) await this.refresh();
        } else {
          await this.pass();
        }
      } finally {
        this.running = null;
      }
    })();
    this.running = pass;
    return pass;
  }

  /** Cancels a scheduled retry (the loop stops, or a forced pass replaces it). */
  clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.waiting = false;
  }

  private async pass() {
    const items = (await this.store.outboxAll()).filter((i) => i.status === 'pending').sort(byOrder);
    for (const queued of items) {
      // Read again under the lock: another tab may have sent it since the list was read.
      const item = await this.store.outboxGet(queued.id);
      if (!item || item.status !== 'pending' || this.inFlight.has(item.id)) continue;
      this.inFlight.add(item.id);
      try {
        const transaction = await this.send(item);
        await this.store.outboxDelete(item.id);
        await this.store.putMeta(`receipt:${item.id}`, { number: transaction.number, at: new Date().toISOString() });
        const sent = new Map(this.snapshot.sent);
        sent.set(item.id, transaction);
        this.failures = 0;
        this.update({ sent, offline: false, lastError: null });
      } catch (error) {
        if (isRetryable(error)) {
          const message = error instanceof ApiError ? (error.detail ?? error.message) : String((error as Error)?.message ?? error);
          await this.store.outboxPut({ ...item, attempts: item.attempts + 1, last_error: message });
          this.failures += 1;
          this.update({ offline: !(error instanceof ApiError), lastError: message });
          this.scheduleRetry();
          // Later tickets wait: the terminal's sequence is sent in order.
          break;
        }
        const apiError = error as ApiError;
        await this.store.outboxPut({
          ...item,
          attempts: item.attempts + 1,
          status: 'refused',
          refusal: { status: apiError.status, detail: apiError.detail ?? apiError.message },
        });
        this.update({ offline: false });
      } finally {
        this.inFlight.delete(item.id);
      }
    }
    await this.refresh();
  }

  private scheduleRetry() {
    this.clearRetry();
    this.waiting = true;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.waiting = false;
      void this.sync();
    }, backoffDelay(this.failures));
  }

  /** The failures in a row so far (the backoff's exponent). */
  get consecutiveFailures() {
    return this.failures;
  }

  /** Starts the loop: now, on every `online` event and every 15 s. Returns the stop. */
  start() {
    const online = () => void this.sync({ force: true });
    window.addEventListener('online', online);
    const interval = setInterval(() => void this.sync(), SYNC_INTERVAL_MS);
    void this.refresh().then(() => this.sync());
    return () => {
      window.removeEventListener('online', online);
      clearInterval(interval);
      this.clearRetry();
    };
  }
}

