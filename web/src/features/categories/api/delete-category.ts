import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { categoriesKey } from './get-root-categories';

/** The answer says whether the category was deleted, or deactivated because products use it. */
export const deleteCategory = ({ organizationId, categoryId }: { organizationId: string; categoryId: string }) =>
  api.delete<{ message: string }>(`/organizations/${segment(organizationId)}/categories/${segment(categoryId)}`, { organizationId });

/** A 409 (sub-categories) is shown on the page, not as a passing toast. */
export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    meta: { handlesErrors: true },
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: categoriesKey(organizationId) }),
  });
};
