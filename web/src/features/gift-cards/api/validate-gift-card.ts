import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { giftCardsKey, giftCardsPath, type CardCheck } from './keys';

/**
 * Can the card with this number pay now? A POST, not a read: a wrong PIN counts towards the
 * lock-out, so it is never retried or cached.
 */
export const validateGiftCard = ({ organizationId, cardNumber, pin }: { organizationId: string; cardNumber: string; pin?: string | null }) =>
  api.post<CardCheck>(`${giftCardsPath(organizationId)}/number/${segment(cardNumber)}/validate`, { organizationId, json: { pin: pin ?? null } });

/** A wrong PIN may have locked the card: its page and the list read it again. */
export const useValidateGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateGiftCard,
    meta: { handlesErrors: true },
    retry: false,
    onSettled: (_check, _error, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
