import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type CashFlowSeries, type Granularity } from './keys';

/** The server's three series routes; each has its own default span (30 days, 12 weeks, 12 months). */
const ROUTE: Record<Granularity, string> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** Balance and net flow period by period, from the day figures the postings keep. */
export const cashFlowSeriesQueryOptions = (organizationId: string, granularity: Granularity) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'series', granularity],
    queryFn: ({ signal }) => api.get<CashFlowSeries>(`${cashFlowPath(organizationId)}/${ROUTE[granularity]}`, { organizationId, signal }),
    placeholderData: keepPreviousData,
  });

export const useCashFlowSeries = (organizationId: string, granularity: Granularity) => useQuery(cashFlowSeriesQueryOptions(organizationId, granularity));
