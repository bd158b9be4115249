import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetPublic } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import { budgetsKey } from './get-budgets';

export type Budget = BudgetPublic;
export type BudgetLine = BudgetPublic['lines'][number];

export const budgetQueryOptions = (organizationId: string, budgetId: string) =>
  queryOptions({
    queryKey: [...budgetsKey(organizationId), 'detail', budgetId],
    queryFn: ({ signal }) => api.get<Budget>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}`, { organizationId, signal }),
  });

export const useBudget = (organizationId: string, budgetId: string) => useQuery(budgetQueryOptions(organizationId, budgetId));
