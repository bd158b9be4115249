import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryOption } from '@daftar/shared/schemas/categories';
import type { ItemType } from '@daftar/shared/schemas/products';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type CategoryChoice = CategoryOption;

/**
 * A product's category is a product category, a service's a service category. Inactive ones are
 * read too, so an item keeps showing the category it names; the picker offers only active ones.
 */
export const productCategoriesQueryOptions = (organizationId: string, type: ItemType) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'categories', 'options', type],
    queryFn: ({ signal }) =>
      api.get<ListResponse<CategoryChoice>>(`/organizations/${segment(organizationId)}/categories/list`, {
        organizationId,
        query: { category_type: type, include_inactive: true },
        signal,
      }),
    staleTime: 60_000,
  });

export const useProductCategories = (organizationId: string, type: ItemType, enabled = true) =>
  useQuery({ ...productCategoriesQueryOptions(organizationId, type), enabled });
