import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetCreate } from '@daftar/shared/schemas/budgets';
import { api, segment } from '../../../lib/api-client';
import type { Budget } from './get-budget';
import { budgetsKey } from './get-budgets';

export const createBudget = ({ organizationId, data }: { organizationId: string; data: BudgetCreate }) =>
  api.post<Budget>(`/organizations/${segment(organizationId)}/budgets`, { organizationId, json: data });

/** The form shows 422 and 409 answers itself. */
export const useCreateBudget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBudget,
    meta: { handlesErrors: true },
    onSuccess: (_budget, { organizationId }) => queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) }),
  });
};
