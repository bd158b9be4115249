import { REPORT_PERIODS, ReportPeriodError, resolveReportPeriod, todayInZone, type ReportPeriod } from '@daftar/shared/reportPeriods';

/** The Cash Flow Reports tab offers the six named periods; the All Reports tab adds custom (SPEC §9). */
export const CASH_FLOW_PERIODS = REPORT_PERIODS.filter((p): p is Exclude<ReportPeriod, 'custom'> => p !== 'custom');

export interface PeriodChoice {
  period: ReportPeriod;
  /** YYYY-MM-DD; only read when period is custom. */
  custom_start: string;
  custom_end: string;
}

export interface OrganizationCalendar {
  timezone?: string;
  fiscal_year_start_month?: number;
}

export const defaultPeriodChoice = (timezone?: string): PeriodChoice => {
  const today = todayInZone(timezone);
  return { period: 'current_month', custom_start: `${today.slice(0, 8)}01`, custom_end: today };
};

/** The query a period-bound report call takes: custom dates only with the custom period. */
export function periodQuery(choice: PeriodChoice): { period: ReportPeriod; custom_start?: string; custom_end?: string } {
  return choice.period === 'custom' ? { period: 'custom', custom_start: choice.custom_start, custom_end: choice.custom_end } : { period: choice.period };
}

export type PeriodProblem = 'customRequired' | 'dateRange' | null;

/** The same resolution the server runs, so a bad custom range is caught before any call. */
export function periodProblem(choice: PeriodChoice, calendar: OrganizationCalendar = {}): PeriodProblem {
  if (choice.period !== 'custom') return null;
  if (!choice.custom_start || !choice.custom_end) return 'customRequired';
  try {
    resolveReportPeriod(periodQuery(choice), calendar);
    return null;
  } catch (error) {
    if (error instanceof ReportPeriodError) return choice.custom_start > choice.custom_end ? 'dateRange' : 'customRequired';
    throw error;
  }
}

/** The dates a period covers for this organization (its zone and fiscal year), or null when invalid. */
export function periodRange(choice: PeriodChoice, calendar: OrganizationCalendar = {}): { from: string; to: string } | null {
  if (periodProblem(choice, calendar)) return null;
  const { from, to } = resolveReportPeriod(periodQuery(choice), calendar);
  return { from, to };
}
