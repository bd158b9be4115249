import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { accountTransactions } from '@daftar/shared/schemas/accounting';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';
import { accountsKey, accountsPath } from './keys';

export type AccountTransactions = z.infer<typeof accountTransactions>;
export type AccountTransaction = AccountTransactions['data'][number];

export interface LedgerCardParams {
  start_date?: string;
  end_date?: string;
  skip: number;
  limit: number;
}

export const accountTransactionsQueryOptions = (organizationId: string, accountId: string, { start_date, end_date, skip, limit }: LedgerCardParams) =>
  queryOptions({
    queryKey: [...accountsKey(organizationId), 'transactions', accountId, { start_date: start_date ?? null, end_date: end_date ?? null, skip, limit }],
    queryFn: ({ signal }) =>
      api.get<AccountTransactions>(`${accountsPath(organizationId)}/${segment(accountId)}/transactions`, {
        organizationId,
        // `offset` is the spec's name for the page start on this call.
        query: { start_date, end_date, offset: skip, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAccountTransactions = (organizationId: string, accountId: string, params: LedgerCardParams, enabled = true) =>
  useQuery({ ...accountTransactionsQueryOptions(organizationId, accountId, params), enabled });
