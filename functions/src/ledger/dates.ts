/** Calendar arithmetic on YYYY-MM-DD strings (UTC, no time of day: ledger dates are days). */

export const monthOf = (date: string) => date.slice(0, 7);
export const dayOf = (date: string) => date.slice(8, 10);

function utc(date: string) {
  return new Date(`${date}T00:00:00Z`);
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** `2025-12` → `2026-01`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** `2026-01` → `2025-12`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat`, made once per locale, time zone and options for the instance's life:
 * making one costs a third of a millisecond (time-zone data is loaded and resolved each time),
 * and every posting asks what day it is in the organization's time zone. Throws, as the
 * constructor does, on an unknown time zone.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Today in the organization's time zone (Asia/Amman by default), as YYYY-MM-DD. */
export function todayIn(timeZone = 'Asia/Amman', now = new Date()): string {
  try {
    return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return iso(now);
  }
}
