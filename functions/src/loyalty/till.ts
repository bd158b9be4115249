/**
 * Loyalty inside a till receipt's transaction (issue 16; pos/sales.ts calls these with what it read
 * in the receipt's one BatchGet: the member and the organization's programs).
 *
 * A sale: points redeemed are a discount of the sale (the lines carry their shares, checked against
 * shared/src/pos/loyalty.ts), and release their share of the member's deferred pool to sales; then
 * the sale earns points on what the customer paid (after every discount), and — deferral method —
 * the points' share of the sale's revenue (IFRS 15 relative stand-alone selling price) moves from
 * sales to the loyalty liability.
 *
 * A return: the points the sale earned go back pro rata to the gross returned, and the points it
 * redeemed come back to the customer, both cumulative-exact over several returns
 * (points.ts `returnAdjustment`). Points to take back that the customer has already spent are a
 * shortfall: their value is kept from the refund (at most the refund) — otherwise "buy, earn,
 * spend, return" would pay the customer twice. Restored points re-defer the revenue their sale
 * released; taken-back points release the revenue their sale deferred against sales returns.
 */
import { deferredRevenue, pointsAvailable, returnAdjustment, type PointLot } from '@daftar/shared/loyalty/points';
import { redeemOnTicket, redemptionValue, ticketPointsEarned } from '@daftar/shared/pos/loyalty';
import { TicketError } from '@daftar/shared/pos/ticket';
import { money } from '@daftar/shared';
import type { LoyaltyMemberRecord } from '../db/loyalty.js';
import type { StoredPosLine } from '../db/posTransaction.js';
import type { TransactItem } from '../db/transaction.js';
import { ValidationError } from '../platform/errors.js';
import { memberItems, nextState, releaseFor, stateOf, type MemberState, type PointsLine } from './ledger.js';
import { loyaltyIssue, termsOf, type StoredLoyaltyProgram } from './programs.js';

/** What a receipt records of its loyalty (minor units), for the receipt, returns and reports. */
export interface StoredTicketLoyalty {
  loyalty_program_id: string;
  points_earned: number;
  points_redeemed: number;
  redeemed_value: number;
  /** Revenue deferred for the points earned, and released by the points redeemed (deferral). */
  deferred: number;
  released: number;
  points_taken_back: number;
  points_restored: number;
  shortfall_points: number;
  shortfall_amount: number;
  balance_after: number;
}

/** What earlier returns did to a sale's loyalty (kept on the sale). */
export interface StoredLoyaltyReturned {
  gross: number;
}

/** A posting line the receipt adds: + debit, − credit. */
export interface LoyaltyPosting {
  account: 'loyalty_liability' | 'sales' | 'sales_returns';
  amount: number;
  description: string;
}

export interface TillLoyaltyReads {
  member: LoyaltyMemberRecord | null;
  programs: StoredLoyaltyProgram[];
}

const programOf = (reads: TillLoyaltyReads) => (reads.member ? reads.programs.find((p) => p.id === reads.member!.loyalty_program_id) ?? null : null);

/**
 * The sale's redemption, checked: the points' value is the program's for those points, and each
 * line's share is the one the shared spread gives. Answers the value (0 without a redemption).
 */
export function checkRedemption(
  reads: TillLoyaltyReads,
  redemption: { points: number; discount: string } | null | undefined,
  sold: readonly StoredPosLine[],
  currency: string,
  today: string,
): number {
  const claimed = sold.some((l) => (l.loyalty_discount ?? 0) > 0);
  if (!redemption) {
    if (claimed) throw new ValidationError([{ loc: ['body', 'loyalty_redemption'], msg: 'Lines carry a points discount but the sale redeems no points', type: 'value_error' }]);
    return 0;
  }
  const program = programOf(reads);
  const member = reads.member;
  if (!member || !program) throw new ValidationError([{ loc: ['body', 'loyalty_redemption'], msg: 'The customer is not in a loyalty program', type: 'value_error' }]);
  if (member.status !== 'active') throw new ValidationError([{ loc: ['body', 'loyalty_redemption'], msg: 'The customer’s membership is suspended; points cannot be redeemed', type: 'value_error' }]);
  const available = pointsAvailable((member.lots as PointLot[]) ?? [], today);
  if (redemption.points > available) throw new ValidationError([{ loc: ['body', 'loyalty_redemption', 'points'], msg: `The customer has ${available} points to redeem`, type: 'insufficient_points' }]);
  let value: number;
  try {
    value = redemptionValue(termsOf(program), redemption.points, currency);
  } catch (error) {
    if (error instanceof TicketError) throw new ValidationError([{ loc: ['body', ...error.loc], msg: error.message, type: 'value_error' }]);
    throw loyaltyIssue(error);
  }
  if (money.parseMoney(redemption.discount, currency).amount !== value) {
    throw new ValidationError([{ loc: ['body', 'loyalty_redemption', 'discount'], msg: `${redemption.points} points are worth ${money.formatMoney(money.fromMinorUnits(value, currency))}`, type: 'value_error' }]);
  }
  // The spread again, on the lines as they stood before the points (their other discounts as one amount).
  const text = (minor: number) => money.formatMoney(money.fromMinorUnits(minor, currency));
  const spread = redeemOnTicket(
    sold.map((l) => ({ id: l.id, quantity: String(l.quantity / 1000), unit_price: l.unit_price, price_includes_tax: l.price_includes_tax, tax_rate: l.tax_rate, tax_category: l.tax_category, discount: { type: 'amount' as const, amount: text(l.discount - (l.loyalty_discount ?? 0)) } })),
    value,
    currency,
  );
  if (spread.some((s, i) => s.loyalty_discount !== (sold[i]!.loyalty_discount ?? 0))) {
    throw new ValidationError([{ loc: ['body', 'lines'], msg: 'The points discount is not spread over the lines as the program spreads it; apply the points again', type: 'value_error' }]);
  }
  return value;
}

/** The sale's points: redeemed, then earned; the member's items and the entry's lines. */
export function saleLoyalty(
  reads: TillLoyaltyReads,
  input: { points_redeemed: number; redeemed_value: number; gross: number; net: number; currency: string; today: string; now: string; createdBy: string | null; reference: { type: string; id: string }; location_id: string | null; journal_entry_id: string },
): { items: TransactItem[]; postings: LoyaltyPosting[]; record: StoredTicketLoyalty | null } {
  const member = reads.member;
  const program = programOf(reads);
  if (!member || !program || member.status !== 'active') return { items: [], postings: [], record: null };
  const terms = termsOf(program);
  const deferral = program.accounting_method === 'deferral';
  const changes: { line: PointsLine; state: MemberState }[] = [];
  const postings: LoyaltyPosting[] = [];
  let state = stateOf(member);
  let released = 0;
  if (input.points_redeemed) {
    released = deferral ? releaseFor(state, input.points_redeemed) : 0;
    const line: PointsLine = { type: 'redeem', points: -input.points_redeemed, deferred_change: -released, reference: input.reference, location_id: input.location_id, journal_entry_id: input.journal_entry_id, description: null };
    state = nextState(state, line, terms, input.today);
    changes.push({ line, state });
    if (released) postings.push({ account: 'loyalty_liability', amount: released, description: 'loyalty points redeemed' }, { account: 'sales', amount: -released, description: 'loyalty points redeemed' });
  }
  // An inactive program earns nothing new; its points can still be spent.
  const earned = program.status === 'active' ? ticketPointsEarned(terms, { gross_minor: input.gross, lifetime_points: member.lifetime_points }, input.currency) : 0;
  let deferred = 0;
  if (earned) {
    deferred = deferral ? deferredRevenue(input.net, earned, terms, input.currency, program.redemption_rate) : 0;
    const line: PointsLine = { type: 'earn', points: earned, deferred_change: deferred, reference: input.reference, location_id: input.location_id, journal_entry_id: input.journal_entry_id, description: null };
    state = nextState(state, line, terms, input.today);
    changes.push({ line, state });
    if (deferred) postings.push({ account: 'sales', amount: deferred, description: 'loyalty points deferred' }, { account: 'loyalty_liability', amount: -deferred, description: 'loyalty points deferred' });
  }
  if (!changes.length) return { items: [], postings: [], record: null };
  return {
    items: memberItems(member, changes, { now: input.now, createdBy: input.createdBy }),
    postings,
    record: {
      loyalty_program_id: program.id,
      points_earned: earned,
      points_redeemed: input.points_redeemed,
      redeemed_value: input.redeemed_value,
      deferred,
      released,
      points_taken_back: 0,
      points_restored: 0,
      shortfall_points: 0,
      shortfall_amount: 0,
      balance_after: state.points_balance,
    },
  };
}

/**
 * A return's points (see the module comment). `refund` is the money the return would give back
 * before the shortfall; the answer's `shortfall` is what the caller keeps from it.
 */
export function returnLoyalty(
  reads: TillLoyaltyReads,
  sale: { loyalty: StoredTicketLoyalty; gross: number; returned: StoredLoyaltyReturned | undefined },
  input: { returned_gross: number; refund: number; currency: string; today: string; now: string; createdBy: string | null; reference: { type: string; id: string }; location_id: string | null; journal_entry_id: string },
): { items: TransactItem[]; postings: LoyaltyPosting[]; record: StoredTicketLoyalty | null; shortfall: number; returned: StoredLoyaltyReturned } {
  const before = sale.returned?.gross ?? 0;
  const returned = { gross: before + input.returned_gross };
  const member = reads.member;
  const program = programOf(reads);
  // The customer left the program (with no points) or moved to another one: nothing to move.
  if (!member || !program || member.loyalty_program_id !== sale.loyalty.loyalty_program_id) return { items: [], postings: [], record: null, shortfall: 0, returned };
  const terms = termsOf(program);
  let state = stateOf(member);
  const available = pointsAvailable(state.lots, input.today);
  const adjustment = returnAdjustment({
    earned_points: sale.loyalty.points_earned,
    redeemed_points: sale.loyalty.points_redeemed,
    sale_net_minor: sale.gross,
    returned_net_minor: Math.min(input.returned_gross, sale.gross - before),
    already_returned_net_minor: before,
    balance: { points: available, terms, currency: input.currency, refund_minor: Math.max(input.refund, 0) },
  });
  const changes: { line: PointsLine; state: MemberState }[] = [];
  const postings: LoyaltyPosting[] = [];
  const share = (total: number) => {
    const at = (part: number) => (sale.gross ? Number(money.allocate(money.fromMinorUnits(total, input.currency), [String(part), String(sale.gross - part)])[0]!.amount) : 0);
    return at(Math.min(before + input.returned_gross, sale.gross)) - at(before);
  };
  if (adjustment.points_to_restore) {
    const redeferred = share(sale.loyalty.released);
    const line: PointsLine = { type: 'return_redeem', points: adjustment.points_to_restore, deferred_change: redeferred, reference: input.reference, location_id: input.location_id, journal_entry_id: input.journal_entry_id, description: null };
    state = nextState(state, line, terms, input.today);
    changes.push({ line, state });
    if (redeferred) postings.push({ account: 'sales_returns', amount: redeferred, description: 'loyalty points given back' }, { account: 'loyalty_liability', amount: -redeferred, description: 'loyalty points given back' });
  }
  if (adjustment.points_to_take_back) {
    // The revenue this sale deferred for the points taken back (so a full return restores the books
    // exactly), never more than the pool holds; the customer's last points release what is left.
    const release = program.accounting_method !== 'deferral' ? 0
      : adjustment.points_to_take_back >= state.points_balance ? state.deferred
        : Math.min(state.deferred, sale.loyalty.points_earned ? Math.round((sale.loyalty.deferred * adjustment.points_to_take_back) / sale.loyalty.points_earned) : 0);
    const line: PointsLine = { type: 'return_earn', points: -adjustment.points_to_take_back, deferred_change: -release, reference: input.reference, location_id: input.location_id, journal_entry_id: input.journal_entry_id, description: null };
    state = nextState(state, line, terms, input.today);
    changes.push({ line, state });
    if (release) postings.push({ account: 'loyalty_liability', amount: release, description: 'loyalty points taken back' }, { account: 'sales_returns', amount: -release, description: 'loyalty points taken back' });
  }
  if (adjustment.shortfall_minor) postings.push({ account: 'sales_returns', amount: -adjustment.shortfall_minor, description: 'loyalty points already spent, kept from the refund' });
  if (!changes.length && !adjustment.shortfall_minor) return { items: [], postings: [], record: null, shortfall: 0, returned };
  return {
    items: memberItems(member, changes, { now: input.now, createdBy: input.createdBy }),
    postings,
    shortfall: adjustment.shortfall_minor,
    returned,
    record: {
      loyalty_program_id: program.id,
      points_earned: 0,
      points_redeemed: 0,
      redeemed_value: 0,
      deferred: 0,
      released: 0,
      points_taken_back: adjustment.points_to_take_back,
      points_restored: adjustment.points_to_restore,
      shortfall_points: adjustment.shortfall_points,
      shortfall_amount: adjustment.shortfall_minor,
      balance_after: state.points_balance,
    },
  };
}
