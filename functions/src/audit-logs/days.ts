/** UTC calendar days (`YYYY-MM-DD`) and the UUIDv7 id bounds that turn a time range into a key range. */
import { isCalendarDate } from '@daftar/shared/schemas/common';
import { ValidationError } from '../platform/errors.js';

const DAY_MS = 86_400_000;

export const utcDay = (at: Date | number) => new Date(at).toISOString().slice(0, 10);

/** Midnight UTC of `day` in epoch ms; a 422 for dates the calendar does not have (2025-02-30). */
export function dayStart(day: string, field = 'date'): number {
  if (!isCalendarDate(day)) {
    throw new ValidationError([{ loc: ['query', field], msg: `Invalid date ${day}`, type: 'date_invalid' }]);
  }
  return Date.parse(`${day}T00:00:00.000Z`);
}

export const addDays = (day: string, n: number) => utcDay(dayStart(day) + n * DAY_MS);

/** Days from `from` to `to`, both inclusive, newest first. */
export function daysDescending(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = dayStart(to); ms >= dayStart(from); ms -= DAY_MS) out.push(utcDay(ms));
  return out;
}

/**
 * The smallest id a UUIDv7 minted at `ms` or later can have: its first 48 bits are the time in
 * hex, so every id of an earlier millisecond sorts below this string and every later one above.
 */
export function idFloor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
}

/** The id key range `[from, to)` for a time range in epoch ms. */
export const idRange = (fromMs: number, toMs: number) => ({ low: idFloor(fromMs), high: idFloor(toMs) });

export { DAY_MS };
