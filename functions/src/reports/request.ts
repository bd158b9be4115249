/**
 * How a reports call becomes what a report is built from, once for every route of the resource
 * (statements, analyses, the GST return, the catalogue and its exports): the organization reported
 * on, the labels' language, the period resolved in the organization's calendar and the balance
 * date. A bad period or date is a 422 naming the field of the query (or, for bulk export, of the
 * body) it came from.
 */
import { isCalendarDate } from '@daftar/shared/schemas/common';
import { ReportPeriodError, resolveReportPeriod, type ReportPeriod, type ReportPeriodInput, type ResolvedReportPeriod } from '@daftar/shared/reportPeriods';
import { readOrganization } from '../organizations/settings.js';
import { ValidationError } from '../platform/errors.js';
import type { ReportLanguage, ReportOrganization, ReportRequest } from './definition.js';

/** Where a report's parameters came from: the query string, or the body of a bulk export. */
export type InputSource = 'query' | 'body';

/** What a call says about the report it wants: the period, a balance date, the labels' language. */
export interface ReportInput {
  period?: ReportPeriod;
  custom_start?: string;
  custom_end?: string;
  as_of_date?: string;
  lang?: ReportLanguage;
}

const refusal = (source: InputSource, field: string, msg: string) => new ValidationError([{ loc: [source, field], msg, type: 'value_error' }]);

export async function loadReportOrganization(organizationId: string): Promise<ReportOrganization> {
  const data = await readOrganization(organizationId);
  return { id: data.id, name: data.name, currency: data.base_currency, timezone: data.timezone, fiscal_year_start_month: data.fiscal_year_start_month };
}

/**
 * The labels' language: `lang` when given, else the first of Arabic or English the caller's
 * Accept-Language prefers (by q-value), else English.
 */
export function reportLanguage(lang: string | undefined, acceptLanguage: string | undefined): ReportLanguage {
  if (lang === 'ar' || lang === 'en') return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => (l.primary === 'ar' || l.primary === 'en') && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.primary === 'ar' ? 'ar' : 'en';
}

/** The field a period that does not resolve is blamed on: the date missing or out of order, or the period itself. */
function periodErrorField(input: ReportPeriodInput): keyof ReportPeriodInput {
  if (input.period !== undefined && input.period !== 'custom') return 'period';
  return input.custom_start && !input.custom_end ? 'custom_end' : 'custom_start';
}

/**
 * The period in the organization's time zone and fiscal year. A custom range with a date that is
 * not a real day, a missing end or a start after its end answers 422 naming the field.
 */
export function resolvePeriod(
  input: ReportPeriodInput,
  organization: Pick<ReportOrganization, 'timezone' | 'fiscal_year_start_month'>,
  source: InputSource = 'query',
  now = new Date(),
): ResolvedReportPeriod {
  if (input.period === 'custom') {
    for (const field of ['custom_start', 'custom_end'] as const) {
      const value = input[field];
      if (value !== undefined && !isCalendarDate(value)) throw refusal(source, field, 'custom_start and custom_end must be dates written YYYY-MM-DD');
    }
  }
  try {
    return resolveReportPeriod(
      { period: input.period, custom_start: input.custom_start, custom_end: input.custom_end },
      { timezone: organization.timezone, fiscal_year_start_month: organization.fiscal_year_start_month },
      now,
    );
  } catch (error) {
    if (!(error instanceof ReportPeriodError)) throw error;
    throw refusal(source, periodErrorField(input), error.message);
  }
}

/** A balance date as given (absent stays absent); one that is not a real day answers 422. */
export function checkAsOfDate(asOfDate: string | undefined, source: InputSource = 'query'): string | undefined {
  if (asOfDate !== undefined && !isCalendarDate(asOfDate)) throw refusal(source, 'as_of_date', 'as_of_date must be a calendar date written YYYY-MM-DD');
  return asOfDate;
}

/**
 * The request a report is built from. `input` is the validated query (or the bulk-export body,
 * `source` naming it in errors); `query` the report's own extra parameters (category_type…).
 */
export async function reportRequest(
  organizationId: string,
  input: ReportInput,
  acceptLanguage: string | undefined,
  options: { source?: InputSource; query?: Record<string, string | undefined>; now?: Date } = {},
): Promise<ReportRequest> {
  const source = options.source ?? 'query';
  const organization = await loadReportOrganization(organizationId);
  const period = resolvePeriod(input, organization, source, options.now);
  const asOf = checkAsOfDate(input.as_of_date, source) ?? period.as_of;
  return { organization, language: reportLanguage(input.lang, acceptLanguage), period, asOf, query: options.query ?? {} };
}
