import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type ForecastSettings } from './keys';

export const forecastSettingsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'forecast-settings'],
    queryFn: ({ signal }) => api.get<ForecastSettings>(`${cashFlowPath(organizationId)}/forecast/settings`, { organizationId, signal }),
  });

export const useForecastSettings = (organizationId: string, enabled = true) => useQuery({ ...forecastSettingsQueryOptions(organizationId), enabled });
