import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { expensesKey, type Expense } from './get-expenses';

export const rejectExpense = ({ organizationId, expenseId, reason, version }: { organizationId: string; expenseId: string; reason: string; version: number }) =>
  api.post<Expense>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}/reject`, { organizationId, json: { reason, version } });

/** The dialog shows a refused reason (422) itself. */
export const useRejectExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectExpense,
    meta: { handlesErrors: true },
    onSuccess: (_expense, { organizationId }) => queryClient.invalidateQueries({ queryKey: expensesKey(organizationId) }),
  });
};
