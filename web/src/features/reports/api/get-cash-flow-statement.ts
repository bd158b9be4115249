import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportPeriod } from '@daftar/shared/reportPeriods';
import type { CashFlowLine as SharedCashFlowLine, CashFlowStatementReportPublic } from '@daftar/shared/schemas/reportStatements';
import { api, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { REPORT_STALE_TIME, reportKeys } from './keys';

/** SPEC §3 "Cash flow statement". */
export type CashFlowStatement = CashFlowStatementReportPublic;
export type CashFlowLine = SharedCashFlowLine;

/** Labels (the activity lines) come in the reader's language. */
export const cashFlowStatementQueryOptions = (organizationId: string, period: ReportPeriod, language: Language) => {
  const query = { period, lang: language };
  return queryOptions({
    queryKey: reportKeys.report(organizationId, 'cash-flow-statement', query),
    queryFn: ({ signal }) =>
      api.get<CashFlowStatement>(`/organizations/${segment(organizationId)}/reports/cash-flow-statement`, { organizationId, query, signal }),
    staleTime: REPORT_STALE_TIME,
  });
};

export const useCashFlowStatement = (organizationId: string | null, period: ReportPeriod, language: Language) =>
  useQuery({ ...cashFlowStatementQueryOptions(organizationId ?? '', period, language), enabled: !!organizationId });
