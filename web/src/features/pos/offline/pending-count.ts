/** localStorage: the number of tickets not yet on the server, as the register last counted them. */
export const PENDING_COUNT_KEY = 'daftar.pos.pending_sales';

export function writePendingCount(count: number) {
  try {
    window.localStorage.setItem(PENDING_COUNT_KEY, String(count));
  } catch {
    // Storage refused (private mode): sign-out simply cannot warn.
  }
}

/** Pending tickets as last counted by a register tab (sign-out reads this without opening IndexedDB). */
export function pendingSalesCount(): number {
  try {
    return Number(window.localStorage.getItem(PENDING_COUNT_KEY) ?? '0') || 0;
  } catch {
    return 0;
  }
}
