import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type CashFlowLine } from './keys';

export interface CashFlowSearchParams {
  skip: number;
  limit: number;
  q: string;
}

/** By description, document number, category or source (the server normalises Arabic spelling). */
export const searchCashFlowQueryOptions = (organizationId: string, params: CashFlowSearchParams) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'search', params],
    queryFn: ({ signal }) => api.get<ListResponse<CashFlowLine>>(`${cashFlowPath(organizationId)}/search`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSearchCashFlow = (organizationId: string, params: CashFlowSearchParams, enabled = true) => useQuery({ ...searchCashFlowQueryOptions(organizationId, params), enabled });
