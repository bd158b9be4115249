import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductUpdate } from '@daftar/shared/schemas/products';
import { api, segment } from '../../../lib/api-client';
import { productsKey, type Product } from './get-products';

export const updateProduct = ({ organizationId, productId, data }: { organizationId: string; productId: string; data: ProductUpdate }) =>
  api.put<Product>(`/organizations/${segment(organizationId)}/products-services/${segment(productId)}`, { organizationId, json: data });

/** The form shows its own 422 and 409 answers (a change made meanwhile, a SKU or barcode taken) beside the fields. */
export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    meta: { handlesErrors: true },
    onSuccess: (_product, { organizationId }) => queryClient.invalidateQueries({ queryKey: productsKey(organizationId) }),
  });
};
