import { describe, expect, it } from 'vitest';
import { writePendingCount } from './pending-count';
import { confirmSignOutWithPendingSales } from './sign-out-guard';

describe('sign-out with unsynced sales', () => {
  it('goes on without asking when nothing waits', () => {
    writePendingCount(0);
    const asked: string[] = [];
    expect(confirmSignOutWithPendingSales((m) => (asked.push(m), false))).toBe(true);
    expect(asked).toEqual([]);
  });

  it('asks, naming how many, and follows the answer', () => {
    writePendingCount(3);
    const asked: string[] = [];
    expect(confirmSignOutWithPendingSales((m) => (asked.push(m), false))).toBe(false);
    expect(confirmSignOutWithPendingSales((m) => (asked.push(m), true))).toBe(true);
    expect(asked[0]).toMatch(/^3 sales on this device have not reached the server yet\./);
  });
});
