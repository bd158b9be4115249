import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RevenueAnalyticsPublic } from '@daftar/shared/schemas/reportAnalyses';
import { api, segment } from '../../../lib/api-client';
import type { Agrees } from './contract';

/** The periods the analytics dashboard offers (SPEC §2; the reports screen adds custom). */
export const ANALYTICS_PERIODS = ['current_month', 'last_month', 'current_quarter', 'last_quarter', 'current_year', 'last_year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const isAnalyticsPeriod = (value: unknown): value is AnalyticsPeriod => ANALYTICS_PERIODS.includes(value as AnalyticsPeriod);

/** GET reports/revenue-analytics (SPEC §3 "Revenue analytics"). */
export interface RevenueAnalytics {
  period?: unknown;
  currency?: string | null;
  total_revenue?: string | null;
  previous_total_revenue?: string | null;
  growth_percent?: number | string | null;
  /** One entry per month of the period: `{period: '2026-06', revenue: '1200.000'}`. */
  revenue_trends?: { period: string; revenue: string | number }[] | null;
  /** Each a single-key object, the source's name to its amount: `{"Consulting": "900.000"}`. */
  top_revenue_sources?: Record<string, string | number>[] | null;
}

/** The API's answer (shared/src/schemas/reportAnalyses.ts) is one of these: the field names agree. */
export type RevenueAnalyticsMatchesContract = Agrees<RevenueAnalyticsPublic extends RevenueAnalytics ? true : false>;

/** SPEC §9: revenue analytics fresh for 300 s, kept 600 s. */
export const revenueAnalyticsQueryOptions = (organizationId: string, period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'reports', 'revenue-analytics', { period }],
    queryFn: ({ signal }) =>
      api.get<RevenueAnalytics>(`/organizations/${segment(organizationId)}/reports/revenue-analytics`, { organizationId, query: { period }, signal }),
    staleTime: 300_000,
    gcTime: 600_000,
  });

export const useRevenueAnalytics = (organizationId: string | null, period: AnalyticsPeriod) =>
  useQuery({ ...revenueAnalyticsQueryOptions(organizationId ?? '', period), enabled: !!organizationId });
