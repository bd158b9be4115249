import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCategoryUpdate } from '@daftar/shared/schemas/expenses';
import { api, segment } from '../../../lib/api-client';
import { expenseCategoriesKey, type ExpenseCategory } from './get-expense-categories';

export const updateExpenseCategory = ({ organizationId, categoryId, data }: { organizationId: string; categoryId: string; data: ExpenseCategoryUpdate }) =>
  api.put<ExpenseCategory>(`/organizations/${segment(organizationId)}/expense-categories/${segment(categoryId)}`, { organizationId, json: data });

export const useUpdateExpenseCategory = ({ handlesErrors = false }: { handlesErrors?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpenseCategory,
    meta: { handlesErrors },
    onSuccess: (_category, { organizationId }) => queryClient.invalidateQueries({ queryKey: expenseCategoriesKey(organizationId) }),
  });
};
