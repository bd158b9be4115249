import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCreate } from '@daftar/shared/schemas/products';
import { api, segment } from '../../../lib/api-client';
import { productsKey, type Product } from './get-products';

export const createProduct = ({ organizationId, data }: { organizationId: string; data: ProductCreate }) =>
  api.post<Product>(`/organizations/${segment(organizationId)}/products-services`, { organizationId, json: data });

/** The form shows its own 422 and 409 answers beside the fields. */
export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    meta: { handlesErrors: true },
    onSuccess: (_product, { organizationId }) => queryClient.invalidateQueries({ queryKey: productsKey(organizationId) }),
  });
};
