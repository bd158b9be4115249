import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, type ListResponse } from '../../../lib/api-client';
import { accountsKey, organizationPath } from './keys';

export type LedgerAccount = AccountPublic;

/**
 * The whole chart, flat, for the line account picker. Inactive accounts are included so a draft's
 * lines keep their names; the picker offers only active ones.
 */
export const ledgerAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...accountsKey(organizationId), 'options', { includeInactive: true }],
    queryFn: ({ signal }) =>
      api.get<ListResponse<LedgerAccount>>(`${organizationPath(organizationId)}/accounts`, {
        organizationId,
        query: { limit: MAX_PAGE_LIMIT, include_inactive: true },
        signal,
      }),
    staleTime: 60_000,
  });

export const useLedgerAccounts = (organizationId: string) => useQuery(ledgerAccountsQueryOptions(organizationId));
