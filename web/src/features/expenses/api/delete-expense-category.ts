import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { expenseCategoriesKey } from './get-expense-categories';

/** The answer's message says whether the category was deleted or, being in use, deactivated. */
export const deleteExpenseCategory = ({ organizationId, categoryId }: { organizationId: string; categoryId: string }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/expense-categories/${segment(categoryId)}`, { organizationId });

export const useDeleteExpenseCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpenseCategory,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: expenseCategoriesKey(organizationId) }),
  });
};
