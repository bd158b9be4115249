import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportDashboardMetricsPublic } from '@daftar/shared/schemas/reportAnalyses';
import { api, segment } from '../../../lib/api-client';
import type { Agrees } from './contract';

/** A change against the comparison period, in percent; null when there is nothing to compare with. */
type Percent = number | string | null;

/**
 * GET reports/dashboard-metrics (SPEC §3 "Dashboard summary"). Every figure is read as optional:
 * the screen shows 0 for one the server leaves out (SPEC §2).
 */
export interface DashboardMetrics {
  financial_summary?: {
    total_revenue_ytd?: string | null;
    total_expenses_ytd?: string | null;
    net_income_ytd?: string | null;
    total_assets?: string | null;
    total_liabilities?: string | null;
  } | null;
  current_cash_position?: string | null;
  last_updated?: string | null;
  currency?: string | null;
  changes?: {
    revenue_percent?: Percent;
    expenses_percent?: Percent;
    net_income_percent?: Percent;
    cash_percent?: Percent;
  } | null;
}

/** The API's answer (shared/src/schemas/reportAnalyses.ts) is one of these: the field names agree. */
export type DashboardMetricsMatchesContract = Agrees<ReportDashboardMetricsPublic extends DashboardMetrics ? true : false>;

export const DASHBOARD_REFRESH_MS = 300_000;

/**
 * SPEC §9: the dashboard summary is fresh for 120 s, kept 600 s, and read again every 300 s even
 * while the tab is in the background.
 */
export const dashboardMetricsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'reports', 'dashboard-metrics'],
    queryFn: ({ signal }) => api.get<DashboardMetrics>(`/organizations/${segment(organizationId)}/reports/dashboard-metrics`, { organizationId, signal }),
    staleTime: 120_000,
    gcTime: 600_000,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: true,
  });

/** Runs only when an organization is selected. */
export const useDashboardMetrics = (organizationId: string | null) =>
  useQuery({ ...dashboardMetricsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
