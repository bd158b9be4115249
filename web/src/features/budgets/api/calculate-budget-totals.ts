import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import type { Budget } from './get-budget';
import { budgetsKey } from './get-budgets';

/** Recomputes and stores the totals, refreshing each line's account code and name from the chart. */
export const calculateBudgetTotals = ({ organizationId, budgetId }: { organizationId: string; budgetId: string }) =>
  api.post<Budget>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}/calculate-totals`, { organizationId });

export const useCalculateBudgetTotals = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calculateBudgetTotals,
    onSuccess: (budget, { organizationId }) => {
      queryClient.setQueryData([...budgetsKey(organizationId), 'detail', budget.id], budget);
      return queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) });
    },
  });
};
