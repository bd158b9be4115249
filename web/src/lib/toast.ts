export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  /** Already translated. */
  title: string;
  description?: string;
  /** Time left before it closes itself, in ms. */
  remaining: number;
}

export interface ToastInput {
  title: string;
  description?: string;
  duration?: number;
}

export const DEFAULT_TOAST_DURATION = 5000;
const MAX_VISIBLE = 5;

interface Running {
  toast: Toast;
  startedAt: number | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * A small toast queue. Timers pause while the page is idle (hidden or not focused, SPEC §8)
 * and while the pointer or focus is on a toast, so nobody misses a message.
 */
class ToastStore {
  private running: Running[] = [];
  private snapshot: readonly Toast[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;
  private pausedReasons = new Set<string>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  show(type: ToastType, input: ToastInput): number {
    const id = this.nextId++;
    const entry: Running = {
      toast: { id, type, title: input.title, description: input.description, remaining: input.duration ?? DEFAULT_TOAST_DURATION },
      startedAt: null,
      timer: null,
    };
    this.running.push(entry);
    while (this.running.length > MAX_VISIBLE) this.dismiss(this.running[0]!.toast.id);
    if (!this.isPaused()) this.start(entry);
    this.publish();
    return id;
  }

  dismiss = (id: number) => {
    const index = this.running.findIndex((r) => r.toast.id === id);
    if (index < 0) return;
    const [entry] = this.running.splice(index, 1);
    if (entry?.timer) clearTimeout(entry.timer);
    this.publish();
  };

  clear() {
    for (const entry of this.running) if (entry.timer) clearTimeout(entry.timer);
    this.running = [];
    this.publish();
  }

  /** Pauses every timer for a reason (page idle, hover, focus); resumes when no reason is left. */
  pause(reason: string) {
    const wasPaused = this.isPaused();
    this.pausedReasons.add(reason);
    if (wasPaused) return;
    const now = Date.now();
    for (const entry of this.running) {
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.startedAt !== null) entry.toast = { ...entry.toast, remaining: Math.max(0, entry.toast.remaining - (now - entry.startedAt)) };
      entry.timer = null;
      entry.startedAt = null;
    }
    this.publish();
  }

  resume(reason: string) {
    if (!this.pausedReasons.delete(reason) || this.isPaused()) return;
    for (const entry of this.running) this.start(entry);
    this.publish();
  }

  isPaused() {
    return this.pausedReasons.size > 0;
  }

  private start(entry: Running) {
    entry.startedAt = Date.now();
    entry.timer = setTimeout(() => this.dismiss(entry.toast.id), entry.toast.remaining);
  }

  private publish() {
    this.snapshot = this.running.map((r) => r.toast);
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

export const toast = {
  success: (input: ToastInput) => toastStore.show('success', input),
  error: (input: ToastInput) => toastStore.show('error', input),
  warning: (input: ToastInput) => toastStore.show('warning', input),
  info: (input: ToastInput) => toastStore.show('info', input),
  dismiss: (id: number) => toastStore.dismiss(id),
  /** Closes every toast on screen, e.g. once what an earlier error said no longer holds. */
  dismissAll: () => toastStore.clear(),
};
