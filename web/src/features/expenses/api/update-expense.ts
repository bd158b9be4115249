import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseUpdate } from '@daftar/shared/schemas/expenses';
import { api, segment } from '../../../lib/api-client';
import { expensesKey, type Expense } from './get-expenses';

/** A draft or a rejected expense (which becomes a draft again); `version` is the one read. */
export const updateExpense = ({ organizationId, expenseId, data }: { organizationId: string; expenseId: string; data: ExpenseUpdate }) =>
  api.put<Expense>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}`, { organizationId, json: data });

export const useUpdateExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    meta: { handlesErrors: true },
    onSuccess: (_expense, { organizationId }) => queryClient.invalidateQueries({ queryKey: expensesKey(organizationId) }),
  });
};
