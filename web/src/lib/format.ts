import { currentLanguage, type Language } from './i18n';

/**
 * Jordanian locales with Latin digits (ARCHITECTURE §7): `ar-JO` would otherwise print
 * Arabic-Indic digits, which accountants here do not use for amounts.
 */
export function locale(language: Language = currentLanguage()) {
  return language === 'ar' ? 'ar-JO-u-nu-latn' : 'en-JO-u-nu-latn';
}

/** Minor-unit digits per currency; JOD is counted in fils (3 decimals). */
const CURRENCY_DIGITS: Record<string, number> = { JOD: 3, USD: 2, EUR: 2, SAR: 2, AED: 2 };

export function currencyDigits(currency: string) {
  return CURRENCY_DIGITS[currency] ?? 2;
}

/**
 * Money arrives as a decimal string ("12.345"); Intl formats the string itself, so no float
 * arithmetic touches it.
 */
export function formatMoney(amount: string | number, currency = 'JOD', language?: Language) {
  const digits = currencyDigits(currency);
  const value = typeof amount === 'number' ? amount : (amount.trim() as Intl.StringNumericLiteral);
  return new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export function formatNumber(value: number, language?: Language) {
  return new Intl.NumberFormat(locale(language)).format(value);
}

export function formatBytes(bytes: number, language?: Language) {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale(language), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A `YYYY-MM-DD` date is a calendar day, not an instant: format it without a time zone shift. */
export function formatDate(value: string, language?: Language) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = day ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return isolated(new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', ...(day ? { timeZone: 'UTC' } : {}) }).format(date), language);
}

/**
 * Arabic dates with Latin digits ("21/11/2026") are runs of weak characters: inside right-to-left
 * text the browser reorders them around the slashes ("212026/11/"). A left-to-right isolate keeps
 * the date readable as written.
 */
function isolated(text: string, language: Language = currentLanguage()) {
  return language === 'ar' ? `\u2066${text.replace(/\u200f/g, '')}\u2069` : text;
}

/**
 * A moment, date and time. In Arabic only the date is isolated left to right: the time's "ص"/"م"
 * (a.m./p.m.) is an Arabic word, and inside a left-to-right isolate it landed before the time
 * ("ص 6:10" read right to left), next to the words before the date.
 */
export function formatDateTime(value: string, language: Language = currentLanguage()) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).formatToParts(date);
  if (language !== 'ar') return parts.map((part) => part.value).join('');
  const hour = parts.findIndex((part) => part.type === 'hour');
  if (hour < 1) return isolated(parts.map((part) => part.value).join(''), language);
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value).join('').replace(/\u200f/g, '');
  // The literal before the hour is the locale's separator between date and time ("، ").
  return `${isolated(text(0, hour - 1), language)}${text(hour - 1)}`;
}

/** Month names for the fiscal-year picker, in the reader's language. */
export function monthName(month: number, language?: Language) {
  return new Intl.DateTimeFormat(locale(language), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, month - 1, 1)));
}
