/**
 * Paying an invoice with a gift card (issue 16): a payment received (payments/payments.ts) whose
 * money side is the gift-card liability — Dr gift-card liability, Cr receivable — with the card's
 * versioned balance and its ledger line in the payment's one transaction (tender.ts). Revenue and
 * sales tax were the invoice's and stay so. Voiding the payment puts the money back on the card.
 *
 * The card's PIN, when it has one, is checked first (validate's rules: a wrong PIN counts towards the
 * lock-out). Two payments from one card at once: the second's card condition fails, it reads the
 * card again and is refused if the money is gone.
 */
import type * as z from 'zod';
import { maskCardNumber } from '@daftar/shared/giftcards/card-number';
import type { giftCardRedeem } from '@daftar/shared/schemas/giftCards';
import { readItem } from '../db/get-together.js';
import { GiftCard } from '../db/giftCard.js';
import { Invoice } from '../db/invoice.js';
import { systemAccount } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { recordPayment } from '../payments/payments.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { getCard, presentCard, validateCard, type CardWho } from './cards.js';
import type { IdempotencyClaim } from '../documents/posting-path.js';
import { checkTenderCard, formatAmount, parseAmount, tenderItems } from './tender.js';

const ATTEMPTS = 20;

/** The card moved between this attempt's read and its write: read it again (not retried inside the payment's posting, which cannot re-read it). */
class CardChanged extends Error {}

export async function redeemOnInvoice(organizationId: string, cardId: string, input: z.infer<typeof giftCardRedeem>, who: CardWho, claim: IdempotencyClaim | null = null) {
  const settings = await organizationSettings(organizationId);
  const amount = parseAmount(input.amount, settings.currency);
  const today = todayIn(settings.timeZone);
  const first = await getCard(organizationId, cardId);
  if (first.pin_hash) {
    const check = await validateCard(organizationId, first.card_number, input.pin, who);
    if (!check.valid) {
      const msg = check.reason === 'pin_locked' ? 'Too many wrong PINs: the card is locked for 30 minutes' : check.reason === 'pin_required' ? 'Enter the card’s PIN' : check.reason === 'pin_wrong' ? `Wrong PIN; ${check.attempts_left} tries left` : `The card cannot pay (${check.reason})`;
      throw new ValidationError([{ loc: ['body', 'pin'], msg, type: check.reason ?? 'invalid' }]);
    }
  }
  const invoice = await readItem(Invoice, { organization_id: organizationId, id: input.invoice_id });
  if (!invoice) throw new ValidationError([{ loc: ['body', 'invoice_id'], msg: 'Invoice not found', type: 'not_found' }]);
  const liability = await systemAccount(organizationId, 'gift_card_liability');
  for (let attempt = 1; ; attempt++) {
    const card = await readItem(GiftCard, { organization_id: organizationId, id: cardId });
    if (!card) throw new NotFound('Gift card not found');
    checkTenderCard({ card, spend: amount, today, loc: ['body', 'amount'] });
    try {
      const { payment } = await recordPayment(
        organizationId,
        {
          payment_type: 'received',
          payment_method: 'card',
          contact_id: invoice.contact_id,
          date: input.date ?? today,
          amount: input.amount,
          reference: `Gift card ${maskCardNumber(card.card_number)}`,
          notes: input.notes ?? null,
          account_id: null,
          allocations: [{ invoice_id: invoice.id, amount: input.amount }],
        },
        {
          audit: who.actor,
          createdBy: who.userId,
          guard: claim,
          answer: (recorded) => ({ card: presentCard({ ...card, balance: card.balance - amount, version: card.version + 1 }), payment_id: recorded.payment.id, payment_number: recorded.payment.number }),
          locate: { amount: () => ['body', 'amount'], document: () => ['body', 'invoice_id'] },
          giftCard: {
            id: card.id,
            liability,
            items: (paymentId, entryId, now) =>
              tenderItems({ card, spend: amount, reference: { type: 'payment', id: paymentId }, location_id: input.location_id ?? card.location_id, journal_entry_id: entryId, created_by: who.userId, now, today, loc: ['body', 'amount'], moved: () => new CardChanged() }),
          },
        },
      );
      return { card: presentCard(await getCard(organizationId, cardId)), payment_id: payment.id, payment_number: payment.number };
    } catch (error) {
      if (!(error instanceof CardChanged)) throw error;
      if (attempt >= ATTEMPTS) throw new Conflict('The gift card is being used at several places at once; nothing was saved, try again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 5 * attempt) * (0.5 + Math.random())));
    }
  }
}

export { formatAmount };
