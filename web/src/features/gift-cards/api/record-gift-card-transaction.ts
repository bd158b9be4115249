import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftCardTransactionCreate } from '@daftar/shared/schemas/giftCards';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { giftCardPath, giftCardsKey, type GiftCard } from './keys';

/** An admin's signed adjustment with its reason, or the refund of the card's purchase (the card is then deactivated). */
export const recordGiftCardTransaction = ({
  organizationId,
  giftCardId,
  data,
  idempotencyKey,
}: {
  organizationId: string;
  giftCardId: string;
  data: GiftCardTransactionCreate;
  idempotencyKey?: string;
}) => api.post<GiftCard>(`${giftCardPath(organizationId, giftCardId)}/transactions`, { organizationId, json: data, headers: idempotencyHeaders(idempotencyKey) });

export const useRecordGiftCardTransaction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordGiftCardTransaction,
    meta: { handlesErrors: true },
    onSuccess: (_card, { organizationId }) => queryClient.invalidateQueries({ queryKey: giftCardsKey(organizationId) }),
  });
};
