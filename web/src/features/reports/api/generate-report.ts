import { useMutation } from '@tanstack/react-query';
import type { CatalogueReportId, ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { apiDownload, saveDownload, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { periodQuery, type PeriodChoice } from '../utils/periods';

export interface GenerateReportInput {
  organizationId: string;
  reportId: CatalogueReportId;
  format: ExportFormat;
  period: PeriodChoice;
  language: Language;
  /** Used when the server names no file. */
  fallbackName: string;
}

/** Generate on a card: the report as a file, saved under the name the server gives it. */
export const generateReport = async ({ organizationId, reportId, format, period, language, fallbackName }: GenerateReportInput) => {
  const download = await apiDownload(`/organizations/${segment(organizationId)}/reports/catalogue/${segment(reportId)}/export/${format}`, {
    organizationId,
    query: { ...periodQuery(period), lang: language },
  });
  saveDownload(download, fallbackName);
};

/** The card reports the outcome itself (a toast naming the format). */
export const useGenerateReport = () => useMutation({ mutationFn: generateReport, meta: { handlesErrors: true } });
