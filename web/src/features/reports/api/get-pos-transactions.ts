import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosTransaction } from '@daftar/shared/schemas/pos';
import { api, segment, type ListResponse } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** How many of the latest POS receipts the reports screen reads. */
export const POS_TRANSACTIONS_LIMIT = 100;

/**
 * SPEC §2/§9: the Financial Reports screen reads the organization's POS transactions (each with its
 * status and total_amount) stale after 300 s, kept 600 s, never refetched on window focus. It does
 * not show them: the POS figures it offers come from the `pos-sales-summary` report.
 */
export const posTransactionsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: reportKeys.report(organizationId, 'pos-transactions', { limit: POS_TRANSACTIONS_LIMIT }),
    queryFn: ({ signal }) =>
      api.get<ListResponse<PosTransaction>>(`/organizations/${segment(organizationId)}/pos/transactions`, {
        organizationId,
        query: { limit: POS_TRANSACTIONS_LIMIT },
        signal,
      }),
    staleTime: 300_000,
    gcTime: 600_000,
    refetchOnWindowFocus: false,
  });

export const usePosTransactions = (organizationId: string | null) =>
  useQuery({ ...posTransactionsQueryOptions(organizationId ?? ''), enabled: !!organizationId });
