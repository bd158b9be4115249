import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetVsActual } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import { budgetsKey } from './get-budgets';

export type BudgetComparison = BudgetVsActual;

export const budgetVsActualQueryOptions = (organizationId: string, budgetId: string) =>
  queryOptions({
    queryKey: [...budgetsKey(organizationId), 'vs-actual', budgetId],
    queryFn: ({ signal }) =>
      api.get<BudgetComparison>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}/vs-actual`, { organizationId, signal }),
  });

/** Read when the comparison tab is opened: it sums the ledger for the whole year. */
export const useBudgetVsActual = (organizationId: string, budgetId: string, enabled: boolean) =>
  useQuery({ ...budgetVsActualQueryOptions(organizationId, budgetId), enabled });
