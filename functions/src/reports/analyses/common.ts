/**
 * What the analyses share: calendar arithmetic on ledger dates, percent changes, batch reads by id,
 * and the wording of amounts and dates (../wording.ts) in a report's language.
 */
import { money } from '@daftar/shared';
import { lastDayOfMonth, monthOf, nextMonth } from '../../ledger/dates.js';

export const add = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new Error('Amount exceeds the safe integer range');
  return total;
};

export const minorOf = (text: string, currency: string) => money.parseMoney(text, currency as money.CurrencyCode).amount;

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The same day `months` months later (or earlier), on the month's last day when it has fewer days. */
export function shiftMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const last = lastDayOfMonth(month);
  const day = `${month}-${date.slice(8, 10)}`;
  return day > last ? last : day;
}

/** The months (YYYY-MM) from the month of `from` to the month of `to`, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = nextMonth(month)) out.push(month);
  return out;
}

export const roundTo1 = (value: number) => Math.round(value * 10) / 10;

/**
 * (current − base) / |base| in percent, one decimal; null when the base is zero. Dividing by the
 * base's magnitude keeps the sign meaning "better": a loss shrinking from −100 to −50 is +50%.
 */
export function percentChange(current: number, base: number): number | null {
  if (base === 0) return null;
  return roundTo1(((current - base) / Math.abs(base)) * 100);
}

/** part / whole in percent as the report tables write it ("12.5"); "0.0" for a zero whole. */
export const shareText = (part: number, whole: number) => (whole === 0 ? '0.0' : ((part / whole) * 100).toFixed(1));

export { asOfLabel, moneyText, periodLabel } from '../wording.js';
