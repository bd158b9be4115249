import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { productsKey } from './get-products';

export const deleteProduct = ({ organizationId, productId }: { organizationId: string; productId: string }) =>
  api.delete<{ message: string } | undefined>(`/organizations/${segment(organizationId)}/products-services/${segment(productId)}`, { organizationId });

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, { organizationId }) => queryClient.invalidateQueries({ queryKey: productsKey(organizationId) }),
  });
};
