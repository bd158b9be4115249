import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftCardUpdate } from '@daftar/shared/schemas/giftCards';
import { api } from '../../../lib/api-client';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

/** Notes, expiry and PIN (null removes it and ends a lock-out); money never changes here. */
export const updateGiftCard = ({ organizationId, giftCardId, data }: { organizationId: string; giftCardId: string; data: GiftCardUpdate }) =>
  api.put<GiftCard>(giftCardPath(organizationId, giftCardId), { organizationId, json: data });

export const useUpdateGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
