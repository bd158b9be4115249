import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryUpdate } from '@daftar/shared/schemas/categories';
import { api, segment } from '../../../lib/api-client';
import { categoriesKey, type Category } from './get-root-categories';

export const updateCategory = ({ organizationId, categoryId, data }: { organizationId: string; categoryId: string; data: CategoryUpdate }) =>
  api.put<Category>(`/organizations/${segment(organizationId)}/categories/${segment(categoryId)}`, { organizationId, json: data });

export const useUpdateCategory = ({ handlesErrors = false }: { handlesErrors?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    meta: { handlesErrors },
    onSuccess: (_category, { organizationId }) => queryClient.invalidateQueries({ queryKey: categoriesKey(organizationId) }),
  });
};
