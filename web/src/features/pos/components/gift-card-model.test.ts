import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { cardRefusalText, cardTail, proposedCardAmount, spentFromCard } from './gift-card-model';
import { saleBody, type PaymentState } from './ticket-model';

const card = { gift_card_id: 'gc-1', balance: '5.000' };
const t = i18n.t.bind(i18n);
const refusal = (status: number, detail: unknown) => new ApiError(status, 'Error', { detail });

describe('a gift card as a tender', () => {
  it('proposes what is due, or all the card still holds when that is less (what this sale already took counts)', () => {
    expect(proposedCardAmount(7250, card, [], 'JOD')).toBe(5000);
    expect(proposedCardAmount(3000, card, [], 'JOD')).toBe(3000);
    const taken: PaymentState[] = [{ id: 'p1', tender: 'gift_card', amount: '4.000', gift_card_id: 'gc-1' }];
    expect(spentFromCard(taken, 'gc-1', 'JOD')).toBe(4000);
    expect(proposedCardAmount(3000, card, taken, 'JOD')).toBe(1000);
    // Another card's payment is not this card's.
    expect(proposedCardAmount(3000, { ...card, gift_card_id: 'gc-2' }, taken, 'JOD')).toBe(3000);
  });

  it('never proposes more than is due or than the card holds, nor less than nothing', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (remaining, balance, spent) => {
        const payments: PaymentState[] = spent ? [{ id: 'p', tender: 'gift_card', amount: (spent / 1000).toFixed(3), gift_card_id: 'gc-1' }] : [];
        const proposed = proposedCardAmount(remaining, { gift_card_id: 'gc-1', balance: (balance / 1000).toFixed(3) }, payments, 'JOD');
        expect(proposed).toBeGreaterThanOrEqual(0);
        expect(proposed).toBeLessThanOrEqual(remaining);
        expect(proposed).toBeLessThanOrEqual(Math.max(0, balance - spent));
        expect(proposed === remaining || proposed === Math.max(0, balance - spent)).toBe(true);
      }),
    );
  });

  it('names the card only on a gift-card payment of the sale body', () => {
    const body = saleBody(
      { id: 's', terminal_id: 't', session_id: 'x', sequence: 1, occurred_at: '2026-11-26T10:15:00+03:00', offline: false },
      { currency: 'JOD', lines: [], totals: { subtotal: 0, discount: 0, net: 0, tax: 0, gross: 0 } as never, promotions: [], valid: true },
      null,
      [
        { id: 'a', tender: 'gift_card', amount: '5.000', gift_card_id: 'gc-1', card_number: '9123456789012348' },
        { id: 'b', tender: 'cash', amount: '2.250', gift_card_id: 'stale', card_number: null },
      ],
    );
    expect(body.payments).toEqual([
      { id: 'a', tender: 'gift_card', amount: '5.000', gift_card_id: 'gc-1' },
      { id: 'b', tender: 'cash', amount: '2.250' },
    ]);
  });

  it('says the server refusals of a card in the cashier’s words', () => {
    expect(cardTail('9123 4567 8901 2348')).toBe('•••• 2348');
    expect(cardRefusalText(refusal(422, [{ loc: ['body', 'payments', 0], msg: 'Gift card •••• •••• •••• 2348 holds 1.000', type: 'insufficient_balance' }]), t, 'JOD')).toMatch(
      /^Gift card •••• 2348 holds only JOD\s1\.000; /,
    );
    expect(cardRefusalText(refusal(409, 'Gift card •••• •••• •••• 2348 is suspended; it cannot pay'), t, 'JOD')).toBe('Gift card •••• 2348 is suspended; it cannot pay.');
    expect(cardRefusalText(refusal(404, 'No gift card has this number'), t, 'JOD')).toBe('No gift card has this number.');
    expect(cardRefusalText(new TypeError('Failed to fetch'), t, 'JOD')).toBe('The server could not be reached; check the card again or take another tender.');
  });
});

describe('a gift card as a tender in Arabic', () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('keeps the masked number readable inside the Arabic sentence', () => {
    const text = cardRefusalText(refusal(409, 'Gift card •••• •••• •••• 2348 is deactivated; it cannot pay'), t, 'JOD');
    expect(text).toBe('بطاقة الهدايا \u2066•••• 2348\u2069 ملغاة؛ لا يمكن الدفع بها.');
    expect(text).not.toMatch(/[A-Za-z]/);
  });
});
