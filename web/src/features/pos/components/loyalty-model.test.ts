import { redeemOnTicket } from '@daftar/shared/pos/loyalty';
import { describe, expect, it } from 'vitest';
import { toEnginePromotion } from '../api/get-promotions';
import { toCatalogueItem } from '../offline/catalogue';
import { loyaltyStanding, product, promotion, tax } from '../testing/fixtures';
import { applyRedemption, checkRedemption, maxRedeemablePoints, pointsPreview, redeemableBasis, redeemedTicket, returnPoints } from './loyalty-model';
import { computeTicket, loyaltyTotal, manualDiscount, promotionContext, promotionsTotal, saleBody, type TicketLineState } from './ticket-model';

const rice = toCatalogueItem(product());
const oil = toCatalogueItem(product({ id: 'prod-2', sku: 'OIL-1', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', sale_price: '4.500', barcodes: [] }));
const at = new Date('2026-11-26T07:15:00Z');
const offers = { promotions: [toEnginePromotion(promotion())], context: promotionContext(at, 'Asia/Amman', 'main', 'cust-1') };
/** Rice (7.250, 10% promotion) with the cashier's 0.250 off, and two oils (9.000): taxes included at 16%. */
const lines = (): TicketLineState[] => [
  { id: 'l1', item: rice, quantity: '1', unit_price: '7.250', discount: { type: 'amount', amount: '0.250' } },
  { id: 'l2', item: oil, quantity: '2', unit_price: '4.500', discount: null },
];
const identity = { id: 's', terminal_id: 't', session_id: 'x', sequence: 1, occurred_at: '2026-11-26T10:15:00+03:00', offline: false };

describe('points redeemed on a ticket', () => {
  it('are spread after the promotions, keep the cashier’s and the promotion’s discounts apart, and go in the sale body', () => {
    const promoted = computeTicket(lines(), [tax()], 'JOD', offers);
    // 7.250 − 0.250 = 7.000, of which the promotion takes 10%: 0.700.
    expect(promoted.lines[0]!.promotion_discount).toBe(700);
    const basis = redeemableBasis(promoted);
    expect(basis).toBe(7250 - 250 - 700 + 9000);
    const { ticket, refused } = redeemedTicket(promoted, loyaltyStanding(), 500);
    expect(refused).toBeNull();
    expect(loyaltyTotal(ticket)).toBe(5000);
    // Largest remainder over 6.300 and 9.000: the shares add up to the fil.
    const shares = ticket.lines.map((l) => l.loyalty_discount ?? 0);
    expect(shares).toEqual([2059, 2941]);
    expect(ticket.lines.reduce((sum, l) => sum + (l.loyalty_discount ?? 0), 0)).toBe(5000);
    expect(ticket.totals.gross).toBe(promoted.totals.gross - 5000);
    // The cashier's own discount and the promotion's are what they were.
    expect(manualDiscount(ticket.lines[0]!)).toBe(250);
    expect(promotionsTotal(ticket)).toBe(700);
    // What the server computes from the same lines (their discounts as one amount) is what is sent.
    const server = redeemOnTicket(
      promoted.lines.map((l) => ({ id: l.line.id, quantity: l.line.quantity, unit_price: l.line.unit_price, price_includes_tax: true, tax_rate: '16', tax_category: 'standard' as const, discount: { type: 'amount' as const, amount: (l.figures!.discount / 1000).toFixed(3) } })),
      5000,
      'JOD',
    );
    expect(server.map((l) => l.loyalty_discount)).toEqual(shares);
    expect(server.map((l) => l.gross)).toEqual(ticket.lines.map((l) => l.figures!.gross));

    const body = saleBody(identity, ticket, null, [{ id: 'p', tender: 'cash', amount: '20.000' }]);
    expect(body.loyalty_redemption).toEqual({ points: 500, discount: '5.000' });
    expect(body.lines.map((l) => [l.promotion_discount, l.loyalty_discount])).toEqual([
      ['0.700', '2.059'],
      ['0.000', '2.941'],
    ]);
    // Without points the body claims none.
    const plain = saleBody(identity, promoted, null, [{ id: 'p', tender: 'cash', amount: '20.000' }]);
    expect(plain).not.toHaveProperty('loyalty_redemption');
    expect(plain.lines[0]).not.toHaveProperty('loyalty_discount');
  });

  it('respects the minimum, the points the customer can use, the ticket and a suspended membership', () => {
    const standing = loyaltyStanding();
    expect(checkRedemption(standing, 99, 100_000, 'JOD')).toEqual({ ok: false, reason: 'minimum', limit: 100 });
    expect(checkRedemption(standing, 1201, 100_000, 'JOD')).toEqual({ ok: false, reason: 'available', limit: 1200 });
    expect(checkRedemption(standing, 2.5, 100_000, 'JOD')).toEqual({ ok: false, reason: 'whole' });
    // 600 points are 6.000: more than a 5.555 ticket; 555 points (5.550) is the most it takes.
    expect(checkRedemption(standing, 600, 5555, 'JOD')).toEqual({ ok: false, reason: 'ticket', limit: 555 });
    expect(checkRedemption(standing, 555, 5555, 'JOD')).toEqual({ ok: true, points: 555, value_minor: 5550 });
    expect(checkRedemption(loyaltyStanding({ status: 'suspended' }), 200, 100_000, 'JOD')).toEqual({ ok: false, reason: 'suspended' });
    // A redemption the ticket no longer holds (a line removed) is not applied.
    const small = computeTicket([lines()[1]!], [tax()], 'JOD');
    expect(redeemedTicket(small, standing, 1000).refused).toEqual({ ok: false, reason: 'ticket', limit: 900 });
    expect(redeemedTicket(small, standing, 1000).ticket.loyalty).toBeUndefined();
  });

  it('finds the most points a ticket takes when a point is worth a fraction of a fil', () => {
    // 0.0025 JOD a point: 4 points are a whole fil; 1.001 JOD takes 400 points (1.000), not 401 (1.0025 → 1.003).
    const quarter = loyaltyStanding({ points_available: 5000, terms: { ...loyaltyStanding().terms, point_value: '0.0025', min_redemption_points: 0 } });
    expect(maxRedeemablePoints(quarter, 1001, 'JOD')).toBe(400);
    expect(maxRedeemablePoints(quarter, 100_000, 'JOD')).toBe(5000);
    expect(maxRedeemablePoints(loyaltyStanding({ points_available: 0 }), 100_000, 'JOD')).toBe(0);
  });

  it('a ticket worth less than the points refuses them through the shared spread too', () => {
    const ticket = computeTicket([lines()[1]!], [tax()], 'JOD');
    expect(() => applyRedemption(ticket, { points: 1000, value_minor: 10_000 })).toThrow('The points are worth more than the sale comes to');
  });
});

describe('points a ticket earns', () => {
  it('are counted on the gross after every discount, the points’ too, at the customer’s tier before the sale', () => {
    const promoted = computeTicket(lines(), [tax()], 'JOD', offers);
    // Gross 15.300: 15 points, ×1.5 for Gold is 22.95 → 22 (rounded down once).
    expect(promoted.totals.gross).toBe(15300);
    expect(pointsPreview(promoted, loyaltyStanding(), 'JOD')).toBe(22);
    const { ticket } = redeemedTicket(promoted, loyaltyStanding(), 500);
    // 10.300 after the points: 10 × 1.5 = 15.45 → 15.
    expect(pointsPreview(ticket, loyaltyStanding(), 'JOD')).toBe(15);
    // Below Gold, at ×1; a minimum spend above the ticket earns nothing; suspended earns nothing; not enrolled: no figure.
    expect(pointsPreview(promoted, loyaltyStanding({ lifetime_points: 10 }), 'JOD')).toBe(15);
    expect(pointsPreview(promoted, loyaltyStanding({ terms: { ...loyaltyStanding().terms, minimum_spend: '20.000' } }), 'JOD')).toBe(0);
    expect(pointsPreview(promoted, loyaltyStanding({ status: 'suspended' }), 'JOD')).toBe(0);
    expect(pointsPreview(promoted, null, 'JOD')).toBeNull();
  });
});

describe('points a return moves', () => {
  const saleLoyalty = { loyalty_program_id: 'lp-1', points_earned: 9, points_redeemed: 300, sale_gross: '6.525', returned_gross: '0.000', customer_points_available: 0, point_value: '0.010' };

  it('takes back what the sale earned and gives back what it redeemed, pro rata; points already spent are kept from the refund', () => {
    // The whole sale back: 9 taken back, 300 given back, and the 300 restored cover the 9.
    expect(returnPoints(saleLoyalty, 6525, 3525, 'JOD')).toEqual({ points_to_take_back: 9, points_to_restore: 300, shortfall_points: 0, shortfall_minor: 0 });
    // A sale that redeemed nothing, its customer holding 2 points: 7 of the 9 were spent, 0.070 is kept.
    expect(returnPoints({ ...saleLoyalty, points_redeemed: 0, customer_points_available: 2 }, 6525, 6525, 'JOD')).toEqual({ points_to_take_back: 2, points_to_restore: 0, shortfall_points: 7, shortfall_minor: 70 });
    // Nothing returned, or a sale that moved no points: nothing to show.
    expect(returnPoints(saleLoyalty, 0, 0, 'JOD')).toBeNull();
    expect(returnPoints(null, 6525, 6525, 'JOD')).toBeNull();
  });
});
