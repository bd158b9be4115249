import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashFlowCategory, CashFlowType } from '@daftar/shared/cashflow/classify';
import { api, type ListResponse } from '../../../lib/api-client';
import { cashFlowKey, cashFlowPath, type CashFlowLine } from './keys';

/** cashFlowListQuery's filters; absent ones are not sent. */
export interface CashFlowListParams {
  skip: number;
  limit: number;
  cash_flow_type?: CashFlowType;
  cash_flow_category?: CashFlowCategory;
  account_id?: string;
  direction?: 'in' | 'out';
  amount_min?: string;
  amount_max?: string;
  date_from?: string;
  date_to?: string;
}

/** Newest first, one page; the amount range is on the amount's size, whichever way it went. */
export const cashFlowTransactionsQueryOptions = (organizationId: string, params: CashFlowListParams) =>
  queryOptions({
    queryKey: [...cashFlowKey(organizationId), 'transactions', params],
    queryFn: ({ signal }) => api.get<ListResponse<CashFlowLine>>(`${cashFlowPath(organizationId)}/transactions`, { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCashFlowTransactions = (organizationId: string, params: CashFlowListParams, enabled = true) =>
  useQuery({ ...cashFlowTransactionsQueryOptions(organizationId, params), enabled });
