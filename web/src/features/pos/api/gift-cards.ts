import type { GiftCardPublic, GiftCardValidation } from '@daftar/shared/schemas/giftCards';
import { normalizeCardNumber } from '@daftar/shared/giftcards/card-number';
import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';

export type { GiftCardPublic, GiftCardValidation };

/**
 * Gift cards at the counter (issue 16). Everything here needs the server: a card's balance is the
 * server's and two tills may spend one card, so none of it is kept on the device or queued like a
 * sale. The till only reads and checks cards and sells or loads them into its open session.
 */
const cardsPath = (organizationId: string) => `/organizations/${segment(organizationId)}/gift-cards`;
const byNumber = (organizationId: string, number: string) => `${cardsPath(organizationId)}/number/${segment(normalizeCardNumber(number))}`;

/** How a card sold or loaded at the till is paid: the drawer's tenders (the session's count expects them). */
export type TillCardMethod = 'cash' | 'card' | 'cliq';
export const TILL_CARD_METHODS: readonly TillCardMethod[] = ['cash', 'card', 'cliq'];

/** Whether the card can pay now (active, not expired, PIN right), its balance, and why not. */
export const validateGiftCard = ({ organizationId, number, pin }: { organizationId: string; number: string; pin: string | null }) =>
  api.post<GiftCardValidation>(`${byNumber(organizationId, number)}/validate`, { organizationId, json: pin ? { pin } : {} });

export const useValidateGiftCard = () => useMutation({ mutationFn: validateGiftCard, meta: { handlesErrors: true } });

export interface SellCardInput {
  organizationId: string;
  sessionId: string;
  amount: string;
  method: TillCardMethod;
  pin: string | null;
}

/** A new physical card, active at once with the amount paid in this session. */
export const sellGiftCard = ({ organizationId, sessionId, amount, method, pin }: SellCardInput) =>
  api.post<GiftCardPublic>(cardsPath(organizationId), {
    organizationId,
    json: { gift_card_type: 'physical', initial_balance: amount, payment_method: method, session_id: sessionId, ...(pin ? { pin } : {}) },
  });

export const useSellGiftCard = () => useMutation({ mutationFn: sellGiftCard, meta: { handlesErrors: true } });

export interface LoadCardInput {
  organizationId: string;
  sessionId: string;
  number: string;
  amount: string;
  method: TillCardMethod;
}

/** A card of the shop's that cannot take money (suspended, deactivated, expired): nothing is posted. */
export class CardNotLoadable extends Error {
  constructor(readonly card: GiftCardPublic) {
    super(`Gift card is ${card.status}`);
    this.name = 'CardNotLoadable';
  }
}

/**
 * Money onto a card by its number: a pending card (printed in a batch, sold now) is activated with
 * it, an active card is loaded. The card is read first, so the right one of the two is asked for.
 */
export async function loadGiftCard({ organizationId, sessionId, number, amount, method }: LoadCardInput): Promise<GiftCardPublic> {
  const card = await api.get<GiftCardPublic>(byNumber(organizationId, number), { organizationId });
  const money = { amount, payment_method: method, session_id: sessionId };
  if (card.status === 'pending') return api.post<GiftCardPublic>(`${cardsPath(organizationId)}/${segment(card.id)}/activate`, { organizationId, json: money });
  if (card.status === 'active') return api.post<GiftCardPublic>(`${cardsPath(organizationId)}/${segment(card.id)}/load`, { organizationId, json: money });
  throw new CardNotLoadable(card);
}

export const useLoadGiftCard = () => useMutation({ mutationFn: loadGiftCard, meta: { handlesErrors: true } });
