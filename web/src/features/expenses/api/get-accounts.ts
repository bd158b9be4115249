import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Account = AccountPublic;

const PAYMENT_SUBTYPES = new Set(['cash', 'bank']);

const accountsOfType = (organizationId: string, type: 'asset' | 'expense', signal: AbortSignal) =>
  api.get<ListResponse<Account>>(`/organizations/${segment(organizationId)}/accounts`, {
    organizationId,
    query: { type, include_inactive: true, limit: MAX_PAGE_LIMIT },
    signal,
  });

/** Cash and bank accounts an expense can be paid from (inactive ones too, to name an old expense's account). */
export const paymentAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'expense-payment'],
    queryFn: async ({ signal }) => (await accountsOfType(organizationId, 'asset', signal)).data.filter((a) => PAYMENT_SUBTYPES.has(a.subtype)),
    staleTime: 60_000,
  });

export const usePaymentAccounts = (organizationId: string) => useQuery(paymentAccountsQueryOptions(organizationId));

/** Expense accounts a category may be debited to. */
export const expenseAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'expense-category'],
    queryFn: async ({ signal }) => (await accountsOfType(organizationId, 'expense', signal)).data,
    staleTime: 60_000,
  });

export const useExpenseAccounts = (organizationId: string) => useQuery(expenseAccountsQueryOptions(organizationId));
