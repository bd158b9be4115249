import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueReportId, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { api, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { periodQuery, type PeriodChoice } from '../utils/periods';
import { REPORT_STALE_TIME, reportKeys } from './keys';

/** A catalogue report laid out as the table every format shares (SPEC §3 via reportTablePublic). */
export type ReportTable = ReportTablePublic;

export const reportPreviewQueryOptions = (organizationId: string, reportId: CatalogueReportId, period: PeriodChoice, language: Language) => {
  const query = { ...periodQuery(period), lang: language };
  return queryOptions({
    queryKey: reportKeys.report(organizationId, `catalogue/${reportId}`, query),
    queryFn: ({ signal }) =>
      api.get<ReportTable>(`/organizations/${segment(organizationId)}/reports/catalogue/${segment(reportId)}`, { organizationId, query, signal }),
    staleTime: REPORT_STALE_TIME,
  });
};

export const useReportPreview = (organizationId: string, reportId: CatalogueReportId, period: PeriodChoice, language: Language, enabled: boolean) =>
  useQuery({ ...reportPreviewQueryOptions(organizationId, reportId, period, language), enabled });
