import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { productsKey, type Product } from './get-products';

export const productQueryOptions = (organizationId: string, productId: string) =>
  queryOptions({
    queryKey: [...productsKey(organizationId), 'detail', productId],
    queryFn: ({ signal }) =>
      api.get<Product>(`/organizations/${segment(organizationId)}/products-services/${segment(productId)}`, { organizationId, signal }),
  });

export const useProduct = (organizationId: string, productId: string) => useQuery(productQueryOptions(organizationId, productId));
