import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { giftCardRedeem } from '@daftar/shared/schemas/giftCards';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { invoicesKey } from '../../invoices/api/get-invoices';
import { paymentsKey } from '../../payments/api/keys';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

export type GiftCardRedeemBody = z.output<typeof giftCardRedeem>;

export interface RedeemAnswer {
  card: GiftCard;
  payment_id: string;
  payment_number: string;
}

/** (Part of) an invoice paid with the card: a payment received whose money is the card's balance. */
export const redeemGiftCard = ({ organizationId, giftCardId, data, idempotencyKey }: { organizationId: string; giftCardId: string; data: GiftCardRedeemBody; idempotencyKey?: string }) =>
  api.post<RedeemAnswer>(`${giftCardPath(organizationId, giftCardId)}/redeem`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

/** The invoice's balance and its payments change too: their reads are refreshed with the card's. */
export const useRedeemGiftCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemGiftCard,
    meta: { handlesErrors: true },
    onSuccess: (_answer, { organizationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: invoicesKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: paymentsKey(organizationId) }),
      ]),
  });
};
