import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryOption } from '@daftar/shared/schemas/categories';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type ItemCategory = CategoryOption;

/**
 * The categories a cart line can carry: product and service categories (income and expense ones
 * never sit on a sale). Inactive ones are read too, so a rule keeps naming the category it has.
 */
export const itemCategoriesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'categories', 'options', 'sold-items'],
    queryFn: async ({ signal }) => {
      const list = await api.get<ListResponse<ItemCategory>>(`/organizations/${segment(organizationId)}/categories/list`, {
        organizationId,
        query: { include_inactive: true },
        signal,
      });
      return list.data.filter((category) => category.category_type === 'product' || category.category_type === 'service');
    },
    staleTime: 60_000,
  });

export const useItemCategories = (organizationId: string, enabled = true) => useQuery({ ...itemCategoriesQueryOptions(organizationId), enabled: enabled && !!organizationId });
