import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type ForecastAccuracy, type Horizon } from './keys';

/** How far the kept forecasts were from what happened over their first 30, 60 or 90 days. */
export const forecastAccuracyQueryOptions = (organizationId: string, days: Horizon) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'accuracy', days],
    queryFn: ({ signal }) => api.get<ForecastAccuracy>(`${cashFlowPath(organizationId)}/forecast/accuracy/${days}`, { organizationId, signal }),
  });

export const useForecastAccuracy = (organizationId: string, days: Horizon) => useQuery(forecastAccuracyQueryOptions(organizationId, days));

/** Every horizon at once, for the accuracy table. */
export const useForecastAccuracies = (organizationId: string, horizons: readonly Horizon[]) =>
  useQueries({ queries: horizons.map((days) => forecastAccuracyQueryOptions(organizationId, days)) });
