import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetLineCreate } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import type { BudgetLine } from './get-budget';
import { budgetsKey } from './get-budgets';

export const addBudgetLine = ({ organizationId, budgetId, data }: { organizationId: string; budgetId: string; data: BudgetLineCreate }) =>
  api.post<BudgetLine>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}/lines`, { organizationId, json: data });

/** The dialog shows 422 and 409 (a line for that account already) beside its fields. */
export const useAddBudgetLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBudgetLine,
    meta: { handlesErrors: true },
    onSuccess: (_line, { organizationId }) => queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) }),
  });
};
