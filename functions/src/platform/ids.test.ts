import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.js';

describe('uuidv7', () => {
  it('orders ids made in the same millisecond as they were made, and keeps the version and variant', () => {
    const at = Date.now();
    const ids = Array.from({ length: 500 }, () => uuidv7(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('still encodes the time it is given, earlier or later', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    const [before, at, after] = [uuidv7(t - 1), uuidv7(t), uuidv7(t + 1)];
    expect(before < at && at < after).toBe(true);
    expect(uuidv7(t - 1000) < before).toBe(true);
    expect(parseInt(at.replace(/-/g, '').slice(0, 12), 16)).toBe(t);
  });
});
