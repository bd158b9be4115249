import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../platform/ids.js';
import { HttpError } from '../http/errors.js';
import { addDays, dayStart, daysDescending, idFloor, idRange } from './days.js';

describe('days and id bounds', () => {
  it('turns a time into an id bound that every UUIDv7 of that millisecond or later sorts above, and earlier ones below', () => {
    const t = Date.parse('2025-06-01T00:00:00.000Z');
    const floor = idFloor(t);
    for (let i = 0; i < 50; i++) {
      expect(uuidv7(t - 1) < floor).toBe(true);
      expect(uuidv7(t) > floor).toBe(true);
      expect(uuidv7(t + 1) > floor).toBe(true);
    }
    const { low, high } = idRange(t, t + 86_400_000);
    const inside = uuidv7(t + 86_399_999);
    expect(inside > low && inside < high).toBe(true);
    expect(uuidv7(t + 86_400_000) > high).toBe(true);
  });

  it('walks calendar days across month and year ends and refuses impossible dates', () => {
    expect(daysDescending('2024-12-30', '2025-01-02')).toEqual(['2025-01-02', '2025-01-01', '2024-12-31', '2024-12-30']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysDescending('2025-01-02', '2025-01-01')).toEqual([]);
    expect(() => dayStart('2025-02-30')).toThrow(HttpError);
    expect(() => dayStart('2025-13-01', 'start_date')).toThrow(HttpError);
  });
});
