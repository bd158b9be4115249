import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type CashAccount = AccountPublic;

/**
 * A drawer's account is an asset of subtype cash (the server refuses any other). Inactive ones are
 * read too, so a terminal still names the account it was given.
 */
export const drawerAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'pos-drawer'],
    queryFn: async ({ signal }) => {
      const assets = await api.get<ListResponse<CashAccount>>(`/organizations/${segment(organizationId)}/accounts`, {
        organizationId,
        query: { type: 'asset', subtype: 'cash', include_inactive: true, limit: MAX_PAGE_LIMIT },
        signal,
      });
      // Checked here too: the picker must never offer an account the server refuses for a drawer.
      return assets.data.filter((account) => account.type === 'asset' && account.subtype === 'cash');
    },
    staleTime: 60_000,
  });

export const useDrawerAccounts = (organizationId: string, enabled = true) => useQuery({ ...drawerAccountsQueryOptions(organizationId), enabled });
