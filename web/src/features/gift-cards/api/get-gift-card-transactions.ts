import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import { giftCardPath, giftCardsKey, type GiftCardLine } from './keys';

/** The card's ledger, newest first: every change with the balance after it. */
export const giftCardTransactionsQueryOptions = (organizationId: string, giftCardId: string, page: { skip: number; limit: number }) =>
  queryOptions({
    queryKey: [...giftCardsKey(organizationId), 'detail', giftCardId, 'transactions', page],
    queryFn: ({ signal }) => api.get<ListResponse<GiftCardLine>>(`${giftCardPath(organizationId, giftCardId)}/transactions`, { organizationId, query: page, signal }),
    placeholderData: keepPreviousData,
  });

export const useGiftCardTransactions = (organizationId: string, giftCardId: string, page: { skip: number; limit: number }, enabled = true) =>
  useQuery({ ...giftCardTransactionsQueryOptions(organizationId, giftCardId, page), enabled });
