import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

export const giftCardQueryOptions = (organizationId: string, giftCardId: string) =>
  queryOptions({
    queryKey: [...giftCardsKey(organizationId), 'detail', giftCardId],
    queryFn: ({ signal }) => api.get<GiftCard>(giftCardPath(organizationId, giftCardId), { organizationId, signal }),
  });

export const useGiftCard = (organizationId: string, giftCardId: string, enabled = true) => useQuery({ ...giftCardQueryOptions(organizationId, giftCardId), enabled });
