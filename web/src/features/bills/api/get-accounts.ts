import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Account = AccountPublic;

const accountsOfType = (organizationId: string, type: 'expense' | 'asset', signal: AbortSignal) =>
  api.get<ListResponse<Account>>(`/organizations/${segment(organizationId)}/accounts`, {
    organizationId,
    query: { type, limit: MAX_PAGE_LIMIT, include_inactive: true },
    signal,
  });

/**
 * The accounts a bill line can be booked to: expense and asset accounts (the form narrows assets to
 * the subtypes a purchase may use). Inactive ones are read too, so a line keeps its account's name.
 */
export const billAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'bill-lines'],
    queryFn: async ({ signal }) => {
      const [expenses, assets] = await Promise.all([accountsOfType(organizationId, 'expense', signal), accountsOfType(organizationId, 'asset', signal)]);
      return [...expenses.data, ...assets.data];
    },
    staleTime: 60_000,
  });

export const useBillAccounts = (organizationId: string) => useQuery(billAccountsQueryOptions(organizationId));
