import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { giftCardBulkCreate } from '@daftar/shared/schemas/giftCards';
import type { z } from 'zod';
import { api, type ListResponse } from '../../../lib/api-client';
import { giftCardsKey, giftCardsPath, type GiftCard } from './keys';

export type GiftCardBatch = z.output<typeof giftCardBulkCreate>;

/** Pending cards in number (a printed batch): no money moves until each is activated. */
export const bulkCreateGiftCards = ({ organizationId, data }: { organizationId: string; data: GiftCardBatch }) =>
  api.post<ListResponse<GiftCard>>(`${giftCardsPath(organizationId)}/bulk-create`, { organizationId, json: data });

export const useBulkCreateGiftCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateGiftCards,
    meta: { handlesErrors: true },
    onSuccess: (_cards, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
