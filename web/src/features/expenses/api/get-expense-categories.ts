import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { ExpenseCategoryPublic } from '@daftar/shared/schemas/expenses';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type ExpenseCategory = ExpenseCategoryPublic;

export const expenseCategoriesKey = (organizationId: string) => ['organizations', organizationId, 'expense-categories'] as const;

/**
 * The organization's expense categories by name. Inactive ones are read too (with
 * `includeInactive`), so an expense keeps showing its category's name.
 */
export const expenseCategoriesQueryOptions = (organizationId: string, includeInactive: boolean) =>
  queryOptions({
    queryKey: [...expenseCategoriesKey(organizationId), { includeInactive }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<ExpenseCategory>>(`/organizations/${segment(organizationId)}/expense-categories`, {
        organizationId,
        query: { include_inactive: includeInactive, limit: MAX_PAGE_LIMIT },
        signal,
      }),
  });

export const useExpenseCategories = (organizationId: string, includeInactive: boolean) => useQuery(expenseCategoriesQueryOptions(organizationId, includeInactive));
