import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Account = AccountPublic;

/**
 * Income or expense accounts a category may book to. Inactive ones are read too, so a category
 * keeps showing the account it names; the picker offers only active ones.
 */
export const categoryAccountsQueryOptions = (organizationId: string, type: 'income' | 'expense') =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'category-picker', type],
    queryFn: ({ signal }) =>
      api.get<ListResponse<Account>>(`/organizations/${segment(organizationId)}/accounts`, {
        organizationId,
        query: { type, include_inactive: true, limit: MAX_PAGE_LIMIT },
        signal,
      }),
    staleTime: 60_000,
  });

export const useCategoryAccounts = (organizationId: string, type: 'income' | 'expense') => useQuery(categoryAccountsQueryOptions(organizationId, type));
