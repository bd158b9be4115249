import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { budgetsKey } from './get-budgets';

export const deleteBudgetLine = ({ organizationId, budgetId, lineId }: { organizationId: string; budgetId: string; lineId: string }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}/lines/${segment(lineId)}`, { organizationId });

export const useDeleteBudgetLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudgetLine,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: budgetsKey(organizationId) }),
  });
};
