import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardsKey, giftCardsPath, type GiftCardFigures } from './keys';

/** What the cards owe, by status and age, beside the gift-card liability account's balance. */
export const giftCardSummaryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...giftCardsKey(organizationId), 'summary'],
    queryFn: ({ signal }) => api.get<GiftCardFigures>(`${giftCardsPath(organizationId)}/analytics/summary`, { organizationId, signal }),
  });

export const useGiftCardSummary = (organizationId: string, enabled = true) => useQuery({ ...giftCardSummaryQueryOptions(organizationId), enabled });
