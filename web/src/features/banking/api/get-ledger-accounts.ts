import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type LedgerAccount = AccountPublic;

/** The ledger accounts a bank account can be linked to: the server takes asset accounts of subtype bank or cash. */
const BANK_LEDGER_SUBTYPES = new Set(['bank', 'cash']);

/** Every active account: the other side of an entry posted for a statement line (bank charges, interest). */
export const ledgerAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'banking-ledger'],
    queryFn: ({ signal }) =>
      api.get<ListResponse<LedgerAccount>>(`/organizations/${segment(organizationId)}/accounts`, { organizationId, query: { limit: MAX_PAGE_LIMIT }, signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export const useLedgerAccounts = (organizationId: string) => useQuery(ledgerAccountsQueryOptions(organizationId));

export const isBankLedgerAccount = (account: LedgerAccount) => account.type === 'asset' && BANK_LEDGER_SUBTYPES.has(account.subtype) && account.is_active;
