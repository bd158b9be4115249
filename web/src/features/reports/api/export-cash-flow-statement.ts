import { useMutation } from '@tanstack/react-query';
import type { ReportPeriod } from '@daftar/shared/reportPeriods';
import type { ExportFormat } from '@daftar/shared/schemas/reportCatalogue';
import { apiDownload, saveDownload, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

export interface ExportCashFlowInput {
  organizationId: string;
  format: ExportFormat;
  period: ReportPeriod;
  language: Language;
  /** SPEC §7: saved as cash-flow-statement-{organization name}-{date}.{ext}. */
  fileName: string;
}

export const exportCashFlowStatement = async ({ organizationId, format, period, language, fileName }: ExportCashFlowInput) => {
  const download = await apiDownload(`/organizations/${segment(organizationId)}/reports/cash-flow-statement/export/${format}`, {
    organizationId,
    query: { period, lang: language },
  });
  saveDownload({ blob: download.blob, filename: fileName }, fileName);
};

/** The tab shows its own toasts (SPEC §8 keys reports.cashFlow.export.*). */
export const useExportCashFlowStatement = () => useMutation({ mutationFn: exportCashFlowStatement, meta: { handlesErrors: true } });
