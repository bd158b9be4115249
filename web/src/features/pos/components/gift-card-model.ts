/**
 * A gift card as a tender at the till (issue 16): what the pay dialog proposes from a checked card,
 * and the card's refusals in the cashier's language.
 *
 * The card's balance is the server's. The register checks the card (validate) before it proposes an
 * amount, and the sale itself is refused by the server when the money is gone meanwhile (another
 * till spent it) — so the figures here are a proposal, never the authority.
 */
import type { GiftCardStatus, GiftCardValidation } from '@daftar/shared/schemas/giftCards';
import { isValidCardNumber, normalizeCardNumber } from '@daftar/shared/giftcards/card-number';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { readerMessage } from '../../../lib/form-errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';
import { minorOf, type PaymentState } from './ticket-model';

export { isValidCardNumber };

/** "•••• 2345": the card as the payment list and the receipt name it (the full number is the holder's). */
export const cardTail = (number: string) => `•••• ${normalizeCardNumber(number).slice(-4)}`;

/**
 * A card number inside a sentence: in Arabic a left-to-right isolate, or the bullets and digit
 * groups (weak characters) are reordered around the words ("2345 ••••").
 */
export const inText = (number: string) => (currentLanguage() === 'ar' ? `\u2066${number}\u2069` : number);

/** What this sale already takes from the card, minor units (one card may pay twice: two lines typed). */
export const spentFromCard = (payments: readonly PaymentState[], cardId: string, currency: string) =>
  payments.filter((p) => p.tender === 'gift_card' && p.gift_card_id === cardId).reduce((sum, p) => sum + minorOf(p.amount, currency), 0);

/**
 * The amount proposed for a checked card: what is still due, or all the card still holds when that
 * is less (the rest is then paid another way). Minor units; 0 when the card has nothing left.
 */
export function proposedCardAmount(remaining: number, card: Pick<GiftCardValidation, 'gift_card_id' | 'balance'>, payments: readonly PaymentState[], currency: string): number {
  const left = minorOf(card.balance, currency) - spentFromCard(payments, card.gift_card_id, currency);
  return Math.max(0, Math.min(remaining, left));
}

const statusText = (t: TFunction, status: string) => t(`pos.giftCard.status.${status}`, { defaultValue: status });

/** Why a checked card cannot pay, in the reader's language; null when it can. */
export function validationProblem(v: GiftCardValidation, t: TFunction): string | null {
  switch (v.reason) {
    case null:
      return null;
    case 'not_active':
      return t('pos.giftCard.reason.not_active', { status: statusText(t, v.status) });
    case 'expired':
      return t('pos.giftCard.reason.expired', { date: v.expires_on ? formatDate(v.expires_on) : '' });
    case 'pin_wrong':
      return t('pos.giftCard.reason.pin_wrong', { count: v.attempts_left ?? 0 });
    default:
      return t(`pos.giftCard.reason.${v.reason}`);
  }
}

/** Whether the card asks for its PIN (the PIN field is shown). */
export const needsPin = (v: GiftCardValidation | null) => v?.reason === 'pin_required' || v?.reason === 'pin_wrong';

/** No answer at all (the network, not the server). */
export const unanswered = (error: unknown) => !(error instanceof ApiError);

/**
 * A server refusal about a gift card in the reader's language. The server's wording (gift-cards/
 * tender.ts, cards.ts) names the card by its masked number; it is matched here so the Arabic till
 * does not show English. Anything else goes through the shared patterns.
 */
export function cardRefusalText(error: unknown, t: TFunction, currency: string): string {
  if (unanswered(error)) return t('pos.giftCard.unreachable');
  const detail = errorMessage(error);
  const holds = /^Gift card (.+?) holds (\d+(?:\.\d+)?)$/.exec(detail);
  if (holds) return t('pos.giftCard.refused.holds', { card: inText(cardTail(holds[1]!)), amount: formatMoney(holds[2]!, currency) });
  const ended = /^Gift card (.+?) is (pending|suspended|deactivated|expired); (?:it cannot pay|refund to another tender)$/.exec(detail);
  if (ended) return t('pos.giftCard.refused.cannotPay', { card: inText(cardTail(ended[1]!)), status: statusText(t, ended[2] as GiftCardStatus) });
  const expired = /^Gift card (.+?) expired on (\d{4}-\d\d-\d\d)$/.exec(detail);
  if (expired) return t('pos.giftCard.refused.expired', { card: inText(cardTail(expired[1]!)), date: formatDate(expired[2]!) });
  if (/^No gift card has this number$|^Gift card not found$/.test(detail)) return t('pos.giftCard.notFound');
  if (/^A gift card number is 16 digits/.test(detail)) return t('pos.giftCard.badNumber');
  if (/^Idempotency-Key reused with a different request$/.test(detail)) return t('pos.giftCard.alreadySent');
  return readerMessage(detail);
}
