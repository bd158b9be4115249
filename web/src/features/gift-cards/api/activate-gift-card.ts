import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftCardActivate } from '@daftar/shared/schemas/giftCards';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

/** A pending card activated with money (amount and method), or a suspended card reactivated (an empty body). */
export const activateGiftCard = ({ organizationId, giftCardId, data, idempotencyKey }: { organizationId: string; giftCardId: string; data: GiftCardActivate; idempotencyKey?: string }) =>
  api.post<GiftCard>(`${giftCardPath(organizationId, giftCardId)}/activate`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useActivateGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
