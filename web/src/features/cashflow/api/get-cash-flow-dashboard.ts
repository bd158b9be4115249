import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type CashFlowDashboard } from './keys';

/** Cash now, this month against last, the largest outflows and what is planned. */
export const cashFlowDashboardQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'dashboard'],
    queryFn: ({ signal }) => api.get<CashFlowDashboard>(`${cashFlowPath(organizationId)}/dashboard`, { organizationId, signal }),
  });

export const useCashFlowDashboard = (organizationId: string) => useQuery(cashFlowDashboardQueryOptions(organizationId));
