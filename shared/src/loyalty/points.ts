/**
 * Loyalty points arithmetic: what a sale earns, what the points are worth, how much of the sale's
 * revenue waits for them, which lots a redemption draws on, and what a return takes back. Pure — the
 * server calls these inside its posting transactions with the figures it has read (no clock, no
 * I/O), so a till, a report and the ledger reach the same numbers. Points are whole numbers; money is
 * in integer minor units (fils) and every exact product is rounded once, like `money.ts`.
 *
 * Policies (each one a decision the business could dispute, so written down here):
 *
 * - Spend that earns (`earningSpend`). Points are earned on what the customer paid with money for
 *   goods: the ticket's gross (tax included — the customer sees and pays the tax, and a tax-exclusive
 *   basis would make the receipt's "you earned N points" uncheckable by hand), after discounts and
 *   promotions (they are not paid), less the part paid with points (points must not earn points) and
 *   less gift cards SOLD on the ticket (selling a card is a deposit, not a sale; the points are earned
 *   when the card is spent, so counting both would earn twice). Gift cards and store credit SPENT count
 *   as money: they were paid for, and a return that created store credit took its points back.
 * - `minimum_spend` is inclusive: a spend equal to it earns. Below it nothing is earned.
 * - Rounding of points (`rounding`) applies once, to the exact product spend × points_per_unit × tier
 *   multiplier: rounding before the multiplier would let the multiplier multiply a rounding error.
 *   'nearest' rounds halves up (points are never negative, so up is away from zero).
 * - Tier: the one with the highest `min_lifetime_points` at or below the customer's lifetime points
 *   BEFORE this sale (a sale does not earn at the rate of the tier it lifts the customer into).
 * - A point's `point_value` may be finer than the minor unit ("0.0025" JOD): a single point can be
 *   worth a fraction of a fil; amounts of points are rounded to the fil, half away from zero.
 * - Lots: each earn is a lot. `expires_on` is the first day the lot's points can no longer be used
 *   (earned on 2025-01-10 with `expiry_days` 30 → expires on 2025-02-09, usable through 2025-02-08).
 *   Dates are business dates (Asia/Amman) as 'YYYY-MM-DD', chosen by the caller.
 *   A redemption draws on the lot that expires first, then the oldest earned (FIFO), then by id;
 *   lots without expiry come last: the customer loses the fewest points that way.
 * - Revenue deferral (IFRS 15 B39–B43, a customer option giving a material right): see
 *   `deferredRevenue` and `releaseOnRedemption`. Expired points release their share like redeemed
 *   ones, so the deferred balance reaches zero exactly when the last outstanding point goes.
 * - Returns: points earned and points redeemed move pro rata to the net returned, cumulative-exact
 *   (see `returnAdjustment`). When the customer has already spent the points a return takes back,
 *   the points that are there are taken and the rest (the shortfall) is charged in money at
 *   `point_value`, deducted from the refund — the balance never goes negative (a negative balance is
 *   a debt the shop cannot collect at the till) and the customer keeps what the spent points bought.
 */
import {
  MoneyError,
  compareRatios,
  divideRatios,
  minorUnitsOf,
  multiplyRatios,
  parseDecimal,
  parseMoney,
  ratio,
  ratioOf,
  roundHalfAwayFromZero,
  type Ratio,
} from '../money.js';

export type PointsRounding = 'down' | 'nearest' | 'up';

export interface LoyaltyTier {
  name: string;
  /** Lifetime points (earned, before this sale) from which the tier applies. */
  min_lifetime_points: number;
  /** Decimal text multiplying the points earned: "1.5". */
  multiplier: string;
}

export interface LoyaltyProgramTerms {
  /** Points earned per major unit spent (per 1 JOD), decimal text: "1", "0.5". */
  points_per_unit: string;
  /** Points are whole numbers; how the exact figure becomes one. */
  rounding: PointsRounding;
  /** Money text ("5.000"); a spend below it earns nothing. */
  minimum_spend: string;
  /** Money one point is worth when redeemed, decimal text in major units: "0.010". */
  point_value: string;
  /** Days from the earn to the expiry of its lot; absent: points never expire. */
  expiry_days?: number;
  tiers?: LoyaltyTier[];
}

export type LoyaltyErrorCode = 'invalid_terms' | 'invalid_amount' | 'invalid_date' | 'insufficient_points';

/** A loyalty figure that cannot be computed as given: `loc` points at the field, as a 422 detail does. */
export class LoyaltyError extends Error {
  override name = 'LoyaltyError';
  constructor(
    readonly code: LoyaltyErrorCode,
    readonly loc: readonly (string | number)[],
    message: string,
    /** With 'insufficient_points': the points the customer can use. */
    readonly available?: number,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading inputs

type Loc = readonly (string | number)[];

function wholeNumber(value: number, loc: Loc, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new LoyaltyError('invalid_amount', loc, `${what} must be a whole number of zero or more, got ${value}`);
  }
  return value;
}

function anyWholeNumber(value: number, loc: Loc, what: string): number {
  if (!Number.isSafeInteger(value)) throw new LoyaltyError('invalid_amount', loc, `${what} must be a whole number, got ${value}`);
  return value;
}

function decimalRatio(value: string, loc: Loc, what: string): Ratio {
  try {
    return ratioOf(parseDecimal(value));
  } catch (error) {
    if (error instanceof MoneyError) throw new LoyaltyError('invalid_terms', loc, `${what} must be a decimal number, got "${String(value)}"`);
    throw error;
  }
}

function toSafeNumber(value: bigint, loc: Loc): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new LoyaltyError('invalid_amount', loc, 'The result is out of range');
  }
  return Number(value) || 0; // never hand out -0
}

const ZERO: Ratio = { num: 0n, den: 1n };
const ONE: Ratio = { num: 1n, den: 1n };

/** Largest integer ≤ value. */
function floorRatio(value: Ratio): bigint {
  const quotient = value.num / value.den;
  return value.num % value.den !== 0n && value.num < 0n ? quotient - 1n : quotient;
}

/** Smallest integer ≥ value. */
function ceilRatio(value: Ratio): bigint {
  const quotient = value.num / value.den;
  return value.num % value.den !== 0n && value.num > 0n ? quotient + 1n : quotient;
}

function roundPoints(value: Ratio, rounding: PointsRounding): bigint {
  if (rounding === 'down') return floorRatio(value);
  if (rounding === 'up') return ceilRatio(value);
  return roundHalfAwayFromZero(value);
}

interface ReadTerms {
  points_per_unit: Ratio;
  rounding: PointsRounding;
  minimum_spend_minor: number;
  /** Minor units one point is worth, exact (may be a fraction of a fil). */
  point_value_minor: Ratio;
  expiry_days: number | undefined;
  /** By `min_lifetime_points`, ascending. */
  tiers: { name: string; min_lifetime_points: number; multiplier: Ratio }[];
}

function readTerms(terms: LoyaltyProgramTerms, currency: string): ReadTerms {
  const loc = ['terms'] as const;
  const points_per_unit = decimalRatio(terms.points_per_unit, [...loc, 'points_per_unit'], 'Points per unit');
  if (compareRatios(points_per_unit, ZERO) < 0) {
    throw new LoyaltyError('invalid_terms', [...loc, 'points_per_unit'], 'Points per unit cannot be negative');
  }
  if (terms.rounding !== 'down' && terms.rounding !== 'nearest' && terms.rounding !== 'up') {
    throw new LoyaltyError('invalid_terms', [...loc, 'rounding'], `Rounding is down, nearest or up, got "${String(terms.rounding)}"`);
  }
  let minimum_spend_minor: number;
  try {
    minimum_spend_minor = parseMoney(terms.minimum_spend, currency).amount;
  } catch (error) {
    if (error instanceof MoneyError) {
      throw new LoyaltyError('invalid_terms', [...loc, 'minimum_spend'], `Minimum spend must be an amount in ${currency}: ${error.message}`);
    }
    throw error;
  }
  if (minimum_spend_minor < 0) throw new LoyaltyError('invalid_terms', [...loc, 'minimum_spend'], 'Minimum spend cannot be negative');
  const point_value = decimalRatio(terms.point_value, [...loc, 'point_value'], 'Point value');
  // A point worth nothing would make every redemption free and `pointsForValue` infinite.
  if (compareRatios(point_value, ZERO) <= 0) throw new LoyaltyError('invalid_terms', [...loc, 'point_value'], 'A point must be worth more than zero');
  const point_value_minor = multiplyRatios(point_value, ratio(10n ** BigInt(minorUnitsOf(currency))));
  const { expiry_days } = terms;
  if (expiry_days !== undefined && (!Number.isSafeInteger(expiry_days) || expiry_days <= 0)) {
    throw new LoyaltyError('invalid_terms', [...loc, 'expiry_days'], 'Expiry is a whole number of days, at least 1');
  }
  const tiers = (terms.tiers ?? []).map((tier, index) => {
    const tierLoc = [...loc, 'tiers', index];
    if (!Number.isSafeInteger(tier.min_lifetime_points) || tier.min_lifetime_points < 0) {
      throw new LoyaltyError('invalid_terms', [...tierLoc, 'min_lifetime_points'], 'A tier starts at a whole number of points, zero or more');
    }
    const multiplier = decimalRatio(tier.multiplier, [...tierLoc, 'multiplier'], 'Tier multiplier');
    if (compareRatios(multiplier, ZERO) <= 0) throw new LoyaltyError('invalid_terms', [...tierLoc, 'multiplier'], 'A tier multiplier is greater than zero');
    return { name: tier.name, min_lifetime_points: tier.min_lifetime_points, multiplier, index };
  });
  tiers.sort((a, b) => a.min_lifetime_points - b.min_lifetime_points);
  for (let i = 1; i < tiers.length; i += 1) {
    const [previous, current] = [tiers[i - 1]!, tiers[i]!];
    // Two tiers from the same threshold leave the customer's multiplier undecided.
    if (previous.min_lifetime_points === current.min_lifetime_points) {
      throw new LoyaltyError('invalid_terms', [...loc, 'tiers', current.index, 'min_lifetime_points'], `Tiers "${previous.name}" and "${current.name}" start at the same points`);
    }
  }
  return {
    points_per_unit,
    rounding: terms.rounding,
    minimum_spend_minor,
    point_value_minor,
    expiry_days,
    tiers: tiers.map(({ name, min_lifetime_points, multiplier }) => ({ name, min_lifetime_points, multiplier })),
  };
}

/** Validates a program's terms for a currency (the server calls it when the program is saved). */
export function checkLoyaltyTerms(terms: LoyaltyProgramTerms, currency: string): void {
  readTerms(terms, currency);
}

// ---------------------------------------------------------------------------------------------
// Earning

/** The customer's tier for their lifetime points before the sale; null when no tier is reached. */
export function tierFor(terms: LoyaltyProgramTerms, lifetime_points: number): LoyaltyTier | null {
  wholeNumber(lifetime_points, ['lifetime_points'], 'Lifetime points');
  let reached: LoyaltyTier | null = null;
  for (const tier of terms.tiers ?? []) {
    if (tier.min_lifetime_points <= lifetime_points && (reached === null || tier.min_lifetime_points > reached.min_lifetime_points)) {
      reached = tier;
    }
  }
  return reached;
}

export interface EarningSpendInput {
  /** The ticket's total due: tax included, after discounts and promotions. */
  gross_minor: number;
  /** The part of it paid with loyalty points. */
  paid_with_points_minor: number;
  /** Gift cards sold on the ticket (a deposit: earned on when spent, not when bought). */
  gift_cards_sold_minor?: number;
}

/** The spend a sale earns points on (see the module comment for why each part is in or out). */
export function earningSpend(input: EarningSpendInput): number {
  const gross = wholeNumber(input.gross_minor, ['gross_minor'], 'The gross');
  const byPoints = wholeNumber(input.paid_with_points_minor, ['paid_with_points_minor'], 'The part paid with points');
  const cardsSold = wholeNumber(input.gift_cards_sold_minor ?? 0, ['gift_cards_sold_minor'], 'Gift cards sold');
  if (byPoints + cardsSold > gross) {
    throw new LoyaltyError('invalid_amount', ['paid_with_points_minor'], 'Points and gift cards sold cannot exceed the ticket');
  }
  return gross - byPoints - cardsSold;
}

/**
 * Whole points earned on `spend_minor` (from `earningSpend`) in `currency`, at the tier of the
 * customer's lifetime points before this sale.
 * Worked: 1 point per JOD, spend 23.456 → 23 (down), 23 (nearest), 24 (up).
 */
export function pointsEarned(terms: LoyaltyProgramTerms, spend_minor: number, currency: string, lifetime_points = 0): number {
  const read = readTerms(terms, currency);
  wholeNumber(spend_minor, ['spend_minor'], 'The spend');
  const tier = tierFor(terms, lifetime_points);
  if (spend_minor === 0 || spend_minor < read.minimum_spend_minor) return 0;
  const spend = ratio(BigInt(spend_minor), 10n ** BigInt(minorUnitsOf(currency)));
  const multiplier = tier ? ratioOf(tier.multiplier) : ONE;
  const exact = multiplyRatios(multiplyRatios(spend, read.points_per_unit), multiplier);
  return toSafeNumber(roundPoints(exact, read.rounding), ['spend_minor']);
}

// ---------------------------------------------------------------------------------------------
// Value of points

/** What `points` are worth in minor units, rounded half away from zero to the fil. */
export function redeemValue(terms: LoyaltyProgramTerms, points: number, currency: string): number {
  const read = readTerms(terms, currency);
  wholeNumber(points, ['points'], 'Points');
  return toSafeNumber(roundHalfAwayFromZero(multiplyRatios(ratio(BigInt(points)), read.point_value_minor)), ['points']);
}

/**
 * The fewest points whose value covers `minor` (ceil): at 0.010 JOD a point, 0.025 JOD needs 3 points.
 * `redeemValue` of the result is never below `minor`.
 */
export function pointsForValue(terms: LoyaltyProgramTerms, minor: number, currency: string): number {
  const read = readTerms(terms, currency);
  wholeNumber(minor, ['minor'], 'The amount');
  return toSafeNumber(ceilRatio(divideRatios(ratio(BigInt(minor)), read.point_value_minor)), ['minor']);
}

// ---------------------------------------------------------------------------------------------
// Revenue deferral (IFRS 15)

/**
 * The minor units of a sale's net revenue allocated to the points it earned, deferred as a contract
 * liability until the points are redeemed or expire (IFRS 15 B40, a material right).
 *
 * The transaction price is split by relative stand-alone selling prices (IFRS 15.74): the goods'
 * is the sale net itself (what they sell for without points), the points' is
 * points × point_value × `redemption_rate` (the share of points expected to be redeemed; the rest is
 * breakage, "0.8" → 20% expected never to be used). So
 *   deferred = sale_net × ssp_points / (sale_net + ssp_points),
 * computed exactly as a rational and rounded ONCE, half away from zero, to the fil (the money.ts
 * convention: a refund mirrors its sale). The revenue recognised now is sale_net − deferred, so the
 * two parts add up to the sale to the fil without a second rounding.
 * Worked: net 100.000 JOD, 100 points at 0.010, rate 1: 100000 × 1000 / 101000 = 990.099 → 990 fils.
 */
export function deferredRevenue(
  sale_net_minor: number,
  points: number,
  terms: LoyaltyProgramTerms,
  currency: string,
  redemption_rate = '1',
): number {
  const read = readTerms(terms, currency);
  wholeNumber(sale_net_minor, ['sale_net_minor'], 'The sale net');
  wholeNumber(points, ['points'], 'Points');
  const rate = decimalRatio(redemption_rate, ['redemption_rate'], 'The redemption rate');
  if (compareRatios(rate, ZERO) < 0 || compareRatios(rate, ONE) > 0) {
    throw new LoyaltyError('invalid_terms', ['redemption_rate'], 'The redemption rate is between 0 and 1');
  }
  const ssp = multiplyRatios(multiplyRatios(ratio(BigInt(points)), read.point_value_minor), rate);
  if (sale_net_minor === 0 || ssp.num === 0n) return 0;
  const net = BigInt(sale_net_minor);
  // net × (a/b) / (net + a/b) = net × a / (net × b + a)
  const deferred = ratio(net * ssp.num, net * ssp.den + ssp.num);
  return toSafeNumber(roundHalfAwayFromZero(deferred), ['sale_net_minor']);
}

/**
 * Deferred revenue released when `points_redeemed` of the `points_outstanding` go (redeemed, or
 * expired: breakage is released as the points lapse). Pro rata, rounded half away from zero; when
 * the last points go they release the whole remaining balance, so rounding residues never strand a
 * fil in the liability and the balance reaches exactly 0 with the last point.
 */
export function releaseOnRedemption(deferred_balance_minor: number, points_outstanding: number, points_redeemed: number): number {
  const balance = anyWholeNumber(deferred_balance_minor, ['deferred_balance_minor'], 'The deferred balance');
  wholeNumber(points_outstanding, ['points_outstanding'], 'Outstanding points');
  wholeNumber(points_redeemed, ['points_redeemed'], 'Redeemed points');
  if (points_redeemed > points_outstanding) {
    throw new LoyaltyError('insufficient_points', ['points_redeemed'], `Only ${points_outstanding} points are outstanding`, points_outstanding);
  }
  if (points_redeemed === points_outstanding) return balance;
  return toSafeNumber(roundHalfAwayFromZero(ratio(BigInt(balance) * BigInt(points_redeemed), BigInt(points_outstanding))), ['deferred_balance_minor']);
}

// ---------------------------------------------------------------------------------------------
// Lots

export interface PointLot {
  id: string;
  /** Business date of the earn, 'YYYY-MM-DD' (a timestamp also sorts, but keep one form per customer). */
  earned_at: string;
  /** First day the points are no longer usable, 'YYYY-MM-DD'; absent: they never expire. */
  expires_on?: string;
  points_remaining: number;
}

export interface LotDraw {
  lot_id: string;
  points: number;
}

export interface ExpiringLot {
  lot_id: string;
  expires_on: string;
  points: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(date: string, loc: Loc): number {
  const match = typeof date === 'string' ? ISO_DATE.exec(date) : null;
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  // Date.UTC rolls 2025-02-30 over to March; a date that does not read back is not a date.
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new LoyaltyError('invalid_date', loc, `A date is written YYYY-MM-DD, got "${String(date)}"`);
  }
  return time;
}

/** The `expires_on` of a lot earned on `earned_on` under `terms`; undefined when points never expire. */
export function lotExpiry(terms: LoyaltyProgramTerms, earned_on: string): string | undefined {
  const days = terms.expiry_days;
  if (days === undefined) return undefined;
  if (!Number.isSafeInteger(days) || days <= 0) throw new LoyaltyError('invalid_terms', ['terms', 'expiry_days'], 'Expiry is a whole number of days, at least 1');
  const start = utcDay(earned_on, ['earned_on']);
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

function checkLots(lots: readonly PointLot[], today: string | undefined): void {
  if (today !== undefined) utcDay(today, ['today']);
  lots.forEach((lot, index) => {
    wholeNumber(lot.points_remaining, ['lots', index, 'points_remaining'], 'Points remaining');
    if (lot.expires_on !== undefined) utcDay(lot.expires_on, ['lots', index, 'expires_on']);
  });
}

const isExpired = (lot: PointLot, today: string | undefined) => today !== undefined && lot.expires_on !== undefined && lot.expires_on <= today;

/** Points usable now: every lot's remaining points, less the lots expired by `today` when given. */
export function pointsAvailable(lots: readonly PointLot[], today?: string): number {
  checkLots(lots, today);
  return lots.reduce((sum, lot) => (isExpired(lot, today) ? sum : sum + lot.points_remaining), 0);
}

/** Redemption order: first to expire, then oldest earned (FIFO), then id; never-expiring lots last. */
function compareForRedemption(a: PointLot, b: PointLot): number {
  if (a.expires_on !== b.expires_on) {
    if (a.expires_on === undefined) return 1;
    if (b.expires_on === undefined) return -1;
    return a.expires_on < b.expires_on ? -1 : 1;
  }
  if (a.earned_at !== b.earned_at) return a.earned_at < b.earned_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Which lots give how many of `points` (see the order above). With `today`, lots expired by then are
 * skipped (they should have been expired already; this keeps a late expiry run from being spent).
 * Throws LoyaltyError 'insufficient_points' with `available` when the lots do not hold enough.
 */
export function consumeLots(lots: readonly PointLot[], points: number, today?: string): LotDraw[] {
  wholeNumber(points, ['points'], 'Points');
  const available = pointsAvailable(lots, today);
  if (points > available) {
    throw new LoyaltyError('insufficient_points', ['points'], `Only ${available} points are available, ${points} requested`, available);
  }
  const draws: LotDraw[] = [];
  let wanted = points;
  for (const lot of [...lots].filter((l) => l.points_remaining > 0 && !isExpired(l, today)).sort(compareForRedemption)) {
    if (wanted === 0) break;
    const taken = Math.min(wanted, lot.points_remaining);
    draws.push({ lot_id: lot.id, points: taken });
    wanted -= taken;
  }
  return draws;
}

/** Lots whose points expire by `today` (expires_on ≤ today) with the points they lose, first to expire first. */
export function expireLots(lots: readonly PointLot[], today: string): ExpiringLot[] {
  checkLots(lots, today);
  return lots
    .filter((lot) => lot.points_remaining > 0 && isExpired(lot, today))
    .sort(compareForRedemption)
    .map((lot) => ({ lot_id: lot.id, expires_on: lot.expires_on!, points: lot.points_remaining }));
}

// ---------------------------------------------------------------------------------------------
// Returns

export interface ReturnAdjustmentInput {
  /** Points the sale earned. */
  earned_points: number;
  /** Points redeemed as payment on the sale. */
  redeemed_points: number;
  /**
   * The sale's and the returns' amounts on one basis (the ticket's line gross, say); only their
   * ratio matters.
   */
  sale_net_minor: number;
  returned_net_minor: number;
  /** What earlier returns of the same sale returned. */
  already_returned_net_minor: number;
  /** Give it to apply the shortfall policy against the customer's balance. */
  balance?: {
    /** The customer's usable points before this return. */
    points: number;
    terms: LoyaltyProgramTerms;
    currency: string;
    /** The money refund of this return: the shortfall deducted from it is capped there. */
    refund_minor?: number;
  };
}

export interface ReturnAdjustment {
  /** Points taken off the customer's balance (at most what the balance holds after the restore). */
  points_to_take_back: number;
  /** Points paid on the sale that go back to the customer. */
  points_to_restore: number;
  /** Points that should have been taken back but were already spent. */
  shortfall_points: number;
  /**
   * Their value at `point_value`, deducted from the money refund (capped at `refund_minor`; points
   * beyond what the refund covers are forgiven: the shop cannot collect them at the till).
   */
  shortfall_minor: number;
}

/**
 * Points a return takes back and gives back, pro rata to the net returned and cumulative-exact: the
 * part for this return is round(total × returned so far / sale) − round(total × returned before /
 * sale), so returning the whole sale in any number of parts moves exactly the points of the sale,
 * never one more (rounding each part on its own would not: 2 points returned in three equal thirds
 * would take back round(0.667) × 3 = 3).
 */
export function returnAdjustment(input: ReturnAdjustmentInput): ReturnAdjustment {
  const earned = wholeNumber(input.earned_points, ['earned_points'], 'Earned points');
  const redeemed = wholeNumber(input.redeemed_points, ['redeemed_points'], 'Redeemed points');
  const sale = wholeNumber(input.sale_net_minor, ['sale_net_minor'], 'The sale net');
  const returned = wholeNumber(input.returned_net_minor, ['returned_net_minor'], 'The returned net');
  const before = wholeNumber(input.already_returned_net_minor, ['already_returned_net_minor'], 'The net already returned');
  if (before + returned > sale) {
    throw new LoyaltyError('invalid_amount', ['returned_net_minor'], 'A sale cannot be returned beyond what was sold');
  }
  const shareOf = (total: number, part: number) =>
    sale === 0 ? 0n : roundHalfAwayFromZero(ratio(BigInt(total) * BigInt(part), BigInt(sale)));
  const partOf = (total: number) => Number(shareOf(total, before + returned) - shareOf(total, before));
  let points_to_take_back = partOf(earned);
  const points_to_restore = partOf(redeemed);

  let shortfall_points = 0;
  let shortfall_minor = 0;
  if (input.balance) {
    const { balance } = input;
    const held = wholeNumber(balance.points, ['balance', 'points'], 'The balance');
    // The restore and the take-back post together, so restored points can cover the take-back.
    const there = held + points_to_restore;
    if (points_to_take_back > there) {
      shortfall_points = points_to_take_back - there;
      points_to_take_back = there;
      shortfall_minor = redeemValue(balance.terms, shortfall_points, balance.currency);
      if (balance.refund_minor !== undefined) {
        shortfall_minor = Math.min(shortfall_minor, wholeNumber(balance.refund_minor, ['balance', 'refund_minor'], 'The refund'));
      }
    }
  }
  return { points_to_take_back, points_to_restore, shortfall_points, shortfall_minor };
}
