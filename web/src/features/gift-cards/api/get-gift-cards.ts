import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftCardStatus, GiftCardType } from '@daftar/shared/schemas/giftCards';
import { api, type ListResponse } from '../../../lib/api-client';
import { giftCardsKey, giftCardsPath, type GiftCard } from './keys';

/** giftCardListQuery's filters; absent ones are not sent. */
export interface GiftCardListParams {
  skip: number;
  limit: number;
  status?: GiftCardStatus;
  gift_card_type?: GiftCardType;
}

/** Newest first, one page, by status and type (the status is an index of its own on the server). */
export const giftCardsQueryOptions = (organizationId: string, params: GiftCardListParams) =>
  queryOptions({
    queryKey: [...giftCardsKey(organizationId), 'list', params],
    queryFn: ({ signal }) => api.get<ListResponse<GiftCard>>(giftCardsPath(organizationId), { organizationId, query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

export const useGiftCards = (organizationId: string, params: GiftCardListParams, enabled = true) => useQuery({ ...giftCardsQueryOptions(organizationId, params), enabled });
