import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { categoriesKey, type Category } from './get-root-categories';

export const childCategoriesQueryOptions = (organizationId: string, categoryId: string, includeInactive: boolean) =>
  queryOptions({
    queryKey: [...categoriesKey(organizationId), 'children', categoryId, { includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Category>>(`/organizations/${segment(organizationId)}/categories/${segment(categoryId)}/children`, {
        organizationId,
        query: { include_inactive: includeInactive, limit: MAX_PAGE_LIMIT },
        signal,
      }),
  });

/** A category's sub-categories, read when the person expands it. */
export const useChildCategories = (organizationId: string, categoryId: string, includeInactive: boolean, enabled: boolean) =>
  useQuery({ ...childCategoriesQueryOptions(organizationId, categoryId, includeInactive), enabled });
