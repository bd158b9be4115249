import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LoyaltyError,
  checkLoyaltyTerms,
  consumeLots,
  deferredRevenue,
  earningSpend,
  expireLots,
  lotExpiry,
  pointsAvailable,
  pointsEarned,
  pointsForValue,
  redeemValue,
  releaseOnRedemption,
  returnAdjustment,
  tierFor,
  type LoyaltyProgramTerms,
  type PointLot,
} from './points.js';

const terms = (overrides: Partial<LoyaltyProgramTerms> = {}): LoyaltyProgramTerms => ({
  points_per_unit: '1',
  rounding: 'down',
  minimum_spend: '0',
  point_value: '0.010',
  ...overrides,
});

const tiered = terms({
  tiers: [
    { name: 'Gold', min_lifetime_points: 5000, multiplier: '2' },
    { name: 'Silver', min_lifetime_points: 1000, multiplier: '1.5' },
  ],
});

function loyaltyError(action: () => unknown): LoyaltyError {
  try {
    action();
  } catch (error) {
    if (error instanceof LoyaltyError) return error;
    throw error;
  }
  throw new Error('expected a LoyaltyError');
}

describe('pointsEarned', () => {
  it('rounds 23.456 JOD at 1 point per JOD to 23 down, 23 nearest, 24 up', () => {
    // prepare
    const spend = 23456;

    // act
    const earned = (['down', 'nearest', 'up'] as const).map((rounding) => pointsEarned(terms({ rounding }), spend, 'JOD'));

    // assess
    expect(earned).toEqual([23, 23, 24]);
  });

  it('rounds a half point up under nearest, and a whole figure is the same under every rounding', () => {
    // prepare / act
    const half = pointsEarned(terms({ rounding: 'nearest' }), 23500, 'JOD');
    const belowHalf = pointsEarned(terms({ rounding: 'nearest' }), 23499, 'JOD');
    const whole = (['down', 'nearest', 'up'] as const).map((rounding) => pointsEarned(terms({ rounding }), 40000, 'JOD'));

    // assess
    expect(half).toBe(24);
    expect(belowHalf).toBe(23);
    expect(whole).toEqual([40, 40, 40]);
  });

  it('earns half a point per JOD at "0.5": 23.456 → 11.728 → 11 down, 12 nearest, 12 up', () => {
    // prepare / act
    const earned = (['down', 'nearest', 'up'] as const).map((rounding) => pointsEarned(terms({ points_per_unit: '0.5', rounding }), 23456, 'JOD'));

    // assess
    expect(earned).toEqual([11, 12, 12]);
  });

  it('earns nothing below the minimum spend and earns from the minimum itself', () => {
    // prepare
    const withMinimum = terms({ minimum_spend: '5.000' });

    // act / assess
    expect(pointsEarned(withMinimum, 4999, 'JOD')).toBe(0);
    expect(pointsEarned(withMinimum, 5000, 'JOD')).toBe(5);
    expect(pointsEarned(withMinimum, 0, 'JOD')).toBe(0);
  });

  it('multiplies by the tier reached before the sale: 23.456 JOD → 23 base, 35 Silver (×1.5), 46 Gold (×2)', () => {
    // prepare / act
    const base = pointsEarned(tiered, 23456, 'JOD', 999);
    const silver = pointsEarned(tiered, 23456, 'JOD', 1000);
    const gold = pointsEarned(tiered, 23456, 'JOD', 12000);
    const goldNearest = pointsEarned({ ...tiered, rounding: 'nearest' }, 23456, 'JOD', 5000);

    // assess
    expect(base).toBe(23); // 23.456
    expect(silver).toBe(35); // 35.184
    expect(gold).toBe(46); // 46.912
    expect(goldNearest).toBe(47);
    expect(tierFor(tiered, 4999)?.name).toBe('Silver');
    expect(tierFor(tiered, 10)).toBeNull();
  });

  it('rounds once, after the multiplier: 0.700 JOD at ×1.5 is 1.05 → 1 point, not round(0.7) × 1.5 = 0', () => {
    // prepare / act
    const earned = pointsEarned(tiered, 700, 'JOD', 1000);

    // assess
    expect(earned).toBe(1);
  });

  it('reads the spend in the currency’s own minor units: 10.50 USD earns 10 points', () => {
    // prepare / act / assess
    expect(pointsEarned(terms(), 1050, 'USD')).toBe(10);
  });

  it('refuses terms that cannot be applied, pointing at the field', () => {
    // prepare / act
    const zeroValue = loyaltyError(() => checkLoyaltyTerms(terms({ point_value: '0' }), 'JOD'));
    const fineMinimum = loyaltyError(() => checkLoyaltyTerms(terms({ minimum_spend: '5.0001' }), 'JOD'));
    const sameStart = loyaltyError(() =>
      checkLoyaltyTerms(terms({ tiers: [{ name: 'A', min_lifetime_points: 10, multiplier: '1.2' }, { name: 'B', min_lifetime_points: 10, multiplier: '2' }] }), 'JOD'),
    );
    const badRate = loyaltyError(() => pointsEarned(terms({ points_per_unit: '1,5' }), 1000, 'JOD'));
    const negativeSpend = loyaltyError(() => pointsEarned(terms(), -1000, 'JOD'));

    // assess
    expect(zeroValue).toMatchObject({ code: 'invalid_terms', loc: ['terms', 'point_value'] });
    expect(fineMinimum).toMatchObject({ code: 'invalid_terms', loc: ['terms', 'minimum_spend'] });
    expect(sameStart).toMatchObject({ code: 'invalid_terms', loc: ['terms', 'tiers', 1, 'min_lifetime_points'] });
    expect(badRate).toMatchObject({ code: 'invalid_terms', loc: ['terms', 'points_per_unit'] });
    expect(negativeSpend).toMatchObject({ code: 'invalid_amount', loc: ['spend_minor'] });
  });
});

describe('earningSpend', () => {
  it('earns on the gross less what points paid and less gift cards sold', () => {
    // prepare / act
    const spend = earningSpend({ gross_minor: 50000, paid_with_points_minor: 2000, gift_cards_sold_minor: 20000 });

    // assess
    expect(spend).toBe(28000);
    expect(pointsEarned(terms(), spend, 'JOD')).toBe(28);
  });

  it('refuses points and gift cards sold beyond the ticket', () => {
    // prepare / act
    const error = loyaltyError(() => earningSpend({ gross_minor: 1000, paid_with_points_minor: 600, gift_cards_sold_minor: 500 }));

    // assess
    expect(error.code).toBe('invalid_amount');
  });
});

describe('redeemValue and pointsForValue', () => {
  it('values 250 points at 0.010 JOD as 2.500 JOD and needs the ceiling of points for an amount', () => {
    // prepare / act / assess
    expect(redeemValue(terms(), 250, 'JOD')).toBe(2500);
    expect(pointsForValue(terms(), 2500, 'JOD')).toBe(250);
    expect(pointsForValue(terms(), 25, 'JOD')).toBe(3);
    expect(pointsForValue(terms(), 0, 'JOD')).toBe(0);
  });

  it('rounds a point worth a fraction of a fil half away from zero: 3 × 0.0025 JOD = 7.5 fils → 8', () => {
    // prepare
    const fine = terms({ point_value: '0.0025' });

    // act / assess
    expect(redeemValue(fine, 3, 'JOD')).toBe(8);
    expect(redeemValue(fine, 2, 'JOD')).toBe(5);
    expect(pointsForValue(fine, 5, 'JOD')).toBe(2);
    expect(pointsForValue(fine, 6, 'JOD')).toBe(3);
  });

  it('pointsForValue gives the fewest points whose value covers the amount', () => {
    fc.assert(
      fc.property(fc.constantFrom('0.010', '0.0025', '0.003', '0.5', '1'), fc.integer({ min: 1, max: 10_000_000 }), (pointValue, minor) => {
        // prepare
        const t = terms({ point_value: pointValue });

        // act
        const points = pointsForValue(t, minor, 'JOD');

        // assess
        expect(redeemValue(t, points, 'JOD')).toBeGreaterThanOrEqual(minor);
        // one point fewer is worth less than the amount, before any rounding of its value
        expect((points - 1) * Number(pointValue) * 1000).toBeLessThan(minor + 1e-6);
      }),
      { numRuns: 300 },
    );
  });
});

describe('deferredRevenue', () => {
  it('allocates 990 fils of a 100.000 JOD sale to 100 points worth 1.000 JOD (100000 × 1000 / 101000 = 990.099)', () => {
    // prepare / act
    const deferred = deferredRevenue(100000, 100, terms(), 'JOD');

    // assess
    expect(deferred).toBe(990);
    expect(100000 - deferred).toBe(99010); // recognised now
  });

  it('weighs the points by the expected redemption rate: at 0.8, 100000 × 800 / 100800 = 793.651 → 794', () => {
    // prepare / act / assess
    expect(deferredRevenue(100000, 100, terms(), 'JOD', '0.8')).toBe(794);
  });

  it('rounds an exact half fil away from zero: 2.200 JOD with 100 points → 2200 × 1000 / 3200 = 687.5 → 688', () => {
    // prepare / act / assess
    expect(deferredRevenue(2200, 100, terms(), 'JOD')).toBe(688);
    expect(deferredRevenue(300, 50, terms(), 'JOD')).toBe(188); // 187.5
  });

  it('defers nothing without points, without a sale, or when no point is expected to be redeemed', () => {
    // prepare / act / assess
    expect(deferredRevenue(100000, 0, terms(), 'JOD')).toBe(0);
    expect(deferredRevenue(0, 100, terms(), 'JOD')).toBe(0);
    expect(deferredRevenue(100000, 100, terms(), 'JOD', '0')).toBe(0);
  });

  it('refuses a redemption rate outside 0..1', () => {
    // prepare / act
    const error = loyaltyError(() => deferredRevenue(100000, 100, terms(), 'JOD', '1.2'));

    // assess
    expect(error).toMatchObject({ code: 'invalid_terms', loc: ['redemption_rate'] });
  });

  it('never defers more than the sale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 1e7 }), fc.constantFrom('1', '0.8', '0.35'), (net, points, rate) => {
        // act
        const deferred = deferredRevenue(net, points, terms(), 'JOD', rate);

        // assess
        expect(deferred).toBeGreaterThanOrEqual(0);
        expect(deferred).toBeLessThanOrEqual(net);
      }),
      { numRuns: 300 },
    );
  });
});

describe('releaseOnRedemption', () => {
  it('releases pro rata and lets the last points take the residue', () => {
    // prepare
    const balance = 990;

    // act
    const first = releaseOnRedemption(balance, 100, 33); // 326.7
    const last = releaseOnRedemption(balance - first, 67, 67);

    // assess
    expect(first).toBe(327);
    expect(last).toBe(663);
    expect(first + last).toBe(balance);
  });

  it('refuses redeeming more points than are outstanding', () => {
    // prepare / act
    const error = loyaltyError(() => releaseOnRedemption(990, 10, 11));

    // assess
    expect(error).toMatchObject({ code: 'insufficient_points', available: 10 });
  });

  it('over any sequence of redemptions releases exactly the deferred balance when all points are redeemed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 30 }),
        (balance, redemptions) => {
          // prepare
          let outstanding = redemptions.reduce((a, b) => a + b, 0);
          let remaining = balance;
          let released = 0;

          // act
          for (const points of redemptions) {
            const release = releaseOnRedemption(remaining, outstanding, points);
            expect(release).toBeGreaterThanOrEqual(0);
            expect(release).toBeLessThanOrEqual(remaining);
            remaining -= release;
            released += release;
            outstanding -= points;
          }

          // assess
          expect(released).toBe(balance);
          expect(remaining).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lots', () => {
  const lots: PointLot[] = [
    { id: 'never', earned_at: '2024-12-01', points_remaining: 50 },
    { id: 'jan', earned_at: '2025-01-01', expires_on: '2025-07-01', points_remaining: 10 },
    { id: 'feb', earned_at: '2025-02-01', expires_on: '2025-06-01', points_remaining: 5 },
    { id: 'empty', earned_at: '2024-11-01', expires_on: '2025-05-01', points_remaining: 0 },
    { id: 'mid-jan', earned_at: '2025-01-15', expires_on: '2025-07-01', points_remaining: 8 },
  ];

  it('draws on the first to expire, then the oldest earned, never-expiring lots last', () => {
    // prepare / act
    const draws = consumeLots(lots, 20);
    const all = consumeLots(lots, 73);

    // assess
    expect(draws).toEqual([
      { lot_id: 'feb', points: 5 },
      { lot_id: 'jan', points: 10 },
      { lot_id: 'mid-jan', points: 5 },
    ]);
    expect(all.map((d) => [d.lot_id, d.points])).toEqual([['feb', 5], ['jan', 10], ['mid-jan', 8], ['never', 50]]);
    expect(consumeLots(lots, 0)).toEqual([]);
  });

  it('throws insufficient_points with what is available', () => {
    // prepare / act
    const error = loyaltyError(() => consumeLots(lots, 74));
    const afterExpiry = loyaltyError(() => consumeLots(lots, 70, '2025-06-01'));

    // assess
    expect(error).toMatchObject({ code: 'insufficient_points', available: 73, loc: ['points'] });
    expect(afterExpiry.available).toBe(68);
  });

  it('skips lots expired by today: a lot is gone on its expires_on date', () => {
    // prepare / act
    const dayBefore = consumeLots(lots, 1, '2025-05-31');
    const onTheDay = consumeLots(lots, 1, '2025-06-01');

    // assess
    expect(dayBefore).toEqual([{ lot_id: 'feb', points: 1 }]);
    expect(onTheDay).toEqual([{ lot_id: 'jan', points: 1 }]);
    expect(pointsAvailable(lots, '2025-07-01')).toBe(50);
  });

  it('expires the lots due by today with their points, skipping empty ones', () => {
    // prepare / act
    const june = expireLots(lots, '2025-06-01');
    const july = expireLots(lots, '2025-07-01');

    // assess
    expect(june).toEqual([{ lot_id: 'feb', expires_on: '2025-06-01', points: 5 }]);
    expect(july.map((l) => [l.lot_id, l.points])).toEqual([['feb', 5], ['jan', 10], ['mid-jan', 8]]);
    expect(expireLots(lots, '2025-05-31')).toEqual([]);
  });

  it('dates a lot’s expiry from its earn and refuses dates that do not exist', () => {
    // prepare / act / assess
    expect(lotExpiry(terms({ expiry_days: 30 }), '2025-01-10')).toBe('2025-02-09');
    expect(lotExpiry(terms({ expiry_days: 29 }), '2024-02-01')).toBe('2024-03-01'); // leap year
    expect(lotExpiry(terms({ expiry_days: 365 }), '2025-12-31')).toBe('2026-12-31');
    expect(lotExpiry(terms(), '2025-01-10')).toBeUndefined();
    expect(loyaltyError(() => lotExpiry(terms({ expiry_days: 30 }), '2025-02-30')).code).toBe('invalid_date');
    expect(loyaltyError(() => expireLots(lots, '1/7/2025')).loc).toEqual(['today']);
  });

  it('consumeLots never takes more than a lot has, takes each lot once and sums to the request', () => {
    const lotArb = fc.record({
      earned_at: fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)),
      expires_on: fc.option(fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2025, 2, 1 + d)).toISOString().slice(0, 10)), { nil: undefined }),
      points_remaining: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(lotArb, { maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), (raw, fraction) => {
        // prepare
        const pool: PointLot[] = raw.map((lot, index) => ({ id: `lot-${index}`, ...lot }));
        const total = pool.reduce((sum, lot) => sum + lot.points_remaining, 0);
        const requested = Math.floor(total * fraction);

        // act
        const draws = consumeLots(pool, requested);

        // assess
        const byId = new Map(pool.map((lot) => [lot.id, lot]));
        expect(new Set(draws.map((d) => d.lot_id)).size).toBe(draws.length);
        for (const draw of draws) {
          expect(draw.points).toBeGreaterThan(0);
          expect(draw.points).toBeLessThanOrEqual(byId.get(draw.lot_id)!.points_remaining);
        }
        expect(draws.reduce((sum, d) => sum + d.points, 0)).toBe(requested);
        // every lot drawn on before the last one is emptied (no lot is skipped half-used)
        for (const draw of draws.slice(0, -1)) expect(draw.points).toBe(byId.get(draw.lot_id)!.points_remaining);
        expect(loyaltyError(() => consumeLots(pool, total + 1)).available).toBe(total);
      }),
      { numRuns: 300 },
    );
  });
});

describe('returnAdjustment', () => {
  it('takes back earned points pro rata, cumulative-exact: half of 23 points is 12 now and 11 for the rest', () => {
    // prepare
    const sale = { earned_points: 23, redeemed_points: 0, sale_net_minor: 23456 };

    // act
    const first = returnAdjustment({ ...sale, returned_net_minor: 11728, already_returned_net_minor: 0 });
    const rest = returnAdjustment({ ...sale, returned_net_minor: 11728, already_returned_net_minor: 11728 });

    // assess
    expect(first).toEqual({ points_to_take_back: 12, points_to_restore: 0, shortfall_points: 0, shortfall_minor: 0 });
    expect(rest.points_to_take_back).toBe(11);
  });

  it('never takes back more than earned: 2 points returned in three equal thirds are 1, 0, 1', () => {
    // prepare
    const sale = { earned_points: 2, redeemed_points: 0, sale_net_minor: 3000 };

    // act
    const parts = [0, 1000, 2000].map((before) => returnAdjustment({ ...sale, returned_net_minor: 1000, already_returned_net_minor: before }).points_to_take_back);

    // assess
    expect(parts).toEqual([1, 0, 1]);
  });

  it('restores redeemed points pro rata to the net returned', () => {
    // prepare / act
    const result = returnAdjustment({ earned_points: 40, redeemed_points: 200, sale_net_minor: 40000, returned_net_minor: 10000, already_returned_net_minor: 0 });

    // assess
    expect(result).toMatchObject({ points_to_take_back: 10, points_to_restore: 50 });
  });

  it('takes back what the balance holds and charges the shortfall at point_value against the refund', () => {
    // prepare
    const sale = { earned_points: 100, sale_net_minor: 100000, returned_net_minor: 100000, already_returned_net_minor: 0 };
    const balance = { points: 30, terms: terms(), currency: 'JOD' };

    // act
    const spent = returnAdjustment({ ...sale, redeemed_points: 0, balance });
    const withRestore = returnAdjustment({ ...sale, redeemed_points: 50, balance });
    const capped = returnAdjustment({ ...sale, redeemed_points: 0, balance: { ...balance, refund_minor: 150 } });
    const enough = returnAdjustment({ ...sale, redeemed_points: 0, balance: { ...balance, points: 100 } });

    // assess
    expect(spent).toEqual({ points_to_take_back: 30, points_to_restore: 0, shortfall_points: 70, shortfall_minor: 700 });
    // the 50 restored points post with the take-back, so 80 can be taken
    expect(withRestore).toEqual({ points_to_take_back: 80, points_to_restore: 50, shortfall_points: 20, shortfall_minor: 200 });
    expect(capped).toMatchObject({ shortfall_points: 70, shortfall_minor: 150 });
    expect(enough).toMatchObject({ points_to_take_back: 100, shortfall_points: 0, shortfall_minor: 0 });
  });

  it('refuses returning beyond what was sold', () => {
    // prepare / act
    const error = loyaltyError(() =>
      returnAdjustment({ earned_points: 10, redeemed_points: 0, sale_net_minor: 10000, returned_net_minor: 6000, already_returned_net_minor: 5000 }),
    );

    // assess
    expect(error).toMatchObject({ code: 'invalid_amount', loc: ['returned_net_minor'] });
  });

  it('splitting a return into any number of parts takes back exactly the earned points and restores exactly the redeemed ones', () => {
    const saleArb = fc.integer({ min: 1, max: 1e9 }).chain((sale) =>
      fc.record({
        sale: fc.constant(sale),
        earned: fc.integer({ min: 0, max: 1e6 }),
        redeemed: fc.integer({ min: 0, max: 1e6 }),
        cuts: fc.array(fc.integer({ min: 0, max: sale }), { maxLength: 20 }),
      }),
    );
    fc.assert(
      fc.property(saleArb, ({ sale, earned, redeemed, cuts }) => {
        // prepare: the sale returned in consecutive parts between sorted cut points
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), sale];
        let takenBack = 0;
        let restored = 0;

        // act
        for (let i = 1; i < bounds.length; i += 1) {
          const result = returnAdjustment({
            earned_points: earned,
            redeemed_points: redeemed,
            sale_net_minor: sale,
            returned_net_minor: bounds[i]! - bounds[i - 1]!,
            already_returned_net_minor: bounds[i - 1]!,
          });
          expect(result.points_to_take_back).toBeGreaterThanOrEqual(0);
          expect(result.points_to_restore).toBeGreaterThanOrEqual(0);
          takenBack += result.points_to_take_back;
          restored += result.points_to_restore;
          // never more than earned so far
          expect(takenBack).toBeLessThanOrEqual(earned);
        }

        // assess
        expect(takenBack).toBe(earned);
        expect(restored).toBe(redeemed);
      }),
      { numRuns: 300 },
    );
  });
});
