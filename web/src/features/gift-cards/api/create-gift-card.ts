import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { giftCardCreate } from '@daftar/shared/schemas/giftCards';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { giftCardsKey, giftCardsPath, type GiftCard } from './keys';

export type GiftCardCreateBody = z.output<typeof giftCardCreate>;

/** A card sold at once (initial_balance and payment_method) or a pending one; the money is posted with it. */
export const createGiftCard = ({ organizationId, data, idempotencyKey }: { organizationId: string; data: GiftCardCreateBody; idempotencyKey?: string }) =>
  api.post<GiftCard>(giftCardsPath(organizationId), { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

/** The dialog shows its own 422 beside the fields and any other refusal above them. */
export const useCreateGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
