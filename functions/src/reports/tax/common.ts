/** What the tax and compliance tables share: the table's frame, dates and amounts in the caller's language. */
import type { ExportableReportId, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { nowIso } from '../../platform/ids.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';

export { asOfLabel, dateText as dateLabel, moneyText as amount, periodLabel as rangeLabel } from '../wording.js';

/** `part` as a percent of `whole`, one decimal ("12.5"); "0.0" when the whole is nothing. */
export function percentOf(part: number, whole: number): string {
  if (whole === 0) return '0.0';
  return (Math.round((part * 1000) / whole) / 10).toFixed(1);
}

/** A report table whose highlights and notes are there (the table model lets them default). */
export type TaxReportTable = ReportTablePublic & { highlights: NonNullable<ReportTablePublic['highlights']>; notes: string[] };

/** A table of this report for this request; the builder adds highlights, sections and notes. */
export function frame(
  request: ReportRequest,
  reportId: ExportableReportId,
  title: string,
  span: { period_label: string; from: string | null; to: string | null },
): TaxReportTable {
  return {
    report_id: reportId,
    title,
    organization_name: request.organization.name,
    currency: request.organization.currency,
    language: request.language,
    ...span,
    generated_at: nowIso(),
    highlights: [],
    sections: [],
    notes: [],
  };
}

/** An account's name in the report's language, after its code. */
export const accountLabel = (language: ReportLanguage, account: { code: string; name: string; name_ar?: string | null }) =>
  `${account.code} ${language === 'ar' && account.name_ar ? account.name_ar : account.name}`;

// ---------------------------------------------------------------------------------------------
// Instants on the organization's calendar

/** The wall-clock fields of an instant in a time zone, as two-digit (year: four-digit) text. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone);
  const wall = Date.UTC(Number(clock.year), Number(clock.month) - 1, Number(clock.day), Number(clock.hour), Number(clock.minute), Number(clock.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) a calendar day begins in a time zone; an unknown zone counts as UTC. */
export function startOfDayIn(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  try {
    // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
    const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
    return midnightUtc - zoneOffsetMs(guess, timeZone);
  } catch {
    return midnightUtc;
  }
}

/** "2026-11-21 23:05" on the organization's clock. */
export function localDateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  try {
    const { year, month, day, hour, minute } = wallClock(instant, timeZone);
    return `${year}-${month}-${day} ${hour}:${minute}`;
  } catch {
    return `${instant.toISOString().slice(0, 10)} ${instant.toISOString().slice(11, 16)}`;
  }
}
