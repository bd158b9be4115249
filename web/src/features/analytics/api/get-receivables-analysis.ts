import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceivablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { api, segment } from '../../../lib/api-client';
import type { Agrees } from './contract';

/** GET reports/receivables-analysis (SPEC §3 "Receivables analysis"), as of today. */
export interface ReceivablesAnalysis {
  as_of?: string | null;
  currency?: string | null;
  total_outstanding?: string | null;
  overdue_amount?: string | null;
  invoice_count?: number | null;
  average_days_outstanding?: number | string | null;
  /** Low, Medium or anything else (High). */
  collection_risk_level?: string | null;
  top_customers?: { customer_id?: string | null; customer_name: string; outstanding_amount: string | number }[] | null;
}

/** The API's answer (shared/src/schemas/reportAnalyses.ts) is one of these: the field names agree. */
export type ReceivablesAnalysisMatchesContract = Agrees<ReceivablesAnalysisPublic extends ReceivablesAnalysis ? true : false>;

/** SPEC §9: receivables analytics fresh for 300 s, kept 600 s. */
export const receivablesAnalysisQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'reports', 'receivables-analysis'],
    queryFn: ({ signal }) =>
      api.get<ReceivablesAnalysis>(`/organizations/${segment(organizationId)}/reports/receivables-analysis`, { organizationId, signal }),
    staleTime: 300_000,
    gcTime: 600_000,
  });

export const useReceivablesAnalysis = (organizationId: string | null) =>
  useQuery({ ...receivablesAnalysisQueryOptions(organizationId ?? ''), enabled: !!organizationId });
