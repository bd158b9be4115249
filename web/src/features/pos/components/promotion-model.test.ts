import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { toEnginePromotion } from '../api/get-promotions';
import { toCatalogueItem } from '../offline/catalogue';
import { isRetryable } from '../offline/outbox';
import { product, promotion, tax } from '../testing/fixtures';
import { promotionReason, promotionsChanged, refusedPromotionIds } from './promotion-model';
import { computeTicket, discountAllowed, localMoment, manualDiscount, promotionContext, saleBody, type TicketLineState } from './ticket-model';

const t = i18n.t.bind(i18n);
const refusal = (status: number, detail: unknown) => new ApiError(status, 'Error', { detail });
const CHANGED = 'The promotions changed since the register applied them (10% off rice: The promotion has ended); apply them again';

const rice = toCatalogueItem(product());
const line = (over: Partial<TicketLineState> = {}): TicketLineState => ({ id: 'l1', item: rice, quantity: '1', unit_price: '7.250', discount: null, ...over });
/** Thursday 26 November 2026, 10:15 in Amman. */
const at = new Date('2026-11-26T07:15:00Z');
const offers = (list = [promotion()]) => ({ promotions: list.map(toEnginePromotion), context: promotionContext(at, 'Asia/Amman', 'main', null) });

describe('promotions on the ticket', () => {
  it('reads the shop’s weekday and time in its own time zone, as the server does', () => {
    expect(localMoment(at, 'Asia/Amman')).toEqual({ local_weekday: 4, local_time: '10:15' });
    // 23:30 UTC on Thursday is already Friday 02:30 in Amman.
    expect(localMoment(new Date('2026-11-26T23:30:00Z'), 'Asia/Amman')).toEqual({ local_weekday: 5, local_time: '02:30' });
  });

  it('gives each line its promotion share, keeps the cashier’s discount apart, and the sale body carries both', () => {
    const ticket = computeTicket([line({ discount: { type: 'percent', percent: 10 } })], [tax()], 'JOD', offers());
    // 7.250 less the cashier's 10% (0.725) is 6.525; the promotion takes 10% of that: 0.653 (half away from zero).
    const [only] = ticket.lines;
    expect(manualDiscount(only!)).toBe(725);
    expect(only!.promotion_discount).toBe(653);
    expect(ticket.totals.gross).toBe(7250 - 725 - 653);
    // The cashier's 10% is within a 10% limit: the promotion is not counted against it.
    expect(discountAllowed(only!, 10)).toBe(true);
    const body = saleBody({ id: 's', terminal_id: 't', session_id: 'x', sequence: 1, occurred_at: '2026-11-26T10:15:00+03:00', offline: false }, ticket, null, [{ id: 'p', tender: 'cash', amount: '10.000' }]);
    expect(body.lines[0]).toMatchObject({ discount: { type: 'percent', percent: 10 }, promotion_discount: '0.653' });
    expect(body.promotions).toEqual([{ promotion_id: 'promo-rice', discount: '0.653' }]);
  });

  it('applies nothing the rules exclude: another location, a null condition as an absent one', () => {
    const elsewhere = promotion({ rules: [{ id: 'r', promotion_id: 'promo-rice', product_ids: ['prod-1'], location_ids: ['branch-2'] }] });
    expect(computeTicket([line()], [tax()], 'JOD', offers([elsewhere])).promotions).toEqual([]);
    const nulls = promotion({ rules: [{ id: 'r', promotion_id: 'promo-rice', product_ids: ['prod-1'], min_quantity: null as never, days_of_week: null as never }] });
    expect(computeTicket([line()], [tax()], 'JOD', offers([nulls])).promotions).toHaveLength(1);
  });
});

describe('the server’s refusal of changed promotions', () => {
  it('is told apart from the idempotency guard’s 409, and the outbox does not wait on it for ever', () => {
    expect(promotionsChanged(refusal(409, CHANGED))).toBe(true);
    expect(promotionsChanged(refusal(409, 'A request with this Idempotency-Key is still in progress'))).toBe(false);
    expect(isRetryable(refusal(409, CHANGED))).toBe(false);
    expect(isRetryable(refusal(409, 'A request with this Idempotency-Key is still in progress'))).toBe(true);
  });

  it('names the claimed promotions the server skipped', () => {
    const names = new Map([
      ['promo-rice', { name: '10% off rice', name_ar: null }],
      ['promo-oil', { name: 'Oil week', name_ar: null }],
    ]);
    expect(refusedPromotionIds(refusal(409, CHANGED), ['promo-rice', 'promo-oil'], names)).toEqual(['promo-rice']);
    expect(refusedPromotionIds(refusal(409, 'The promotions changed since the register applied them; apply them again'), ['promo-rice'], names)).toEqual([]);
  });

  it('words the reasons with money as the screens show it', () => {
    expect(promotionReason(t, { reason_key: 'promotion.why.capped', reason_params: { discount: '2.000', requested: '5.000' } }, 'JOD')).toMatch(
      /^Applied automatically: JOD\s2\.000 off \(the offer is JOD\s5\.000, more than the items come to\)$/,
    );
    const names = new Map([['promo-oil', { name: 'Oil week', name_ar: 'أسبوع الزيت' }]]);
    expect(promotionReason(t, { reason_key: 'promotion.why.better_promotion', reason_params: { promotion_id: 'promo-oil' } }, 'JOD', names)).toBe('Oil week gives more and applies instead');
  });
});

describe('promotion reasons in Arabic', () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('has every reason the engine gives in Arabic words', async () => {
    const { PROMOTION_REASON_KEYS } = await import('@daftar/shared/promotions/engine');
    const names = new Map([['promo-oil', { name: 'Oil week', name_ar: 'أسبوع الزيت' }]]);
    for (const key of PROMOTION_REASON_KEYS) {
      const text = promotionReason(t, { reason_key: key, reason_params: { discount: '1.000', requested: '2.000', required: '3', actual: '1', promotion_id: 'promo-oil' } }, 'JOD', names);
      expect(text, key).not.toBe('');
      expect(text, key).not.toMatch(/[A-Za-z]/);
    }
  });
});
