/**
 * The contract between a report and the catalogue: a report module loads its figures (from the
 * ledger's balance items and the documents' indexes, never by walking journal lines) and lays
 * them out as one `ReportTablePublic` in the caller's language. The catalogue preview answers that
 * table as JSON; the exports (export/) write it as PDF, XLSX or CSV. A report is thus laid out
 * once, and every format shows the same figures.
 */
import type { ResolvedReportPeriod } from '@daftar/shared/reportPeriods';
import type { ExportableReportId, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';

export type ReportLanguage = 'en' | 'ar';

/** What a report needs to know about the organization it reports on. */
export interface ReportOrganization {
  id: string;
  name: string;
  /** Base currency, JOD unless the organization chose another. */
  currency: string;
  timezone: string;
  fiscal_year_start_month: number;
}

export interface ReportRequest {
  organization: ReportOrganization;
  language: ReportLanguage;
  /** The period asked for (current_month by default), resolved in the organization's calendar. */
  period: ResolvedReportPeriod;
  /** The balance date for point-in-time reports: as_of_date if given, else `period.as_of`. */
  asOf: string;
  /** The report's own extra query parameters (category_type, terminal_id…), as strings. */
  query: Record<string, string | undefined>;
}

export interface ReportDefinition {
  id: ExportableReportId;
  build(request: ReportRequest): Promise<ReportTablePublic>;
}

/** Picks the label of the report's language. */
export const tr = (language: ReportLanguage, en: string, ar: string) => (language === 'ar' ? ar : en);
