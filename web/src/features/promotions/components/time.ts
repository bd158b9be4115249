/**
 * Promotions speak the shop's clock: a rule's start and end and the tester's moment are typed as the
 * shop's wall time (a datetime-local field) and sent as instants with the offset of the shop's time
 * zone at that moment (the shared schema refuses an instant without one), which is how the server
 * reads the weekday and the hours too.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Amman';

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A time zone the browser knows, else the default (an organization read without one, an old record). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Minutes east of UTC of the zone at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant) / 60_000);
}

/** "2026-12-04T09:00" on the shop's clock → "2026-12-04T09:00:00+03:00"; null when the text is not such a moment. */
export function instantOf(wall: string, timeZone: string): string | null {
  const m = WALL.exec(wall.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  const zone = knownTimeZone(timeZone);
  // The offset at the guessed instant, then at the corrected one (a clock change in between).
  let offset = offsetMinutes(asUtc, zone);
  offset = offsetMinutes(asUtc - offset * 60_000, zone);
  const sign = offset < 0 ? '-' : '+';
  const size = Math.abs(offset);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(second)}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** An instant as the shop's wall clock, for a datetime-local field: "2026-12-04T09:00"; '' when unreadable. */
export function wallTimeOf(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return '';
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const w = wallClock(time, knownTimeZone(timeZone));
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Sunday (0) … Saturday (6), the engine's numbering. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
