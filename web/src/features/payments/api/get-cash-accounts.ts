import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@daftar/shared/constants';
import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import type { PaymentType } from '@daftar/shared/schemas/payments';
import { api, segment, type ListResponse } from '../../../lib/api-client';

export type Account = AccountPublic;

/** Where money received can go: the server accepts these asset subtypes as a payment's cash side. */
const RECEIVING_SUBTYPES = new Set(['cash', 'bank', 'undeposited_funds', 'cheques_receivable']);
/** Money is paid out of a till or a bank account. */
const PAYING_SUBTYPES = new Set(['cash', 'bank']);

export const cashSideSubtypes = (type: PaymentType) => (type === 'received' ? RECEIVING_SUBTYPES : PAYING_SUBTYPES);

/** Asset accounts holding money, inactive ones too so a recorded payment still names its account. */
export const cashAccountsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'accounts', 'payment-cash-side'],
    queryFn: async ({ signal }) => {
      const assets = await api.get<ListResponse<Account>>(`/organizations/${segment(organizationId)}/accounts`, {
        organizationId,
        query: { type: 'asset', limit: MAX_PAGE_LIMIT, include_inactive: true },
        signal,
      });
      return assets.data.filter((account) => RECEIVING_SUBTYPES.has(account.subtype));
    },
    staleTime: 60_000,
  });

export const useCashAccounts = (organizationId: string) => useQuery(cashAccountsQueryOptions(organizationId));
