import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AbcAnalysis, InventoryForecast, InventoryOverview, InventoryPerformance, SlowMoving, TopSelling } from '@daftar/shared/schemas/inventoryAnalytics';
import { api, segment } from '../../../lib/api-client';

export type { AbcAnalysis, AbcRow, InventoryForecast, InventoryOverview, InventoryPerformance, SlowMoving, TopSelling } from '@daftar/shared/schemas/inventoryAnalytics';

const base = (organizationId: string) => `/organizations/${segment(organizationId)}/inventory/analytics`;
export const inventoryAnalyticsKey = (organizationId: string) => ['organizations', organizationId, 'inventory', 'analytics'] as const;

/**
 * The analytics read day totals the server keeps as stock moves, so they are cheap to ask for; a
 * minute's freshness is plenty for figures summed over weeks.
 */
const read = <T,>(organizationId: string, name: string, query: Record<string, number>) =>
  queryOptions({
    queryKey: [...inventoryAnalyticsKey(organizationId), name, query],
    queryFn: ({ signal }) => api.get<T>(`${base(organizationId)}/${name}`, { organizationId, query, signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const overviewQueryOptions = (organizationId: string, days: number) => read<InventoryOverview>(organizationId, 'overview', { days });
export const performanceQueryOptions = (organizationId: string, days: number) => read<InventoryPerformance>(organizationId, 'performance-metrics', { days });
export const topSellingQueryOptions = (organizationId: string, days: number, limit = 10) => read<TopSelling>(organizationId, 'top-selling', { days, limit });
export const slowMovingQueryOptions = (organizationId: string, days: number, limit = 10) => read<SlowMoving>(organizationId, 'slow-moving', { days, limit });
export const abcQueryOptions = (organizationId: string, days: number, limit = 100) => read<AbcAnalysis>(organizationId, 'abc-analysis', { days, limit });

export const forecastQueryOptions = (organizationId: string, productId: string, query: { days: number; forecast_days: number; lead_time_days: number }) =>
  queryOptions({
    queryKey: [...inventoryAnalyticsKey(organizationId), 'forecast', productId, query],
    queryFn: ({ signal }) => api.get<InventoryForecast>(`${base(organizationId)}/forecast/${segment(productId)}`, { organizationId, query, signal }),
    staleTime: 60_000,
  });

/** Each runs only when an organization is selected. */
export const useOverview = (organizationId: string | null, days: number) => useQuery({ ...overviewQueryOptions(organizationId ?? '', days), enabled: !!organizationId });
export const usePerformance = (organizationId: string | null, days: number) => useQuery({ ...performanceQueryOptions(organizationId ?? '', days), enabled: !!organizationId });
export const useTopSelling = (organizationId: string | null, days: number) => useQuery({ ...topSellingQueryOptions(organizationId ?? '', days), enabled: !!organizationId });
export const useSlowMoving = (organizationId: string | null, days: number) => useQuery({ ...slowMovingQueryOptions(organizationId ?? '', days), enabled: !!organizationId });
export const useAbcAnalysis = (organizationId: string | null, days: number) => useQuery({ ...abcQueryOptions(organizationId ?? '', days), enabled: !!organizationId });
export const useForecast = (organizationId: string, productId: string | null, query: { days: number; forecast_days: number; lead_time_days: number }) =>
  useQuery({ ...forecastQueryOptions(organizationId, productId ?? '', query), enabled: !!productId });
