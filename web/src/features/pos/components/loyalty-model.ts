/**
 * Loyalty at the till (issue 16): what the register shows of a chosen customer's points, whether a
 * number of points may be redeemed on this ticket, the ticket with the points' value spread over
 * its lines, and the points the ticket earns.
 *
 * The arithmetic is shared (shared/src/pos/loyalty.ts, shared/src/loyalty/points.ts) with the
 * server, which spreads the points again and refuses a sale whose shares differ — so the points
 * are applied here exactly as it will: AFTER the promotions, on each line's cashier and promotion
 * discounts taken as one amount.
 */
import { pointsForValue, redeemValue, returnAdjustment, type LoyaltyProgramTerms, type ReturnAdjustment } from '@daftar/shared/loyalty/points';
import { redeemOnTicket } from '@daftar/shared/pos/loyalty';
import { ticketTotals, TicketError } from '@daftar/shared/pos/ticket';
import type { PosLoyaltyStanding } from '@daftar/shared/schemas/loyalty';
import { ticketPointsEarned } from '@daftar/shared/pos/loyalty';
import type { ReturnDetails } from '../api/get-return-details';
import { major, minorOf, type ComputedTicket } from './ticket-model';

export type Standing = PosLoyaltyStanding;

/** The program's terms as the shared arithmetic takes them (no expiry is "absent", not null). */
export function termsOf(standing: Pick<Standing, 'terms'>): LoyaltyProgramTerms & { min_redemption_points: number } {
  const { expiry_days, ...rest } = standing.terms;
  return { ...rest, ...(expiry_days ? { expiry_days } : {}) };
}

/**
 * What points can take off the ticket: each line's subtotal less its other discounts, on the
 * price's basis (the gross of a tax-inclusive price, the pre-tax amount of an exclusive one) —
 * the total `redeemOnTicket` spreads over.
 */
export function redeemableBasis(ticket: Pick<ComputedTicket, 'lines'>): number {
  return ticket.lines.reduce((sum, line) => sum + (line.figures ? line.figures.subtotal - line.figures.discount : 0), 0);
}

export type RedemptionCheck =
  | { ok: true; points: number; value_minor: number }
  | { ok: false; reason: 'whole' | 'minimum' | 'available' | 'ticket' | 'suspended'; limit?: number };

/**
 * Whether `points` may be redeemed now: a whole number, at least the program's minimum, no more
 * than the customer can use today, and worth no more than what the ticket comes to (points cannot
 * buy change). `limit` says the bound that was crossed.
 */
export function checkRedemption(standing: Standing, points: number, basis_minor: number, currency: string): RedemptionCheck {
  if (standing.status !== 'active') return { ok: false, reason: 'suspended' };
  if (!Number.isSafeInteger(points) || points < 1) return { ok: false, reason: 'whole' };
  const terms = termsOf(standing);
  if (points < terms.min_redemption_points) return { ok: false, reason: 'minimum', limit: terms.min_redemption_points };
  if (points > standing.points_available) return { ok: false, reason: 'available', limit: standing.points_available };
  const value = redeemValue(terms, points, currency);
  if (value > basis_minor) return { ok: false, reason: 'ticket', limit: maxRedeemablePoints(standing, basis_minor, currency) };
  return { ok: true, points, value_minor: value };
}

/** The most points the customer can redeem on a ticket whose redeemable basis is `basis_minor`. */
export function maxRedeemablePoints(standing: Standing, basis_minor: number, currency: string): number {
  const terms = termsOf(standing);
  // The fewest points covering the basis, less one while their value (rounded to the fil) is over it.
  let points = Math.min(standing.points_available, pointsForValue(terms, basis_minor, currency));
  while (points > 0 && redeemValue(terms, points, currency) > basis_minor) points -= 1;
  return points;
}

/**
 * The ticket (after its promotions) with `points` redeemed: their value spread over the lines as a
 * discount (each line's `loyalty_discount`), the totals taken again, `loyalty` set. Throws
 * TicketError when the points are worth more than the ticket comes to.
 */
export function applyRedemption(ticket: ComputedTicket, redemption: { points: number; value_minor: number }): ComputedTicket {
  const { currency } = ticket;
  const spread = redeemOnTicket(
    ticket.lines.map(({ line, tax, figures }) => ({
      id: line.id,
      quantity: line.quantity,
      unit_price: line.unit_price,
      price_includes_tax: line.item.price_includes_tax,
      tax_rate: tax.rate,
      tax_category: tax.category,
      // The cashier's and the promotions' discounts as one amount, as the server takes them.
      discount: { type: 'amount' as const, amount: major(figures?.discount ?? 0, currency) },
    })),
    redemption.value_minor,
    currency,
  );
  const lines = ticket.lines.map((computed, i) => {
    const { id: _id, loyalty_discount, ...figures } = spread[i]!;
    return { ...computed, figures, loyalty_discount };
  });
  return { ...ticket, lines, totals: ticketTotals(lines.map((l) => l.figures)), loyalty: { points: redemption.points, discount_minor: redemption.value_minor } };
}

/** The ticket with the redemption when it still holds; else the ticket as it is and why not. */
export function redeemedTicket(ticket: ComputedTicket, standing: Standing | null, points: number | null): { ticket: ComputedTicket; refused: RedemptionCheck | null } {
  if (!points || !standing || !ticket.valid) return { ticket, refused: null };
  const check = checkRedemption(standing, points, redeemableBasis(ticket), ticket.currency);
  if (!check.ok) return { ticket, refused: check };
  try {
    return { ticket: applyRedemption(ticket, check), refused: null };
  } catch (error) {
    if (error instanceof TicketError) return { ticket, refused: { ok: false, reason: 'ticket' } };
    throw error;
  }
}

/**
 * The points this ticket earns, as the server will count them: on its gross after every discount
 * (the points' too: points do not earn points), at the customer's tier before the sale. Zero for a
 * suspended member; null when the customer is in no program.
 */
export function pointsPreview(ticket: Pick<ComputedTicket, 'totals' | 'valid'>, standing: Standing | null, currency: string): number | null {
  if (!standing) return null;
  if (standing.status !== 'active' || !ticket.valid) return 0;
  return ticketPointsEarned(termsOf(standing), { gross_minor: ticket.totals.gross, lifetime_points: standing.lifetime_points }, currency);
}

/** The sale's loyalty as return-details carries it (null: the sale earned and redeemed no points). */
export type SaleLoyalty = NonNullable<ReturnDetails['loyalty']>;

/**
 * What a return does to the customer's points, as the server will post it (points.ts
 * `returnAdjustment`): the points the sale earned taken back and the points it redeemed given back,
 * pro rata to the gross returned, cumulative-exact over several returns. Points already spent are
 * the shortfall: their value is kept from the money refund (capped at it). Null when the sale moved
 * no points or nothing is returned.
 */
export function returnPoints(loyalty: SaleLoyalty | null | undefined, returned_gross_minor: number, refund_minor: number, currency: string): ReturnAdjustment | null {
  if (!loyalty || returned_gross_minor <= 0 || (!loyalty.points_earned && !loyalty.points_redeemed)) return null;
  const sale = minorOf(loyalty.sale_gross, currency);
  const before = minorOf(loyalty.returned_gross, currency);
  return returnAdjustment({
    earned_points: loyalty.points_earned,
    redeemed_points: loyalty.points_redeemed,
    sale_net_minor: sale,
    // Never past what is left of the sale (a rounding of the register's line shares).
    returned_net_minor: Math.min(returned_gross_minor, Math.max(0, sale - before)),
    already_returned_net_minor: before,
    balance: {
      points: loyalty.customer_points_available,
      // Only the point's value prices a shortfall; the earning terms do not enter it.
      terms: { points_per_unit: '1', rounding: 'down', minimum_spend: '0', point_value: loyalty.point_value },
      currency,
      refund_minor: Math.max(0, refund_minor),
    },
  });
}
