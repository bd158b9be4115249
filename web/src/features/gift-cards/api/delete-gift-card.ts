import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

/** `deleted`: a pending card that never held money is gone; otherwise the card is deactivated and its balance released. */
export interface DeleteAnswer {
  deleted: boolean;
  card: GiftCard;
}

export const deleteGiftCard = ({ organizationId, giftCardId }: { organizationId: string; giftCardId: string }) =>
  api.delete<DeleteAnswer>(giftCardPath(organizationId, giftCardId), { organizationId });

export const useDeleteGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
