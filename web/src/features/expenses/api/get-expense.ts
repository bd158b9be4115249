import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { expensesKey, type Expense } from './get-expenses';

export const expenseQueryOptions = (organizationId: string, expenseId: string) =>
  queryOptions({
    queryKey: [...expensesKey(organizationId), 'detail', expenseId],
    queryFn: ({ signal }) => api.get<Expense>(`/organizations/${segment(organizationId)}/expenses/${segment(expenseId)}`, { organizationId, signal }),
  });

export const useExpense = (organizationId: string, expenseId: string) => useQuery(expenseQueryOptions(organizationId, expenseId));
