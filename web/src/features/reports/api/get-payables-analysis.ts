import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { api, segment } from '../../../lib/api-client';
import { REPORT_STALE_TIME, reportKeys } from './keys';

export type PayablesAnalysis = PayablesAnalysisPublic;

/** SPEC §7: organization only; shown on the Cash Flow Reports tab's Payables sub-tab. */
export const payablesAnalysisQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: reportKeys.report(organizationId, 'payables-analysis', {}),
    queryFn: ({ signal }) => api.get<PayablesAnalysis>(`/organizations/${segment(organizationId)}/reports/payables-analysis`, { organizationId, signal }),
    staleTime: REPORT_STALE_TIME,
  });

export const usePayablesAnalysis = (organizationId: string | null) =>
  useQuery({ ...payablesAnalysisQueryOptions(organizationId ?? ''), enabled: !!organizationId });
