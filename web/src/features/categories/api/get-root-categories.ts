import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { CategoryPublic, CategoryType } from '@daftar/shared/schemas/categories';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Category = CategoryPublic;

/** Every query of the feature starts with this key, so one invalidation refreshes the whole tree. */
export const categoriesKey = (organizationId: string) => ['organizations', organizationId, 'categories'] as const;

export const rootCategoriesQueryOptions = (organizationId: string, type: CategoryType, includeInactive: boolean) =>
  queryOptions({
    queryKey: [...categoriesKey(organizationId), 'root', { type, includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Category>>(`/organizations/${segment(organizationId)}/categories/root`, {
        organizationId,
        query: { category_type: type, include_inactive: includeInactive, limit: MAX_PAGE_LIMIT },
        signal,
      }),
  });

export const useRootCategories = (organizationId: string, type: CategoryType, includeInactive: boolean) =>
  useQuery(rootCategoriesQueryOptions(organizationId, type, includeInactive));
