import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCreate } from '@daftar/shared/schemas/expenses';
import { api, segment } from '../../../lib/api-client';
import { expensesKey, type Expense } from './get-expenses';

export const createExpense = ({ organizationId, data }: { organizationId: string; data: ExpenseCreate }) =>
  api.post<Expense>(`/organizations/${segment(organizationId)}/expenses`, { organizationId, json: data });

/** The form shows 422 and 409 answers beside its fields. */
export const useCreateExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    meta: { handlesErrors: true },
    onSuccess: (_expense, { organizationId }) => queryClient.invalidateQueries({ queryKey: expensesKey(organizationId) }),
  });
};
