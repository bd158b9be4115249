import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetStatus, BudgetSummary } from '@daftar/shared/schemas/budgets';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type BudgetListItem = BudgetSummary;

/** Every budget query starts with this key: a change anywhere refreshes lists, budgets and comparisons. */
export const budgetsKey = (organizationId: string) => ['organizations', organizationId, 'budgets'] as const;

export interface BudgetFilters {
  fiscalYear?: number;
  status?: BudgetStatus;
  skip: number;
  limit: number;
}

export const budgetsQueryOptions = (organizationId: string, filters: BudgetFilters) =>
  queryOptions({
    queryKey: [...budgetsKey(organizationId), 'list', filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<BudgetListItem>>(`/organizations/${segment(organizationId)}/budgets`, {
        organizationId,
        query: { fiscal_year: filters.fiscalYear, status: filters.status, skip: filters.skip, limit: filters.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useBudgets = (organizationId: string, filters: BudgetFilters) => useQuery(budgetsQueryOptions(organizationId, filters));
