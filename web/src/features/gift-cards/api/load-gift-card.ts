import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { giftCardLoad } from '@daftar/shared/schemas/giftCards';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

export type GiftCardLoadBody = z.output<typeof giftCardLoad>;

/** Money added to an active card: Dr the money side, Cr gift-card liability. */
export const loadGiftCard = ({ organizationId, giftCardId, data, idempotencyKey }: { organizationId: string; giftCardId: string; data: GiftCardLoadBody; idempotencyKey?: string }) =>
  api.post<GiftCard>(`${giftCardPath(organizationId, giftCardId)}/load`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useLoadGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
