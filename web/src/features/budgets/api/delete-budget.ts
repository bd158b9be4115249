import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { budgetsKey } from './get-budgets';

/** `version` is the one read: a budget changed meanwhile is not deleted (409). */
export const deleteBudget = ({ organizationId, budgetId, version }: { organizationId: string; budgetId: string; version: number }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/budgets/${segment(budgetId)}`, { organizationId, query: { version } });

export const useDeleteBudget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_result, { organizationId, budgetId }) => {
      queryClient.removeQueries({ queryKey: [...budgetsKey(organizationId), 'detail', budgetId] });
      return queryClient.invalidateQueries({ queryKey: [...budgetsKey(organizationId), 'list'] });
    },
  });
};
