import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetLineUpdate } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import type { Budget, BudgetLine } from './get-budget';
import { budgetsKey } from './get-budgets';

export const updateBudgetLine = ({ organizationId, budgetId, lineId, data }: { organizationId: string; budgetId: string; lineId: string; data: BudgetLineUpdate }) =>
  api.put<BudgetLine>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}/lines/${segment(lineId)}`, { organizationId, json: data });

/**
 * The saved line replaces the cached one at once (the grid shows what was saved, not the old
 * amounts until the budget is read again); the grid shows a 422 on the row it belongs to.
 */
export const useUpdateBudgetLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudgetLine,
    meta: { handlesErrors: true },
    onSuccess: (line, { organizationId, budgetId }) => {
      queryClient.setQueryData<Budget>([...budgetsKey(organizationId), 'detail', budgetId], (budget) =>
        budget ? { ...budget, lines: budget.lines.map((l) => (l.id === line.id ? line : l)) } : budget,
      );
      return queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) });
    },
  });
};
