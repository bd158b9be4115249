import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftCardSuspend } from '@daftar/shared/schemas/giftCards';
import { api } from '../../../lib/api-client';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

/** An active card stopped (lost, disputed) with the reason: it cannot pay until reactivated. */
export const suspendGiftCard = ({ organizationId, giftCardId, data }: { organizationId: string; giftCardId: string; data: GiftCardSuspend }) =>
  api.post<GiftCard>(`${giftCardPath(organizationId, giftCardId)}/suspend`, { organizationId, json: data });

export const useSuspendGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
