import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkingCapitalReportPublic } from '@daftar/shared/schemas/reportStatements';
import { api, segment } from '../../../lib/api-client';
import { REPORT_STALE_TIME, reportKeys } from './keys';

export type WorkingCapital = WorkingCapitalReportPublic;

/** SPEC §7: organization only; shown on the Cash Flow Reports tab's Working Capital sub-tab. */
export const workingCapitalQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: reportKeys.report(organizationId, 'working-capital', {}),
    queryFn: ({ signal }) => api.get<WorkingCapital>(`/organizations/${segment(organizationId)}/reports/working-capital`, { organizationId, signal }),
    staleTime: REPORT_STALE_TIME,
  });

export const useWorkingCapital = (organizationId: string | null) =>
  useQuery({ ...workingCapitalQueryOptions(organizationId ?? ''), enabled: !!organizationId });
