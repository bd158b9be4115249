import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { expensesKey, type Expense } from './get-expenses';

/** Sends a draft for approval; the version read guards against a change made meanwhile (409). */
export const submitExpense = ({ organizationId, expenseId, version }: { organizationId: string; expenseId: string; version: number }) =>
  api.post<Expense>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}/submit`, { organizationId, query: { version } });

export const useSubmitExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitExpense,
    onSuccess: (_expense, { organizationId }) => queryClient.invalidateQueries({ queryKey: expensesKey(organizationId) }),
  });
};
