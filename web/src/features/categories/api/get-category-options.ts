import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryOption, CategoryType } from '@daftar/shared/schemas/categories';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { categoriesKey } from './get-root-categories';

export type CategoryChoice = CategoryOption;

/** Every category of a type in short form: the parent picker offers them as a tree. */
export const categoryOptionsQueryOptions = (organizationId: string, type: CategoryType) =>
  queryOptions({
    queryKey: [...categoriesKey(organizationId), 'options', type],
    queryFn: ({ signal }) =>
      api.get<ListResponse<CategoryChoice>>(`/organizations/${segment(organizationId)}/categories/list`, {
        organizationId,
        query: { category_type: type, include_inactive: true },
        signal,
      }),
  });

export const useCategoryOptions = (organizationId: string, type: CategoryType, enabled = true) =>
  useQuery({ ...categoryOptionsQueryOptions(organizationId, type), enabled });
