import { keepPreviousData, queryOptions, useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type CashFlowForecast, type Horizon } from './keys';

const forecastKey = (organizationId: string, days: Horizon) => [...cashFlowKey(organizationId), 'forecast', days] as const;

/** The kept forecast (made nightly, or on the spot when none was made today) with its scenarios. */
export const forecastQueryOptions = (organizationId: string, days: Horizon) =>
  queryOptions({
    queryKey: forecastKey(organizationId, days),
    queryFn: ({ signal }) =>
      api.get<CashFlowForecast>(`${cashFlowPath(organizationId)}/forecast/${days}`, { organizationId, query: { include_scenarios: 'true' }, signal }),
    placeholderData: keepPreviousData,
  });

export const useForecast = (organizationId: string, days: Horizon) => useQuery(forecastQueryOptions(organizationId, days));

/** "Refresh": the forecast made again now from today's books (refresh=true), put in place of the kept one. */
export const refreshForecast = ({ organizationId, days }: { organizationId: string; days: Horizon }) =>
  api.get<CashFlowForecast>(`${cashFlowPath(organizationId)}/forecast/${days}`, { organizationId, query: { include_scenarios: 'true', refresh: 'true' } });

export const useRefreshForecast = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshForecast,
    meta: { handlesErrors: true },
    onSuccess: (forecast, { organizationId, days }) => queryClient.setQueryData(forecastKey(organizationId, days), forecast),
  });
};
