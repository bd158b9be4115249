import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryCreate } from '@daftar/shared/schemas/categories';
import { api, segment } from '../../../lib/api-client';
import { categoriesKey, type Category } from './get-root-categories';

export const createCategory = ({ organizationId, data }: { organizationId: string; data: CategoryCreate }) =>
  api.post<Category>(`/organizations/${segment(organizationId)}/categories`, { organizationId, json: data });

/** The form shows its own 422 and 409 answers beside the fields. */
export const useCreateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    meta: { handlesErrors: true },
    onSuccess: (_category, { organizationId }) => queryClient.invalidateQueries({ queryKey: categoriesKey(organizationId) }),
  });
};
