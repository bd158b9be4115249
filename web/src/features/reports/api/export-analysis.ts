import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { apiDownload, saveDownload, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

/** SPEC §7's export routes of the three balance-date analyses on the Cash Flow Reports tab. */
export const ANALYSIS_REPORTS = ['receivables-analysis', 'payables-analysis', 'working-capital'] as const;
export type AnalysisReport = (typeof ANALYSIS_REPORTS)[number];

export interface ExportAnalysisInput {
  organizationId: string;
  report: AnalysisReport;
  format: ExportFormat;
  language: Language;
  /** Saved as {report}-{organization name}-{date}.{ext}, as the server names it. */
  fileName: string;
}

/** As of today (the server's default balance date), as the screen shows it. */
export const exportAnalysis = async ({ organizationId, report, format, language, fileName }: ExportAnalysisInput) => {
  const download = await apiDownload(`/organizations/${segment(organizationId)}/reports/${report}/export/${format}`, { organizationId, query: { lang: language } });
  saveDownload({ blob: download.blob, filename: fileName }, fileName);
};

/** The panel shows its own toasts. */
export const useExportAnalysis = () => useMutation({ mutationFn: exportAnalysis, meta: { handlesErrors: true } });
