/**
 * The Islamic dates that move a Jordanian shop's takings (issue 17): Ramadan, Eid al-Fitr and Eid
 * al-Adha, 2020–2035, as a table of Gregorian dates. Pure: dates are business dates (Asia/Amman)
 * 'YYYY-MM-DD', chosen by the caller; nothing here reads a clock.
 *
 * A table and not a computation: Jordan starts each month on the sighting of the crescent announced
 * by the General Iftaa Department (دائرة الإفتاء العام) the evening before, which no formula
 * reproduces exactly, so the dates are data to be corrected when an announcement differs.
 *
 * Sources:
 * - Every row starts from the Umm al-Qura calendar (the Saudi civil calendar, as tabulated in
 *   ICU/CLDR's `islamic-umalqura`, read with Node's Intl: 1 Ramadan, 1 Shawwal, 10 Dhu al-Hijja of
 *   1441–1457 AH).
 * - Rows marked `announced` were checked against the Iftaa Department's announcements reported by
 *   the Jordan News Agency (Petra) and the Jordan Times. Jordan departed from Umm al-Qura twice in
 *   that span: Ramadan 1443 began Sunday 3 April 2022 (Jordan and Oman completed Sha'ban; Saudi
 *   Arabia began on 2 April), and Ramadan 1447 began Thursday 19 February 2026 (announced by the
 *   Grand Mufti on 17 February; Umm al-Qura has 18 February).
 * - Rows marked `projected` are Umm al-Qura only: Jordan may start a month one day later (rarely
 *   earlier). A shift of a day moves a forecast's Ramadan effect by a day, no more.
 *
 * Holidays: Eid al-Fitr is counted as 1–3 Shawwal and Eid al-Adha as 10–13 Dhu al-Hijja, with the
 * Day of Arafah (9 Dhu al-Hijja) as the eve: Jordan's public-sector circulars give Arafah plus four
 * days for al-Adha and usually three days for al-Fitr; the shops that matter here close or slow on
 * those days whatever the circular says.
 */

export interface IslamicYear {
  /** Hijri year of the Ramadan. */
  hijri_year: number;
  /** 1 Ramadan. */
  ramadan_start: string;
  /** 1 Shawwal, the first day of Eid al-Fitr; Ramadan ends the day before. */
  eid_al_fitr: string;
  /** 10 Dhu al-Hijja, the first day of Eid al-Adha; Arafah is the day before. */
  eid_al_adha: string;
  source: 'announced' | 'projected';
}

export const ISLAMIC_YEARS: readonly IslamicYear[] = [
  { hijri_year: 1441, ramadan_start: '2020-04-24', eid_al_fitr: '2020-05-24', eid_al_adha: '2020-07-31', source: 'announced' },
  { hijri_year: 1442, ramadan_start: '2021-04-13', eid_al_fitr: '2021-05-13', eid_al_adha: '2021-07-20', source: 'announced' },
  // Umm al-Qura: 1 Ramadan = 2022-04-02; Jordan completed 30 days of Sha'ban.
  { hijri_year: 1443, ramadan_start: '2022-04-03', eid_al_fitr: '2022-05-02', eid_al_adha: '2022-07-09', source: 'announced' },
  { hijri_year: 1444, ramadan_start: '2023-03-23', eid_al_fitr: '2023-04-21', eid_al_adha: '2023-06-28', source: 'announced' },
  { hijri_year: 1445, ramadan_start: '2024-03-11', eid_al_fitr: '2024-04-10', eid_al_adha: '2024-06-16', source: 'announced' },
  { hijri_year: 1446, ramadan_start: '2025-03-01', eid_al_fitr: '2025-03-30', eid_al_adha: '2025-06-06', source: 'announced' },
  // Umm al-Qura: 1 Ramadan = 2026-02-18; Jordan began on Thursday 19 February. Al-Adha not checked.
  { hijri_year: 1447, ramadan_start: '2026-02-19', eid_al_fitr: '2026-03-20', eid_al_adha: '2026-05-27', source: 'announced' },
  { hijri_year: 1448, ramadan_start: '2027-02-08', eid_al_fitr: '2027-03-09', eid_al_adha: '2027-05-16', source: 'projected' },
  { hijri_year: 1449, ramadan_start: '2028-01-28', eid_al_fitr: '2028-02-26', eid_al_adha: '2028-05-05', source: 'projected' },
  { hijri_year: 1450, ramadan_start: '2029-01-16', eid_al_fitr: '2029-02-14', eid_al_adha: '2029-04-24', source: 'projected' },
  { hijri_year: 1451, ramadan_start: '2030-01-05', eid_al_fitr: '2030-02-04', eid_al_adha: '2030-04-13', source: 'projected' },
  { hijri_year: 1452, ramadan_start: '2030-12-26', eid_al_fitr: '2031-01-24', eid_al_adha: '2031-04-02', source: 'projected' },
  { hijri_year: 1453, ramadan_start: '2031-12-16', eid_al_fitr: '2032-01-14', eid_al_adha: '2032-03-22', source: 'projected' },
  { hijri_year: 1454, ramadan_start: '2032-12-04', eid_al_fitr: '2033-01-03', eid_al_adha: '2033-03-12', source: 'projected' },
  { hijri_year: 1455, ramadan_start: '2033-11-23', eid_al_fitr: '2033-12-23', eid_al_adha: '2034-03-01', source: 'projected' },
  { hijri_year: 1456, ramadan_start: '2034-11-12', eid_al_fitr: '2034-12-12', eid_al_adha: '2035-02-19', source: 'projected' },
  { hijri_year: 1457, ramadan_start: '2035-11-01', eid_al_fitr: '2035-12-01', eid_al_adha: '2036-02-08', source: 'projected' },
];

/** The span the table answers for: before or after it, no day is Ramadan or Eid (`calendarCovers`). */
export const CALENDAR_FIRST = '2020-01-01';
export const CALENDAR_LAST = '2035-12-31';

export const EID_AL_FITR_DAYS = 3;
export const EID_AL_ADHA_DAYS = 4;
/** Ramadan's last ten nights: the Eid shopping. */
export const LAST_TEN = 10;
/** Days before Arafah when families buy for al-Adha (sacrifice animals, clothes, sweets). */
export const PRE_ADHA_DAYS = 4;

// ---------------------------------------------------------------------------------------------
// Dates as 'YYYY-MM-DD' strings, computed in UTC days so no time zone or DST can move them.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isDateText(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01. The caller validates the text first. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** `to − from` in days. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday … 5 = Friday, 6 = Saturday (as Date.getUTCDay). */
export function weekday(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// ---------------------------------------------------------------------------------------------
// Lookups

interface Span {
  year: IslamicYear;
  ramadan_first: number;
  fitr: number;
  adha: number;
}
const SPANS: Span[] = ISLAMIC_YEARS.map((year) => ({
  year,
  ramadan_first: dayNumber(year.ramadan_start),
  fitr: dayNumber(year.eid_al_fitr),
  adha: dayNumber(year.eid_al_adha),
}));

export function calendarCovers(date: string): boolean {
  return date >= CALENDAR_FIRST && date <= CALENDAR_LAST;
}

/** The day of Ramadan (1 … 29 or 30), or null. */
export function ramadanDay(date: string): number | null {
  const day = dayNumber(date);
  for (const span of SPANS) if (day >= span.ramadan_first && day < span.fitr) return day - span.ramadan_first + 1;
  return null;
}

export function isRamadan(date: string): boolean {
  return ramadanDay(date) !== null;
}

/** Days left in Ramadan after this one (0 on its last day), or null outside Ramadan. */
export function daysToEidAlFitr(date: string): number | null {
  const day = dayNumber(date);
  for (const span of SPANS) if (day >= span.ramadan_first && day < span.fitr) return span.fitr - day - 1;
  return null;
}

export function isLastTenOfRamadan(date: string): boolean {
  const left = daysToEidAlFitr(date);
  return left !== null && left < LAST_TEN;
}

export interface EidDay {
  eid: 'al_fitr' | 'al_adha';
  /** 1 on the first day of the Eid. */
  day: number;
}

/** Which Eid holiday the date is in, and its day, or null. */
export function eidDays(date: string): EidDay | null {
  const day = dayNumber(date);
  for (const span of SPANS) {
    if (day >= span.fitr && day < span.fitr + EID_AL_FITR_DAYS) return { eid: 'al_fitr', day: day - span.fitr + 1 };
    if (day >= span.adha && day < span.adha + EID_AL_ADHA_DAYS) return { eid: 'al_adha', day: day - span.adha + 1 };
  }
  return null;
}

/** The Day of Arafah and the days before it when people shop for al-Adha. */
export function isBeforeEidAlAdha(date: string): boolean {
  const day = dayNumber(date);
  return SPANS.some((span) => day >= span.adha - 1 - PRE_ADHA_DAYS && day < span.adha);
}

/**
 * What kind of day it is for sales, one kind per day, the most specific first: an Eid holiday, the
 * last ten days of Ramadan (Eid shopping), the rest of Ramadan, the days before al-Adha, or an
 * ordinary day. The forecast learns one factor per kind.
 */
export type SeasonKind = 'eid_al_fitr' | 'eid_al_adha' | 'ramadan_last_ten' | 'ramadan' | 'before_eid_al_adha' | 'ordinary';
export const SEASON_KINDS: readonly SeasonKind[] = ['eid_al_fitr', 'eid_al_adha', 'ramadan_last_ten', 'ramadan', 'before_eid_al_adha', 'ordinary'];

export function seasonOf(date: string): SeasonKind {
  const eid = eidDays(date);
  if (eid) return eid.eid === 'al_fitr' ? 'eid_al_fitr' : 'eid_al_adha';
  const left = daysToEidAlFitr(date);
  if (left !== null) return left < LAST_TEN ? 'ramadan_last_ten' : 'ramadan';
  if (isBeforeEidAlAdha(date)) return 'before_eid_al_adha';
  return 'ordinary';
}
