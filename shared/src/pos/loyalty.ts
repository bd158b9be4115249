/**
 * Loyalty on a till ticket (issue 16), computed alike by the register (what the cashier and the
 * customer see) and the server (what posts).
 *
 * Redeeming points is a discount of the sale (shared/src/schemas/loyalty.ts says why): their value
 * is spread over the lines after their manual and promotion discounts, in proportion to what each
 * line then comes to (largest remainder, `money.allocate`, so the shares add up to the fil), and
 * every line is computed again with the three as one amount discount through the same tax rules
 * (`ticketLine`), so tax stays exact per line. The basis is the price's, as for promotions
 * (shared/src/pos/promotions.ts): the gross of a tax-inclusive shelf price; the pre-tax amount of a
 * tax-exclusive one.
 *
 * Earning: the points a ticket earns are computed on what the customer pays with money for goods
 * (points.ts `earningSpend`): the ticket's gross after every discount (the points' too), less gift
 * cards sold on it.
 */
import { allocate, formatMoney, fromMinorUnits } from '../money.js';
import { earningSpend, pointsEarned, redeemValue, type LoyaltyProgramTerms } from '../loyalty/points.js';
import { ticketLine, TicketError, type TicketLine, type TicketLineInput } from './ticket.js';

export interface RedeemableLine extends TicketLineInput {
  id: string;
}

/** A line with its loyalty share in its discount. */
export type RedeemedLine = TicketLine & { id: string; loyalty_discount: number };

/**
 * `lines` are the ticket's lines as they stand after promotions (their `discount` is the manual
 * discount and the promotion share together, as an amount); `discount_minor` the points' value.
 * Throws TicketError when the points are worth more than the lines come to.
 */
export function redeemOnTicket(
  lines: readonly RedeemableLine[],
  discount_minor: number,
  currency: string,
  loc: readonly (string | number)[] = ['lines'],
): RedeemedLine[] {
  const before = lines.map((line, i) => ticketLine(line, currency, [...loc, i]));
  if (!discount_minor) return before.map((l, i) => ({ ...l, id: lines[i]!.id, loyalty_discount: 0 }));
  const remaining = before.map((l) => l.subtotal - l.discount);
  const total = remaining.reduce((a, b) => a + b, 0);
  if (discount_minor > total) throw new TicketError(['loyalty_redemption', 'points'], 'The points are worth more than the sale comes to');
  const shares = allocate(fromMinorUnits(discount_minor, currency), remaining.map(String)).map((m) => m.amount);
  const text = (minor: number) => formatMoney(fromMinorUnits(minor, currency));
  return lines.map((line, i) => {
    const share = shares[i]!;
    if (!share) return { ...before[i]!, id: line.id, loyalty_discount: 0 };
    const again = ticketLine({ ...line, discount: { type: 'amount', amount: text(before[i]!.discount + share) } }, currency, [...loc, i]);
    return { ...again, id: line.id, loyalty_discount: share };
  });
}

/** The value of `points` under the program, and whether they may be redeemed at all (minimum). */
export function redemptionValue(terms: LoyaltyProgramTerms & { min_redemption_points?: number }, points: number, currency: string): number {
  if (points < (terms.min_redemption_points ?? 0)) {
    throw new TicketError(['loyalty_redemption', 'points'], `At least ${terms.min_redemption_points} points are redeemed at once`);
  }
  return redeemValue(terms, points, currency);
}

/** Points a ticket earns: its gross after all discounts, less gift cards sold on it, at the customer's tier. */
export function ticketPointsEarned(
  terms: LoyaltyProgramTerms,
  figures: { gross_minor: number; gift_cards_sold_minor?: number; lifetime_points: number },
  currency: string,
): number {
  const spend = earningSpend({ gross_minor: figures.gross_minor, paid_with_points_minor: 0, gift_cards_sold_minor: figures.gift_cards_sold_minor ?? 0 });
  return pointsEarned(terms, spend, currency, figures.lifetime_points);
}
