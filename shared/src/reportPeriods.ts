/**
 * Report periods (SPEC §2, §9): current_month … last_year and custom, resolved to dates in the
 * organization's time zone (Asia/Amman by default) and fiscal year. Quarters and years are fiscal:
 * an organization whose year starts in April has Q1 = April–June. Pure: "now" is an argument.
 */
import { isCalendarDate } from './schemas/common.js';

export const REPORT_PERIODS = ['current_month', 'last_month', 'current_quarter', 'last_quarter', 'current_year', 'last_year', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export interface ReportPeriodInput {
  period?: ReportPeriod;
  custom_start?: string;
  custom_end?: string;
}

export interface ReportCalendar {
  /** IANA zone, e.g. Asia/Amman. */
  timezone?: string;
  /** 1–12; 1 = calendar year. */
  fiscal_year_start_month?: number;
}

export interface ResolvedReportPeriod {
  period: ReportPeriod;
  /** First day included, YYYY-MM-DD. */
  from: string;
  /** Last day included, YYYY-MM-DD (the period's end, possibly after today). */
  to: string;
  /** The day balances are taken on: the period's end, or today when the period has not ended. */
  as_of: string;
  /** Today in the organization's zone. */
  today: string;
  /** The period before, of the same kind (a month, quarter or fiscal year; custom: as many days). */
  previous: { from: string; to: string };
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** Today in a time zone as YYYY-MM-DD; an unknown zone falls back to UTC. */
export function todayInZone(timeZone = 'Asia/Amman', now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return iso(now);
  }
}

export function addCalendarDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** The first day of the month `months` after the month of (year, month 1–12). */
function monthStart(year: number, month: number, months = 0): string {
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

/** The last day of the `months`-long span starting at `start` (a first of month). */
function spanEnd(start: string, months: number): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  return addCalendarDays(monthStart(y, m, months), -1);
}


export class ReportPeriodError extends Error {}

/**
 * Resolves a period. `custom` needs custom_start ≤ custom_end (ReportPeriodError otherwise, which
 * the API answers with 422); custom dates given with another period are ignored.
 */
export function resolveReportPeriod(input: ReportPeriodInput, calendar: ReportCalendar = {}, now = new Date()): ResolvedReportPeriod {
  const period = input.period ?? 'current_month';
  const today = todayInZone(calendar.timezone ?? 'Asia/Amman', now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstMonth = Math.min(12, Math.max(1, Math.trunc(calendar.fiscal_year_start_month ?? 1) || 1));
  // Months since the fiscal year began (0–11), and the fiscal year's first day.
  const intoYear = (month - firstMonth + 12) % 12;
  const yearStart = monthStart(year, month, -intoYear);
  const quarterStart = monthStart(year, month, -(intoYear % 3));

  let from: string;
  let to: string;
  let previous: { from: string; to: string };
  const span = (start: string, months: number) => ({ from: start, to: spanEnd(start, months) });
  const shifted = (start: string, months: number) => {
    const [y, m] = start.split('-').map(Number) as [number, number];
    return monthStart(y, m, months);
  };
  switch (period) {
    case 'current_month':
    case 'last_month': {
      const start = period === 'current_month' ? monthStart(year, month) : monthStart(year, month, -1);
      ({ from, to } = span(start, 1));
      previous = span(shifted(start, -1), 1);
      break;
    }
    case 'current_quarter':
    case 'last_quarter': {
      const start = period === 'current_quarter' ? quarterStart : shifted(quarterStart, -3);
      ({ from, to } = span(start, 3));
      previous = span(shifted(start, -3), 3);
      break;
    }
    case 'current_year':
    case 'last_year': {
      const start = period === 'current_year' ? yearStart : shifted(yearStart, -12);
      ({ from, to } = span(start, 12));
      previous = span(shifted(start, -12), 12);
      break;
    }
    case 'custom': {
      const start = input.custom_start;
      const end = input.custom_end;
      if (!start || !end) throw new ReportPeriodError('A custom period needs custom_start and custom_end (YYYY-MM-DD)');
      if (!isCalendarDate(start) || !isCalendarDate(end)) throw new ReportPeriodError('custom_start and custom_end must be dates written YYYY-MM-DD');
      if (start > end) throw new ReportPeriodError('custom_start must be on or before custom_end');
      from = start;
      to = end;
      const days = Math.round((utc(end).getTime() - utc(start).getTime()) / 86_400_000) + 1;
      previous = { from: addCalendarDays(start, -days), to: addCalendarDays(start, -1) };
      break;
    }
    default:
      throw new ReportPeriodError(`Unknown period ${String(period)}`);
  }
  return { period, from, to, as_of: to < today ? to : today, today, previous };
}
