import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpensePublic, ExpenseStatus } from '@daftar/shared/schemas/expenses';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Expense = ExpensePublic;

/** Every expense query starts with this key: a change refreshes lists and the expense alike. */
export const expensesKey = (organizationId: string) => ['organizations', organizationId, 'expenses'] as const;

export interface ExpenseFilters {
  /** Only the signed-in person's own expenses (expenses/my/expenses). */
  mine: boolean;
  status?: ExpenseStatus;
  categoryId?: string;
  dateFrom?: string;
  dateTo?: string;
  skip: number;
  limit: number;
}

export const expensesQueryOptions = (organizationId: string, filters: ExpenseFilters) =>
  queryOptions({
    queryKey: [...expensesKey(organizationId), 'list', filters],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Expense>>(`/organizations/${segment(organizationId)}/expenses${filters.mine ? '/my/expenses' : ''}`, {
        organizationId,
        query: {
          status: filters.status,
          category_id: filters.categoryId,
          date_from: filters.dateFrom,
          date_to: filters.dateTo,
          skip: filters.skip,
          limit: filters.limit,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useExpenses = (organizationId: string, filters: ExpenseFilters, enabled = true) =>
  useQuery({ ...expensesQueryOptions(organizationId, filters), enabled });
