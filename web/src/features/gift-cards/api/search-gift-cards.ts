import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse } from '../../../lib/api-client';
import type { GiftCardListParams } from './get-gift-cards';
import { giftCardsKey, giftCardsPath, type GiftCard } from './keys';

export interface GiftCardSearchParams extends GiftCardListParams {
  /** Part of the number (digits, spaces allowed), the notes, the reference or the customer's name. */
  q: string;
}

/** The list narrowed by what was typed: a POST, since the search body is the shared schema's. */
export const searchGiftCardsQueryOptions = (organizationId: string, params: GiftCardSearchParams) =>
  queryOptions({
    queryKey: [...giftCardsKey(organizationId), 'search', params],
    queryFn: ({ signal }) => {
      const body = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
      return api.post<ListResponse<GiftCard>>(`${giftCardsPath(organizationId)}/search`, { organizationId, json: body, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useSearchGiftCards = (organizationId: string, params: GiftCardSearchParams, enabled = true) =>
  useQuery({ ...searchGiftCardsQueryOptions(organizationId, params), enabled });
