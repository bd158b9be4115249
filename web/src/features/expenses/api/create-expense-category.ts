import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCategoryCreate } from '@daftar/shared/schemas/expenses';
import { api, segment } from '../../../lib/api-client';
import { expenseCategoriesKey, type ExpenseCategory } from './get-expense-categories';

export const createExpenseCategory = ({ organizationId, data }: { organizationId: string; data: ExpenseCategoryCreate }) =>
  api.post<ExpenseCategory>(`/organizations/${segment(organizationId)}/expense-categories`, { organizationId, json: data });

export const useCreateExpenseCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpenseCategory,
    meta: { handlesErrors: true },
    onSuccess: (_category, { organizationId }) => queryClient.invalidateQueries({ queryKey: expenseCategoriesKey(organizationId) }),
  });
};
