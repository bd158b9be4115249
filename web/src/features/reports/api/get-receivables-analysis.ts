import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceivablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { api, segment } from '../../../lib/api-client';
import { REPORT_STALE_TIME, reportKeys } from './keys';

export type ReceivablesAnalysis = ReceivablesAnalysisPublic;

/** SPEC §7: the reports screen asks for it with the organization only. */
export const receivablesAnalysisQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: reportKeys.report(organizationId, 'receivables-analysis', {}),
    queryFn: ({ signal }) => api.get<ReceivablesAnalysis>(`/organizations/${segment(organizationId)}/reports/receivables-analysis`, { organizationId, signal }),
    staleTime: REPORT_STALE_TIME,
  });

export const useReceivablesAnalysis = (organizationId: string | null) =>
  useQuery({ ...receivablesAnalysisQueryOptions(organizationId ?? ''), enabled: !!organizationId });
