import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetUpdate } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import type { Budget } from './get-budget';
import { budgetsKey } from './get-budgets';

export const updateBudget = ({ organizationId, budgetId, data }: { organizationId: string; budgetId: string; data: BudgetUpdate }) =>
  api.put<Budget>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}`, { organizationId, json: data });

export const useUpdateBudget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudget,
    onSuccess: (_budget, { organizationId }) => queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) }),
  });
};
