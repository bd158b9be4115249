import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Account = AccountPublic;

const accountsOfType = (organizationId: string, type: 'income' | 'expense', signal: AbortSignal) =>
  api.get<ListResponse<Account>>(`/organizations/${segment(organizationId)}/accounts`, {
    organizationId,
    query: { type, limit: MAX_PAGE_LIMIT },
    signal,
  });

/** The active income and expense accounts: the only ones a budget line may plan. */
export const budgetAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'budget-lines'],
    queryFn: async ({ signal }) => {
      const [income, expense] = await Promise.all([accountsOfType(organizationId, 'income', signal), accountsOfType(organizationId, 'expense', signal)]);
      return [...income.data, ...expense.data];
    },
    staleTime: 60_000,
  });

export const useBudgetAccounts = (organizationId: string, enabled = true) => useQuery({ ...budgetAccountsQueryOptions(organizationId), enabled });
