import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROMOTION_REASON_KEYS,
  PromotionError,
  applyPromotions,
  evaluatePromotion,
  spreadDiscount,
  type Cart,
  type CartLine,
  type Promotion,
  type PromotionEvaluation,
  type PromotionReasonKey,
  type PromotionReward,
  type PromotionRule,
} from './engine.js';

// 2025-05-07 is a Wednesday (weekday 3); Amman is UTC+3.
const WEDNESDAY_NOON = '2025-05-07T12:00:00+03:00';

function line(id: string, gross: string, extra: Partial<CartLine> = {}): CartLine {
  return { id, quantity: '1', unit_price: gross, gross, ...extra };
}

function cartOf(lines: CartLine[], extra: Partial<Cart> = {}): Cart {
  return { currency: 'JOD', lines, local_weekday: 3, local_time: '12:00', at: WEDNESDAY_NOON, ...extra };
}

function promo(id: string, reward: PromotionReward, extra: Partial<Promotion> = {}): Promotion {
  return { id, name: id, priority: 0, exclusive: false, stackable: true, status: 'active', used_total: 0, rules: [], reward, ...extra };
}

const tenPercent: PromotionReward = { type: 'percent', percent: '10' };

function eligible(result: PromotionEvaluation) {
  if (!result.eligible) throw new Error(`expected eligible, got ${result.reason_key} ${JSON.stringify(result.reason_params)}`);
  return result;
}

function promotionError(action: () => unknown): PromotionError {
  try {
    action();
  } catch (error) {
    if (error instanceof PromotionError) return error;
    throw error;
  }
  throw new Error('expected a PromotionError');
}

/** Every reason key a test observed, checked against the exported list at the end. */
const observed = new Set<PromotionReasonKey>();
function reasonOf(result: { reason_key: PromotionReasonKey; reason_params: Record<string, string> }) {
  observed.add(result.reason_key);
  return { key: result.reason_key, params: result.reason_params };
}

describe('spreadDiscount', () => {
  it('splits pro rata and gives the left-over fils to the largest remainders, ties to the earlier line', () => {
    // prepare
    const lines = [
      { id: 'a', base_minor: 1000 },
      { id: 'b', base_minor: 1000 },
      { id: 'c', base_minor: 1000 },
    ];

    // act
    const parts = spreadDiscount(1000, lines);

    // assess: 333.33 each, the one fil left goes to the first
    expect(parts).toEqual([
      { id: 'a', discount_minor: 334 },
      { id: 'b', discount_minor: 333 },
      { id: 'c', discount_minor: 333 },
    ]);
  });

  it('follows the bases: 2.000 off 3.000 and 1.000 is 1.500 and 0.500; a zero base gets nothing', () => {
    expect(spreadDiscount(2000, [{ id: 'a', base_minor: 3000 }, { id: 'b', base_minor: 0 }, { id: 'c', base_minor: 1000 }])).toEqual([
      { id: 'a', discount_minor: 1500 },
      { id: 'b', discount_minor: 0 },
      { id: 'c', discount_minor: 500 },
    ]);
  });

  it('gives whole bases exactly when the discount is all of them', () => {
    expect(spreadDiscount(7, [{ id: 'a', base_minor: 3 }, { id: 'b', base_minor: 4 }]).map((p) => p.discount_minor)).toEqual([3, 4]);
  });

  it('refuses a discount above the bases, a negative one, or a fraction of a fil', () => {
    expect(promotionError(() => spreadDiscount(11, [{ id: 'a', base_minor: 10 }])).loc).toEqual(['discount_minor']);
    expect(promotionError(() => spreadDiscount(-1, [{ id: 'a', base_minor: 10 }])).loc).toEqual(['discount_minor']);
    expect(promotionError(() => spreadDiscount(1.5, [{ id: 'a', base_minor: 10 }])).loc).toEqual(['discount_minor']);
    expect(promotionError(() => spreadDiscount(1, [{ id: 'a', base_minor: -10 }])).loc).toEqual(['lines', 0, 'base_minor']);
    expect(spreadDiscount(0, [])).toEqual([]);
  });

  it('property: the shares add up to the discount exactly and none is above its base', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bases, fraction) => {
          const total = bases.reduce((a, b) => a + b, 0);
          const discount = Math.floor(total * fraction);
          const parts = spreadDiscount(
            discount,
            bases.map((base_minor, i) => ({ id: `l${i}`, base_minor })),
          );
          expect(parts.reduce((a, p) => a + p.discount_minor, 0)).toBe(discount);
          parts.forEach((p, i) => {
            expect(p.discount_minor).toBeGreaterThanOrEqual(0);
            expect(p.discount_minor).toBeLessThanOrEqual(bases[i]!);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rewards, with worked numbers in fils', () => {
  it('percent: 3 × 1.160 at 10 % is 348 fils', () => {
    // prepare
    const cart = cartOf([line('l1', '3.480', { quantity: '3', unit_price: '1.160' })]);

    // act
    const result = eligible(evaluatePromotion(promo('p', tenPercent), cart));

    // assess
    expect(result.discount_minor).toBe(348);
    expect(result.lines).toEqual([{ line_id: 'l1', discount_minor: 348 }]);
    expect(reasonOf(result)).toEqual({ key: 'promotion.why.applied', params: { discount: '0.348' } });
  });

  it('percent: each line is rounded on its own (1.235 and 0.995 at 15 % → 185 + 149)', () => {
    const cart = cartOf([line('a', '1.235'), line('b', '0.995')]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'percent', percent: '15' }), cart));

    // 185.25 → 185 and 149.25 → 149; 15 % of the 2.230 total would have been 334.5
    expect(result.lines).toEqual([
      { line_id: 'a', discount_minor: 185 },
      { line_id: 'b', discount_minor: 149 },
    ]);
    expect(result.discount_minor).toBe(334);
  });

  it('percent: only the qualifying lines (listed product or listed category)', () => {
    const cart = cartOf([
      line('tea', '2.000', { product_id: 'tea' }),
      line('cake', '3.000', { product_id: 'cake', category_id: 'bakery' }),
      line('soap', '5.000', { product_id: 'soap', category_id: 'household' }),
    ]);
    const rules: PromotionRule[] = [{ product_ids: ['tea'], category_ids: ['bakery'] }];

    const result = eligible(evaluatePromotion(promo('p', tenPercent, { rules }), cart));

    expect(result.lines).toEqual([
      { line_id: 'tea', discount_minor: 200 },
      { line_id: 'cake', discount_minor: 300 },
    ]);
  });

  it('fixed_amount: 2.000 off 3.000 and 1.000 is spread 1.500 / 0.500', () => {
    const cart = cartOf([line('a', '3.000'), line('b', '1.000')]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'fixed_amount', amount: '2.000' }), cart));

    expect(result.discount_minor).toBe(2000);
    expect(result.lines).toEqual([
      { line_id: 'a', discount_minor: 1500 },
      { line_id: 'b', discount_minor: 500 },
    ]);
  });

  it('fixed_amount: 1.000 over three lines of 1.000 is 334 / 333 / 333', () => {
    const cart = cartOf([line('a', '1.000'), line('b', '1.000'), line('c', '1.000')]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'fixed_amount', amount: '1.000' }), cart));

    expect(result.lines.map((l) => l.discount_minor)).toEqual([334, 333, 333]);
  });

  it('fixed_amount: never more than the qualifying lines (5.000 off 3.480 gives 3.480, capped)', () => {
    const cart = cartOf([line('a', '3.480')]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'fixed_amount', amount: '5.000' }), cart));

    expect(result.discount_minor).toBe(3480);
    expect(reasonOf(result)).toEqual({ key: 'promotion.why.capped', params: { discount: '3.480', requested: '5.000' } });
  });

  it('free_item: the cheapest units of the product first (2 free: 0.750 then one unit of 1.000)', () => {
    // prepare: the coffee is not in the qualifying category, it is the gift for spending on snacks
    const cart = cartOf([
      line('chips', '6.000', { product_id: 'chips', category_id: 'snacks' }),
      line('coffee-big', '2.000', { product_id: 'coffee', quantity: '2', unit_price: '1.000' }),
      line('coffee-promo', '0.750', { product_id: 'coffee', unit_price: '0.750' }),
    ]);
    const promotion = promo('p', { type: 'free_item', product_id: 'coffee', quantity: '2' }, { rules: [{ category_ids: ['snacks'], min_subtotal: '5.000' }] });

    // act
    const result = eligible(evaluatePromotion(promotion, cart));

    // assess
    expect(result.lines).toEqual([
      { line_id: 'coffee-big', discount_minor: 1000 },
      { line_id: 'coffee-promo', discount_minor: 750 },
    ]);
    expect(result.discount_minor).toBe(1750);
  });

  it('free_item: only what is in the cart is free (3 offered, 1 bought)', () => {
    const cart = cartOf([line('c', '1.250', { product_id: 'coffee' })]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'free_item', product_id: 'coffee', quantity: '3' }), cart));

    expect(result.discount_minor).toBe(1250);
  });

  it('buy_x_get_y: buy 2 get 1 — 5 units give 1 free, 6 units give 2, the cheapest', () => {
    // prepare: A at 1.000 a unit, B at 0.500 a unit
    const b = line('B', '1.000', { quantity: '2', unit_price: '0.500' });
    const reward: PromotionReward = { type: 'buy_x_get_y', buy_quantity: '2', get_quantity: '1' };

    // act
    const five = eligible(evaluatePromotion(promo('p', reward), cartOf([line('A', '3.000', { quantity: '3', unit_price: '1.000' }), b])));
    const six = eligible(evaluatePromotion(promo('p', reward), cartOf([line('A', '4.000', { quantity: '4', unit_price: '1.000' }), b])));

    // assess
    expect(five.lines).toEqual([{ line_id: 'B', discount_minor: 500 }]);
    expect(six.lines).toEqual([{ line_id: 'B', discount_minor: 1000 }]);
  });

  it('buy_x_get_y: the get units at a percentage (buy 2 get 1 at 50 %, 6 units → 2 × 0.500 at half)', () => {
    const cart = cartOf([line('A', '4.000', { quantity: '4', unit_price: '1.000' }), line('B', '1.000', { quantity: '2', unit_price: '0.500' })]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'buy_x_get_y', buy_quantity: '2', get_quantity: '1', percent: '50' }), cart));

    expect(result.discount_minor).toBe(500);
  });

  it('buy_x_get_y: a free unit taken out of a line costs its share of that line (1 of 3 × 0.333 = 0.111)', () => {
    const cart = cartOf([line('A', '0.999', { quantity: '3', unit_price: '0.333' })]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'buy_x_get_y', buy_quantity: '2', get_quantity: '1' }), cart));

    expect(result.discount_minor).toBe(333);
  });

  it('tiered: the highest reached tier, spread pro rata (25.000 reaches 10 % → 1.500 / 1.000)', () => {
    const reward: PromotionReward = {
      type: 'tiered',
      tiers: [
        { min_subtotal: '10.000', percent: '5' },
        { min_subtotal: '20.000', percent: '10' },
        { min_quantity: '10', percent: '7' },
      ],
    };

    const result = eligible(evaluatePromotion(promo('p', reward), cartOf([line('a', '15.000'), line('b', '10.000')])));
    const byQuantity = eligible(evaluatePromotion(promo('p', reward), cartOf([line('a', '12.000', { quantity: '12', unit_price: '1.000' })])));
    const short = evaluatePromotion(promo('p', reward), cartOf([line('a', '9.000', { quantity: '2', unit_price: '4.500' })]));

    expect(result.lines).toEqual([
      { line_id: 'a', discount_minor: 1500 },
      { line_id: 'b', discount_minor: 1000 },
    ]);
    // 12.000 reaches 5 % (amount) and 7 % (quantity): 7 % wins → 0.840
    expect(byQuantity.discount_minor).toBe(840);
    expect(short.eligible).toBe(false);
    expect(reasonOf(short)).toEqual({ key: 'promotion.why.min_subtotal', params: { required: '10.000', actual: '9.000' } });
  });

  it('tiered: the total is rounded once and spread so the lines add up (10 % of 3 × 0.333 → 34 / 33 / 33)', () => {
    const cart = cartOf([line('a', '0.333'), line('b', '0.333'), line('c', '0.333')]);

    const result = eligible(evaluatePromotion(promo('p', { type: 'tiered', tiers: [{ min_quantity: '1', percent: '10' }] }), cart));

    // 99.9 → 100, spread 33.33 each with the fil left to the first line
    expect(result.discount_minor).toBe(100);
    expect(result.lines.map((l) => l.discount_minor)).toEqual([34, 33, 33]);
  });
});

describe('why a promotion does not apply', () => {
  const basket = () => cartOf([line('a', '7.500', { product_id: 'tea', category_id: 'drinks', quantity: '2', unit_price: '3.750' })], { customer_id: 'c1', location_id: 'shop-1' });

  const cases: { name: string; promotion: Promotion; cart?: Cart; key: PromotionReasonKey; params: Record<string, string> }[] = [
    { name: 'a paused promotion', promotion: promo('p', tenPercent, { status: 'paused' }), key: 'promotion.why.not_active', params: { status: 'paused' } },
    { name: 'a draft', promotion: promo('p', tenPercent, { status: 'draft' }), key: 'promotion.why.not_active', params: { status: 'draft' } },
    {
      name: 'before its start',
      promotion: promo('p', tenPercent, { rules: [{ starts_at: '2025-05-07T12:00:01+03:00' }] }),
      key: 'promotion.why.before_start',
      params: { starts_at: '2025-05-07T12:00:01+03:00' },
    },
    {
      name: 'at its end (the end is exclusive)',
      promotion: promo('p', tenPercent, { rules: [{ ends_at: '2025-05-07T09:00:00Z' }] }),
      key: 'promotion.why.expired',
      params: { ends_at: '2025-05-07T09:00:00Z' },
    },
    { name: 'on another day', promotion: promo('p', tenPercent, { rules: [{ days_of_week: [6, 5] }] }), key: 'promotion.why.wrong_day', params: { weekday: '3', days: '5,6' } },
    {
      name: 'outside its hours',
      promotion: promo('p', tenPercent, { rules: [{ time_from: '16:00', time_to: '19:00' }] }),
      key: 'promotion.why.outside_hours',
      params: { time: '12:00', time_from: '16:00', time_to: '19:00' },
    },
    { name: 'another customer', promotion: promo('p', tenPercent, { rules: [{ customer_ids: ['c2'] }] }), key: 'promotion.why.customer_not_included', params: { customer_id: 'c1' } },
    {
      name: 'an anonymous sale for a customers-only offer',
      promotion: promo('p', tenPercent, { rules: [{ customer_ids: ['c2'] }] }),
      cart: cartOf([line('a', '7.500')]),
      key: 'promotion.why.customer_not_included',
      params: {},
    },
    { name: 'another shop', promotion: promo('p', tenPercent, { rules: [{ location_ids: ['shop-2'] }] }), key: 'promotion.why.location_not_included', params: { location_id: 'shop-1' } },
    { name: 'nothing from the list', promotion: promo('p', tenPercent, { rules: [{ category_ids: ['bakery'] }] }), key: 'promotion.why.no_qualifying_lines', params: {} },
    {
      name: 'only returned goods',
      promotion: promo('p', tenPercent),
      cart: cartOf([line('r', '-2.000', { quantity: '-1' })]),
      key: 'promotion.why.no_qualifying_lines',
      params: {},
    },
    { name: 'too few units', promotion: promo('p', tenPercent, { rules: [{ min_quantity: '2.5' }] }), key: 'promotion.why.min_quantity', params: { required: '2.5', actual: '2' } },
    { name: 'too small a basket', promotion: promo('p', tenPercent, { rules: [{ min_subtotal: '10' }] }), key: 'promotion.why.min_subtotal', params: { required: '10.000', actual: '7.500' } },
    {
      name: 'the total limit used up',
      promotion: promo('p', tenPercent, { usage_limit_total: 100, used_total: 100 }),
      key: 'promotion.why.usage_limit_reached',
      params: { limit: '100', used: '100' },
    },
    {
      name: 'the customer used it already',
      promotion: promo('p', tenPercent, { usage_limit_per_customer: 1, used_by_customer: 1 }),
      key: 'promotion.why.customer_limit_reached',
      params: { limit: '1', used: '1' },
    },
    {
      name: 'a once-per-customer offer on an anonymous sale',
      promotion: promo('p', tenPercent, { usage_limit_per_customer: 1 }),
      cart: cartOf([line('a', '7.500')]),
      key: 'promotion.why.customer_required',
      params: {},
    },
    { name: 'the gift is not in the cart', promotion: promo('p', { type: 'free_item', product_id: 'cake', quantity: '1' }), key: 'promotion.why.item_not_in_cart', params: { product_id: 'cake' } },
    {
      name: 'not enough units for buy 2 get 1',
      promotion: promo('p', { type: 'buy_x_get_y', buy_quantity: '2', get_quantity: '1' }),
      key: 'promotion.why.min_quantity',
      params: { required: '3', actual: '2' },
    },
    {
      name: 'no quantity tier reached',
      promotion: promo('p', { type: 'tiered', tiers: [{ min_quantity: '6', percent: '10' }, { min_quantity: '4', percent: '5' }] }),
      key: 'promotion.why.min_quantity',
      params: { required: '4', actual: '2' },
    },
    { name: 'a discount that comes to nothing', promotion: promo('p', { type: 'percent', percent: '0' }), key: 'promotion.why.nothing_to_discount', params: {} },
  ];

  for (const c of cases) {
    it(`says why: ${c.name}`, () => {
      // act
      const result = evaluatePromotion(c.promotion, c.cart ?? basket());

      // assess
      expect(result.eligible).toBe(false);
      expect(reasonOf(result)).toEqual({ key: c.key, params: c.params });
    });
  }

  it('applies right at its start, and with the customer under the limits', () => {
    const promotion = promo('p', tenPercent, {
      usage_limit_total: 100,
      used_total: 99,
      usage_limit_per_customer: 2,
      used_by_customer: 1,
      rules: [{ starts_at: '2025-05-07T09:00:00Z', ends_at: '2025-05-07T12:00:01+03:00', customer_ids: ['c1'], location_ids: ['shop-1'], min_subtotal: '7.500', min_quantity: '2' }],
    });

    expect(eligible(evaluatePromotion(promotion, basket())).discount_minor).toBe(750);
  });

  it('reports the first failing check of a rule (the day before the amount)', () => {
    const promotion = promo('p', tenPercent, { rules: [{ days_of_week: [5], min_subtotal: '100.000' }] });

    expect(evaluatePromotion(promotion, basket()).reason_key).toBe('promotion.why.wrong_day');
  });

  it('with several rules, reports the rule that came closest to holding', () => {
    const promotion = promo('p', tenPercent, { rules: [{ days_of_week: [5] }, { min_subtotal: '10.000' }, { location_ids: ['shop-2'] }] });

    const result = evaluatePromotion(promotion, basket());

    expect(reasonOf(result)).toEqual({ key: 'promotion.why.min_subtotal', params: { required: '10.000', actual: '7.500' } });
  });

  it('checks the promotion (status, limits) before its rules', () => {
    const promotion = promo('p', tenPercent, { status: 'ended', usage_limit_total: 1, used_total: 1, rules: [{ days_of_week: [5] }] });

    expect(evaluatePromotion(promotion, basket()).reason_key).toBe('promotion.why.not_active');
    expect(evaluatePromotion({ ...promotion, status: 'active' }, basket()).reason_key).toBe('promotion.why.usage_limit_reached');
  });

  it('applies when any rule holds, to the lines of every rule that holds', () => {
    const cart = cartOf([
      line('tea', '2.000', { product_id: 'tea' }),
      line('cake', '3.000', { category_id: 'bakery' }),
      line('soap', '5.000', { category_id: 'household' }),
    ]);
    const promotion = promo('p', tenPercent, {
      rules: [{ product_ids: ['tea'] }, { category_ids: ['bakery'] }, { category_ids: ['household'], min_subtotal: '50.000' }],
    });

    const result = eligible(evaluatePromotion(promotion, cart));

    expect(result.lines.map((l) => l.line_id)).toEqual(['tea', 'cake']);
    expect(result.discount_minor).toBe(500);
  });

  it('treats an empty list as no restriction', () => {
    const promotion = promo('p', tenPercent, { rules: [{ product_ids: [], customer_ids: [], days_of_week: [] }] });

    expect(eligible(evaluatePromotion(promotion, basket())).discount_minor).toBe(750);
  });
});

describe('day and time windows', () => {
  // Friday night 22:00 → 02:00: the hours after midnight belong to Friday.
  const fridayNight = promo('p', tenPercent, { rules: [{ days_of_week: [5], time_from: '22:00', time_to: '02:00' }] });
  const at = (weekday: number, time: string) => evaluatePromotion(fridayNight, cartOf([line('a', '1.000')], { local_weekday: weekday, local_time: time }));

  it('holds on Friday from 22:00 and on into Saturday until 02:00', () => {
    expect(at(5, '22:00').eligible).toBe(true);
    expect(at(5, '23:59').eligible).toBe(true);
    expect(at(6, '00:00').eligible).toBe(true);
    expect(at(6, '01:59').eligible).toBe(true);
  });

  it('does not hold on Friday evening before 22:00 nor on Friday at 01:00 (that night opened on Thursday)', () => {
    expect(reasonOf(at(5, '21:59'))).toEqual({ key: 'promotion.why.outside_hours', params: { time: '21:59', time_from: '22:00', time_to: '02:00' } });
    expect(reasonOf(at(5, '01:00'))).toEqual({ key: 'promotion.why.wrong_day', params: { weekday: '4', days: '5' } });
  });

  it('does not hold on Saturday night nor once the window has closed', () => {
    expect(reasonOf(at(6, '23:00'))).toEqual({ key: 'promotion.why.wrong_day', params: { weekday: '6', days: '5' } });
    // 02:00 is the end (exclusive): Saturday's own day, which is not listed
    expect(at(6, '02:00').eligible).toBe(false);
  });

  it('without days, a window crossing midnight holds every night', () => {
    const night = promo('p', tenPercent, { rules: [{ time_from: '22:00', time_to: '02:00' }] });
    const when = (time: string) => evaluatePromotion(night, cartOf([line('a', '1.000')], { local_time: time })).eligible;

    expect([when('21:59'), when('22:00'), when('01:00'), when('02:00'), when('12:00')]).toEqual([false, true, true, false, false]);
  });

  it('a window with only a start or only an end', () => {
    const fromFive = promo('p', tenPercent, { rules: [{ time_from: '17:00' }] });
    const untilTen = promo('p', tenPercent, { rules: [{ time_to: '10:00' }] });
    const when = (p: Promotion, time: string) => evaluatePromotion(p, cartOf([line('a', '1.000')], { local_time: time })).eligible;

    expect([when(fromFive, '16:59'), when(fromFive, '17:00'), when(fromFive, '23:59')]).toEqual([false, true, true]);
    expect([when(untilTen, '00:00'), when(untilTen, '09:59'), when(untilTen, '10:00')]).toEqual([true, true, false]);
  });
});

describe('applyPromotions', () => {
  const tenDinars = () => cartOf([line('a', '6.000'), line('b', '4.000')]);

  it('an exclusive promotion that applies first stops all others', () => {
    const promotions = [
      promo('stack', tenPercent, { priority: 5 }),
      promo('excl', { type: 'percent', percent: '20' }, { priority: 10, exclusive: true }),
      promo('single', { type: 'fixed_amount', amount: '1.000' }, { priority: 1, stackable: false }),
      promo('off', tenPercent, { priority: 3, status: 'paused' }),
    ];

    const result = applyPromotions(promotions, tenDinars());

    expect(result.applied.map((a) => [a.promotion_id, a.discount_minor])).toEqual([['excl', 2000]]);
    expect(result.skipped.map((s) => [s.promotion_id, reasonOf(s)])).toEqual([
      ['stack', { key: 'promotion.why.excluded_by', params: { promotion_id: 'excl' } }],
      ['off', { key: 'promotion.why.not_active', params: { status: 'paused' } }],
      ['single', { key: 'promotion.why.excluded_by', params: { promotion_id: 'excl' } }],
    ]);
    expect(result.line_discounts).toEqual({ a: 1200, b: 800 });
  });

  it('an exclusive promotion behind another eligible one cannot combine and is skipped', () => {
    const promotions = [promo('excl', { type: 'percent', percent: '50' }, { priority: 1, exclusive: true }), promo('stack', tenPercent, { priority: 5 })];

    const result = applyPromotions(promotions, tenDinars());

    expect(result.applied.map((a) => a.promotion_id)).toEqual(['stack']);
    expect(reasonOf(result.skipped[0]!)).toEqual({ key: 'promotion.why.cannot_combine', params: { promotion_id: 'stack' } });
  });

  it('an exclusive promotion that does not apply blocks nothing', () => {
    const promotions = [promo('excl', tenPercent, { priority: 10, exclusive: true, rules: [{ min_subtotal: '100.000' }] }), promo('stack', tenPercent)];

    const result = applyPromotions(promotions, tenDinars());

    expect(result.applied.map((a) => a.promotion_id)).toEqual(['stack']);
    expect(result.skipped.map((s) => s.reason_key)).toEqual(['promotion.why.min_subtotal']);
  });

  it('stackable promotions add up, each on what the earlier left (10 % then 10 % of 10.000 → 1.000 + 0.900)', () => {
    const result = applyPromotions([promo('second', tenPercent, { priority: 1 }), promo('first', tenPercent, { priority: 2 })], tenDinars());

    expect(result.applied.map((a) => [a.promotion_id, a.discount_minor])).toEqual([
      ['first', 1000],
      ['second', 900],
    ]);
    expect(result.line_discounts).toEqual({ a: 1140, b: 760 });
  });

  it('of the non-stackable promotions only the best applies; stackable ones still add', () => {
    // prepare: 5 % (0.500) at high priority loses to 2.000 off at low priority
    const promotions = [
      promo('five-percent', { type: 'percent', percent: '5' }, { priority: 10, stackable: false }),
      promo('two-off', { type: 'fixed_amount', amount: '2.000' }, { priority: 1, stackable: false }),
      promo('ten-stack', tenPercent, { priority: 5 }),
    ];

    // act
    const result = applyPromotions(promotions, tenDinars());

    // assess: ten-stack on 10.000 → 1.000, then two-off on the 9.000 left → 2.000
    expect(result.applied.map((a) => [a.promotion_id, a.discount_minor])).toEqual([
      ['ten-stack', 1000],
      ['two-off', 2000],
    ]);
    expect(result.skipped.map((s) => [s.promotion_id, reasonOf(s)])).toEqual([['five-percent', { key: 'promotion.why.better_promotion', params: { promotion_id: 'two-off' } }]]);
    expect(Object.values(result.line_discounts).reduce((a, b) => a + b, 0)).toBe(3000);
  });

  it('between equal non-stackable discounts, the higher priority keeps its place', () => {
    const promotions = [promo('low', tenPercent, { priority: 1, stackable: false }), promo('high', tenPercent, { priority: 2, stackable: false })];

    const result = applyPromotions(promotions, tenDinars());

    expect(result.applied.map((a) => a.promotion_id)).toEqual(['high']);
  });

  it('a fixed amount is capped at what earlier promotions left, and nothing left means skipped', () => {
    // prepare: half off 3.000 leaves 1.500; 5.000 off is capped there; a last 10 % finds nothing left
    const cart = cartOf([line('a', '3.000')]);
    const promotions = [
      promo('half', { type: 'percent', percent: '50' }, { priority: 3 }),
      promo('five-off', { type: 'fixed_amount', amount: '5.000' }, { priority: 2 }),
      promo('ten', tenPercent, { priority: 1 }),
    ];

    // act
    const result = applyPromotions(promotions, cart);

    // assess
    expect(result.applied.map((a) => [a.promotion_id, a.discount_minor, reasonOf(a)])).toEqual([
      ['half', 1500, { key: 'promotion.why.applied', params: { discount: '1.500' } }],
      ['five-off', 1500, { key: 'promotion.why.capped', params: { discount: '1.500', requested: '5.000' } }],
    ]);
    expect(result.skipped.map((s) => [s.promotion_id, s.reason_key])).toEqual([['ten', 'promotion.why.nothing_to_discount']]);
    expect(result.line_discounts).toEqual({ a: 3000 });
  });

  it('conditions are read on the cart before any promotion (a minimum still met after an earlier discount)', () => {
    const promotions = [promo('half', { type: 'percent', percent: '50' }, { priority: 2 }), promo('over-ten', tenPercent, { priority: 1, rules: [{ min_subtotal: '10.000' }] })];

    const result = applyPromotions(promotions, tenDinars());

    expect(result.applied.map((a) => [a.promotion_id, a.discount_minor])).toEqual([
      ['half', 5000],
      ['over-ten', 500],
    ]);
  });

  it('enforces the usage limits in the combined run too', () => {
    const promotions = [
      promo('used-up', tenPercent, { usage_limit_total: 10, used_total: 10 }),
      promo('once-each', tenPercent, { usage_limit_per_customer: 1, used_by_customer: 1 }),
      promo('twice-each', tenPercent, { usage_limit_per_customer: 2, used_by_customer: 1 }),
    ];

    const result = applyPromotions(promotions, { ...tenDinars(), customer_id: 'c1' });

    expect(result.applied.map((a) => a.promotion_id)).toEqual(['twice-each']);
    expect(result.skipped.map((s) => [s.promotion_id, s.reason_key])).toEqual([
      ['once-each', 'promotion.why.customer_limit_reached'],
      ['used-up', 'promotion.why.usage_limit_reached'],
    ]);
  });

  it('refuses two promotions with one id and points at the bad field of a promotion by its index', () => {
    expect(promotionError(() => applyPromotions([promo('x', tenPercent), promo('x', tenPercent)], tenDinars())).loc).toEqual([1, 'id']);
    expect(promotionError(() => applyPromotions([promo('x', tenPercent), promo('y', { type: 'percent', percent: '150' })], tenDinars())).loc).toEqual([1, 'reward', 'percent']);
    expect(promotionError(() => applyPromotions([promo('x', tenPercent, { rules: [{}, { starts_at: '2025-05-01T00:00:00' }] })], tenDinars())).loc).toEqual([
      0,
      'rules',
      1,
      'starts_at',
    ]);
  });
});

describe('input errors', () => {
  it('refuses a cart it cannot read, pointing at the field', () => {
    const cart = cartOf([line('a', '1.000')]);

    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), { ...cart, currency: 'XYZ' })).loc).toEqual(['currency']);
    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), { ...cart, local_time: '9:00' })).loc).toEqual(['local_time']);
    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), { ...cart, local_weekday: 7 })).loc).toEqual(['local_weekday']);
    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), { ...cart, at: '2025-05-07 12:00' })).loc).toEqual(['at']);
    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), cartOf([line('a', '1.0005')]))).loc).toEqual(['lines', 0, 'gross']);
    expect(promotionError(() => evaluatePromotion(promo('p', tenPercent), cartOf([line('a', '1.000'), line('a', '2.000')]))).loc).toEqual(['lines', 1, 'id']);
  });

  it('refuses a promotion it cannot read, pointing at the field', () => {
    const cart = cartOf([line('a', '1.000')]);
    const loc = (p: Promotion) => promotionError(() => evaluatePromotion(p, cart)).loc;

    expect(loc(promo('p', { type: 'fixed_amount', amount: '-1.000' }))).toEqual(['reward', 'amount']);
    expect(loc(promo('p', { type: 'buy_x_get_y', buy_quantity: '0', get_quantity: '1' }))).toEqual(['reward', 'buy_quantity']);
    expect(loc(promo('p', { type: 'tiered', tiers: [] }))).toEqual(['reward', 'tiers']);
    expect(loc(promo('p', tenPercent, { rules: [{ time_from: '22:00', time_to: '22:00' }] }))).toEqual(['rules', 0, 'time_to']);
    expect(loc(promo('p', tenPercent, { rules: [{ days_of_week: [7] }] }))).toEqual(['rules', 0, 'days_of_week', 0]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const PRODUCTS = ['p1', 'p2', 'p3'] as const;

const cartArb = fc
  .array(
    fc.record({
      product: fc.constantFrom(...PRODUCTS),
      units: fc.integer({ min: 1, max: 6 }),
      halves: fc.boolean(),
      gross: fc.integer({ min: 1, max: 60_000 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((lines) =>
    cartOf(
      lines.map((l, i) => {
        const gross = (l.gross / 1000).toFixed(3);
        return line(`l${i}`, gross, { product_id: l.product, category_id: l.product === 'p3' ? 'c2' : 'c1', quantity: l.halves ? `${l.units}.5` : String(l.units) });
      }),
      { customer_id: 'c1' },
    ),
  );

const rewardArb: fc.Arbitrary<PromotionReward> = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((p) => ({ type: 'percent' as const, percent: String(p) })),
  fc.integer({ min: 1, max: 80_000 }).map((a) => ({ type: 'fixed_amount' as const, amount: (a / 1000).toFixed(3) })),
  fc.record({ product_id: fc.constantFrom(...PRODUCTS), quantity: fc.integer({ min: 1, max: 4 }) }).map((r) => ({ type: 'free_item' as const, product_id: r.product_id, quantity: String(r.quantity) })),
  fc
    .record({ buy: fc.integer({ min: 1, max: 3 }), get: fc.integer({ min: 1, max: 2 }), percent: fc.constantFrom(undefined, '50', '100') })
    .map((r) => ({ type: 'buy_x_get_y' as const, buy_quantity: String(r.buy), get_quantity: String(r.get), ...(r.percent ? { percent: r.percent } : {}) })),
  fc
    .array(
      fc.oneof(
        fc.record({ min: fc.integer({ min: 0, max: 50 }), percent: fc.integer({ min: 1, max: 40 }) }).map((t) => ({ min_subtotal: `${t.min}.000`, percent: String(t.percent) })),
        fc.record({ min: fc.integer({ min: 0, max: 10 }), percent: fc.integer({ min: 1, max: 40 }) }).map((t) => ({ min_quantity: String(t.min), percent: String(t.percent) })),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((tiers) => ({ type: 'tiered' as const, tiers })),
);

const ruleArb: fc.Arbitrary<PromotionRule> = fc.record(
  {
    product_ids: fc.subarray([...PRODUCTS], { minLength: 1 }),
    category_ids: fc.constantFrom(['c1'], ['c2']),
    min_subtotal: fc.integer({ min: 0, max: 40 }).map((n) => `${n}.000`),
    days_of_week: fc.constantFrom([3], [5], [0, 3, 6]),
  },
  { requiredKeys: [] },
);

const promotionsArb = fc
  .array(
    fc.record({
      priority: fc.integer({ min: 0, max: 3 }),
      exclusive: fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) }),
      stackable: fc.boolean(),
      status: fc.constantFrom('active', 'active', 'active', 'paused') as fc.Arbitrary<Promotion['status']>,
      rules: fc.array(ruleArb, { maxLength: 2 }),
      reward: rewardArb,
    }),
    { maxLength: 6 },
  )
  .map((list) => list.map((p, i): Promotion => ({ ...p, id: `promo-${i}`, name: `Promotion ${i}`, used_total: 0 })));

const grossOf = (cart: Cart) => cart.lines.reduce((acc, l) => acc + Math.round(Number(l.gross) * 1000), 0);

describe('properties', () => {
  it('the total discount never exceeds the cart gross, nor any line its gross, and the parts agree', () => {
    fc.assert(
      fc.property(promotionsArb, cartArb, (promotions, cart) => {
        const result = applyPromotions(promotions, cart);

        const applied = result.applied.reduce((acc, a) => acc + a.discount_minor, 0);
        const byLine = Object.values(result.line_discounts).reduce((acc, d) => acc + d, 0);
        expect(byLine).toBe(applied);
        expect(applied).toBeLessThanOrEqual(grossOf(cart));
        for (const l of cart.lines) expect(result.line_discounts[l.id] ?? 0).toBeLessThanOrEqual(Math.round(Number(l.gross) * 1000));
        for (const a of result.applied) expect(a.lines.reduce((acc, l) => acc + l.discount_minor, 0)).toBe(a.discount_minor);
        expect(result.applied.length + result.skipped.length).toBe(promotions.length);
      }),
      { numRuns: 300 },
    );
  });

  it('the result does not depend on the order the promotions are given in', () => {
    fc.assert(
      fc.property(
        promotionsArb.chain((promotions) => fc.tuple(fc.constant(promotions), fc.shuffledSubarray(promotions, { minLength: promotions.length, maxLength: promotions.length }))),
        cartArb,
        ([promotions, shuffled], cart) => {
          expect(applyPromotions(shuffled, cart)).toEqual(applyPromotions(promotions, cart));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('reason keys', () => {
  it('every reason the engine gave above is in PROMOTION_REASON_KEYS, and every listed key was seen', () => {
    // Runs last in this file: `observed` was filled by the tests above.
    for (const key of observed) expect(PROMOTION_REASON_KEYS).toContain(key);
    expect([...observed].sort()).toEqual([...PROMOTION_REASON_KEYS].sort());
  });
});
