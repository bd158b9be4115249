import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { expensesKey } from './get-expenses';

export const deleteExpense = ({ organizationId, expenseId, version }: { organizationId: string; expenseId: string; version: number }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}`, { organizationId, query: { version } });

export const useDeleteExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: (_result, { organizationId, expenseId }) => {
      queryClient.removeQueries({ queryKey: [...expensesKey(organizationId), 'detail', expenseId] });
      return queryClient.invalidateQueries({ queryKey: [...expensesKey(organizationId), 'list'] });
    },
  });
};
