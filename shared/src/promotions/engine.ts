/**
 * The promotions engine: which promotions a cart earns, why the others do not apply, and how much
 * each line is discounted, in integer minor units (fils), exact to the fil. It is pure — the server's
 * `POST promotions/validate`, the till and invoices call it with the cart as they see it and the
 * shop's local weekday and time (no clock, no time zone database, no I/O here), so the register and
 * the server reach the same figures.
 *
 * Money basis. Every amount the engine reads or produces is on the line's `gross`: tax-inclusive,
 * after any manual line discount, before promotions — what the customer sees on the ticket. So
 * `min_subtotal` compares the gross of the qualifying lines, percentages are taken of gross, and a
 * line's promotion discount is taken off its gross (the ticket then splits the discounted gross
 * into net and tax, which is why each line gets its own share: tax stays exact per line).
 * `unit_price` is carried for display; "cheapest units" are ranked by gross per unit so that every
 * comparison is on the same basis as the discount itself.
 *
 * Model choices:
 * - One reward per promotion (`promotion.reward`), not one per rule: a promotion is one offer, and
 *   its rules are the alternative ways of earning it. A promotion applies when ANY of its rules
 *   holds (all conditions of that rule together); the reward is then computed over the union of the
 *   qualifying lines of every rule that holds. A promotion without rules applies to every line.
 * - An empty list in a rule (`product_ids: []`, `days_of_week: []` …) restricts nothing, exactly
 *   like a missing one: a list that excludes everything would make an offer that can never apply,
 *   which no shop means.
 * - Lines with a quantity or gross of zero or less (returns, voided lines) never qualify: a promotion
 *   is earned by buying.
 * - `starts_at` is inclusive and `ends_at` exclusive (the period is [starts_at, ends_at)); both and
 *   the cart's `at` must carry an offset (`Z` or `+03:00`) so that an instant never depends on the
 *   time zone of the machine that runs this.
 * - A time window `time_from`–`time_to` is [from, to) in local time; when `time_from` is later than
 *   `time_to` it crosses midnight (22:00–02:00), and the hours after midnight belong to the day the
 *   window opened on: a Friday-night offer (days_of_week [5]) still holds at 01:00 on Saturday.
 *
 * Why not (the FIRST failing check is reported, in this order):
 *   promotion: 1 not_active → 2 usage_limit_reached → 3 customer_required / customer_limit_reached;
 *   each rule: 4 before_start → 5 expired → 6 wrong_day → 7 outside_hours → 8 customer_not_included
 *     → 9 location_not_included → 10 no_qualifying_lines → 11 min_quantity → 12 min_subtotal;
 *     when no rule holds, the reason is that of the rule that got furthest down this list (the one
 *     closest to applying; on a tie, the earlier rule);
 *   reward: 13 item_not_in_cart (free_item), min_quantity (buy_x_get_y: fewer than buy + get
 *     units), min_subtotal / min_quantity (tiered: no tier reached) → 14 nothing_to_discount.
 * An eligible promotion says `applied` {discount}, or `capped` {discount, requested} when a fixed
 * amount was more than what is left of its lines.
 *
 * Combining (`applyPromotions`): promotions are taken by priority (higher first), then id. Each is
 * first evaluated on the cart as it is. An exclusive promotion applies only when it is the first
 * eligible one, and then alone: every other eligible promotion is skipped (`excluded_by`); an
 * exclusive one that comes after another eligible promotion is skipped (`cannot_combine`), since
 * it would not be alone. Otherwise, of the non-stackable promotions only the one with the largest
 * discount on the cart as it is applies (tie: the earlier in order), the others are skipped
 * (`better_promotion`); stackable ones all apply. They apply in order, each to what is left of the
 * lines after the earlier ones (conditions — subtotals, quantities, tiers — are still read on the
 * cart before any promotion), so a line's total discount can never exceed its gross.
 */
import {
  compareRatios,
  addRatios,
  divideRatios,
  formatDecimal,
  formatMoney,
  fromMinorUnits,
  isCurrencyCode,
  multiplyRatios,
  parseDecimal,
  parseMoney,
  ratio,
  ratioOf,
  roundHalfAwayFromZero,
  subtractRatios,
  type Ratio,
} from '../money.js';

// ---------------------------------------------------------------------------------------------
// Model

export const PROMOTION_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Conditions of one rule; all that are given must hold. Quantities are decimal text, money is major units text. */
export interface PromotionRule {
  /** A line qualifies if its product is listed or its category is listed; with neither list, every line does. */
  product_ids?: string[];
  category_ids?: string[];
  /** Total quantity of the qualifying lines, at least. */
  min_quantity?: string;
  /** Total gross (tax-inclusive, before promotions) of the qualifying lines, at least: "20.000". */
  min_subtotal?: string;
  customer_ids?: string[];
  location_ids?: string[];
  /** ISO datetimes with an offset; the period is [starts_at, ends_at). */
  starts_at?: string;
  ends_at?: string;
  /** Local weekdays, 0 = Sunday … 6 = Saturday. */
  days_of_week?: number[];
  /** Local "HH:MM"; [time_from, time_to), crossing midnight when time_from > time_to. */
  time_from?: string;
  time_to?: string;
}

/** A tier of a tiered reward: reached by the gross or by the quantity of the qualifying lines. */
export type PromotionTier = { min_subtotal: string; percent: string } | { min_quantity: string; percent: string };

export type PromotionReward =
  /** This percentage off every qualifying line. */
  | { type: 'percent'; percent: string }
  /** This amount off the qualifying lines together (never more than what they come to), spread pro rata. */
  | { type: 'fixed_amount'; amount: string }
  /** Up to `quantity` units of the product free, the cheapest units first, if it is in the cart. */
  | { type: 'free_item'; product_id: string; quantity: string }
  /** For every `buy_quantity + get_quantity` qualifying units, the `get_quantity` cheapest get `percent` off (100 by default). */
  | { type: 'buy_x_get_y'; buy_quantity: string; get_quantity: string; percent?: string }
  /** The reached tier with the highest percentage, off the qualifying lines together, spread pro rata. */
  | { type: 'tiered'; tiers: PromotionTier[] };

export type PromotionRewardType = PromotionReward['type'];

export interface Promotion {
  id: string;
  name: string;
  /** Higher first. */
  priority: number;
  /** Applies only alone (see the module comment). */
  exclusive: boolean;
  /** Adds to other promotions; among non-stackable ones only the best applies. */
  stackable: boolean;
  status: PromotionStatus;
  usage_limit_total?: number;
  usage_limit_per_customer?: number;
  /** Times used so far, all customers. */
  used_total: number;
  /** Times the cart's customer has used it (the caller looks it up for `cart.customer_id`). */
  used_by_customer?: number;
  /** Alternatives: the promotion applies when ANY rule holds; no rules means always. */
  rules: PromotionRule[];
  reward: PromotionReward;
}

export interface CartLine {
  id: string;
  product_id?: string;
  category_id?: string;
  /** Decimal text: "3", "1.250". */
  quantity: string;
  /** Money text, shown, not used for amounts (see the module comment). */
  unit_price: string;
  /** Money text: the line's amount before promotion discount, tax included, as the ticket computes it. */
  gross: string;
}

export interface Cart {
  currency: string;
  lines: CartLine[];
  customer_id?: string;
  location_id?: string;
  /** The shop's local weekday, 0 = Sunday … 6 = Saturday. */
  local_weekday: number;
  /** The shop's local time, "HH:MM". */
  local_time: string;
  /** The instant of the sale, ISO with an offset. */
  at: string;
}

/** Every reason the engine gives, so the web can hold a translation for each. */
export const PROMOTION_REASON_KEYS = [
  'promotion.why.applied',
  'promotion.why.capped',
  'promotion.why.not_active',
  'promotion.why.usage_limit_reached',
  'promotion.why.customer_required',
  'promotion.why.customer_limit_reached',
  'promotion.why.before_start',
  'promotion.why.expired',
  'promotion.why.wrong_day',
  'promotion.why.outside_hours',
  'promotion.why.customer_not_included',
  'promotion.why.location_not_included',
  'promotion.why.no_qualifying_lines',
  'promotion.why.min_quantity',
  'promotion.why.min_subtotal',
  'promotion.why.item_not_in_cart',
  'promotion.why.nothing_to_discount',
  'promotion.why.excluded_by',
  'promotion.why.cannot_combine',
  'promotion.why.better_promotion',
] as const;
export type PromotionReasonKey = (typeof PROMOTION_REASON_KEYS)[number];

/** Values for the translated sentence; money as decimal text in the cart's currency ("2.500"). */
export type ReasonParams = Record<string, string>;

export interface PromotionLineDiscount {
  line_id: string;
  discount_minor: number;
}

export type PromotionEvaluation =
  | {
      eligible: true;
      discount_minor: number;
      /** Lines that get a share, in cart order; the shares add up to `discount_minor`. */
      lines: PromotionLineDiscount[];
      reason_key: PromotionReasonKey;
      reason_params: ReasonParams;
    }
  | { eligible: false; reason_key: PromotionReasonKey; reason_params: ReasonParams };

export interface AppliedPromotion {
  promotion_id: string;
  discount_minor: number;
  lines: PromotionLineDiscount[];
  reason_key: PromotionReasonKey;
  reason_params: ReasonParams;
}

export interface SkippedPromotion {
  promotion_id: string;
  reason_key: PromotionReasonKey;
  reason_params: ReasonParams;
}

export interface PromotionsResult {
  /** In the order they were applied. */
  applied: AppliedPromotion[];
  /** In priority order. */
  skipped: SkippedPromotion[];
  /** Total promotion discount per line id (lines without one are absent), in cart order. */
  line_discounts: Record<string, number>;
}

/** A promotion or cart that cannot be evaluated as given: `loc` points at the field, as a 422 detail does. */
export class PromotionError extends Error {
  override name = 'PromotionError';
  constructor(
    readonly loc: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------
// Ticket-level discount spread over lines

/**
 * Splits a ticket-level discount over lines in proportion to their base (largest remainder: each
 * line gets the floor of its exact share, the fils left over go one each to the largest fractional
 * remainders, ties to the earlier line — the rule of `money.allocate`, on plain integers). The
 * shares add up to the discount exactly, and none exceeds its line's base: a share's exact value is
 * at most the base, and a line only gets the extra fil when its exact share is not whole, so below
 * the base.
 */
export function spreadDiscount(discount_minor: number, lines: readonly { id: string; base_minor: number }[]): { id: string; discount_minor: number }[] {
  if (!Number.isSafeInteger(discount_minor) || discount_minor < 0) {
    throw new PromotionError(['discount_minor'], 'A discount is a whole number of minor units, zero or more');
  }
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.base_minor) || line.base_minor < 0) {
      throw new PromotionError(['lines', index, 'base_minor'], 'A line base is a whole number of minor units, zero or more');
    }
  });
  const totalBase = lines.reduce((acc, l) => acc + BigInt(l.base_minor), 0n);
  const units = BigInt(discount_minor);
  if (units > totalBase) {
    throw new PromotionError(['discount_minor'], 'A discount cannot be more than the lines it is spread over');
  }
  if (units === 0n) return lines.map((l) => ({ id: l.id, discount_minor: 0 }));
  const shares = lines.map((line, index) => {
    const exact = units * BigInt(line.base_minor);
    return { index, floor: exact / totalBase, remainder: exact % totalBase };
  });
  let leftover = units - shares.reduce((acc, s) => acc + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const parts = shares.map((s) => s.floor);
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    if (share.remainder === 0n) continue; // a whole share never takes an extra fil (keeps it within its base)
    parts[share.index] = share.floor + 1n;
    leftover -= 1n;
  }
  return lines.map((line, index) => ({ id: line.id, discount_minor: Number(parts[index]) }));
}

// ---------------------------------------------------------------------------------------------
// Reading the cart

interface PreparedLine {
  id: string;
  product_id?: string;
  category_id?: string;
  quantity: Ratio;
  gross: number;
  /** Position in the cart, the final tie-break. */
  position: number;
}

interface PreparedCart {
  currency: string;
  lines: PreparedLine[];
  customer_id?: string;
  location_id?: string;
  weekday: number;
  minutes: number;
  at: number;
  at_text: string;
}

/** Date and time with a mandatory offset: Date.parse would read an offset-less text in the host's zone. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function instantOf(text: unknown, loc: readonly (string | number)[]): number {
  const time = typeof text === 'string' && ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw new PromotionError(loc, 'Enter a date and time with its offset, e.g. 2025-05-01T09:00:00+03:00');
  return time;
}

function minutesOf(text: unknown, loc: readonly (string | number)[]): number {
  const match = typeof text === 'string' ? CLOCK_TIME.exec(text) : null;
  if (!match) throw new PromotionError(loc, 'Enter a time as HH:MM, e.g. 22:00');
  return Number(match[1]) * 60 + Number(match[2]);
}

function weekdayOf(value: unknown, loc: readonly (string | number)[]): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 6) {
    throw new PromotionError(loc, 'A weekday is 0 (Sunday) to 6 (Saturday)');
  }
  return value;
}

function quantityOf(text: unknown, loc: readonly (string | number)[], sign: 'positive' | 'not_negative' | 'signed'): Ratio {
  let value: Ratio;
  try {
    if (typeof text !== 'string') throw new Error('not text');
    value = ratioOf(text);
  } catch {
    throw new PromotionError(loc, 'Enter a quantity as a decimal number');
  }
  if (sign === 'positive' && value.num <= 0n) throw new PromotionError(loc, 'A quantity here is greater than zero');
  if (sign === 'not_negative' && value.num < 0n) throw new PromotionError(loc, 'A quantity here is zero or more');
  return value;
}

function moneyOf(text: unknown, currency: string, loc: readonly (string | number)[], { signed }: { signed: boolean }): number {
  let amount: number;
  try {
    if (typeof text !== 'string') throw new Error('not text');
    amount = parseMoney(text, currency).amount;
  } catch {
    throw new PromotionError(loc, `Enter an amount in ${currency} with its decimals`);
  }
  if (!signed && amount < 0) throw new PromotionError(loc, 'An amount here is zero or more');
  return amount;
}

function percentOfText(text: unknown, loc: readonly (string | number)[]): Ratio {
  let value: Ratio;
  try {
    if (typeof text !== 'string') throw new Error('not text');
    value = ratioOf(parseDecimal(text));
  } catch {
    throw new PromotionError(loc, 'Enter a percentage as a decimal number');
  }
  if (value.num < 0n || compareRatios(value, ratio(100n)) > 0) throw new PromotionError(loc, 'A percentage is between 0 and 100');
  return value;
}

function prepareCart(cart: Cart): PreparedCart {
  if (!isCurrencyCode(cart.currency)) throw new PromotionError(['currency'], `Unknown currency: ${String(cart.currency)}`);
  const seen = new Set<string>();
  const lines = cart.lines.map((line, index): PreparedLine => {
    if (seen.has(line.id)) throw new PromotionError(['lines', index, 'id'], 'Each cart line has its own id');
    seen.add(line.id);
    return {
      id: line.id,
      ...(line.product_id !== undefined ? { product_id: line.product_id } : {}),
      ...(line.category_id !== undefined ? { category_id: line.category_id } : {}),
      // signed: a return line is read (and then never qualifies) rather than refused
      quantity: quantityOf(line.quantity, ['lines', index, 'quantity'], 'signed'),
      gross: moneyOf(line.gross, cart.currency, ['lines', index, 'gross'], { signed: true }),
      position: index,
    };
  });
  return {
    currency: cart.currency,
    lines,
    ...(cart.customer_id !== undefined ? { customer_id: cart.customer_id } : {}),
    ...(cart.location_id !== undefined ? { location_id: cart.location_id } : {}),
    weekday: weekdayOf(cart.local_weekday, ['local_weekday']),
    minutes: minutesOf(cart.local_time, ['local_time']),
    at: instantOf(cart.at, ['at']),
    at_text: cart.at,
  };
}

// ---------------------------------------------------------------------------------------------
// Conditions

type Failure = { ok: false; reason_key: PromotionReasonKey; reason_params: ReasonParams };
type RuleFailure = Failure & { step: number };

const fail = (reason_key: PromotionReasonKey, reason_params: ReasonParams = {}): Failure => ({ ok: false, reason_key, reason_params });

/** Check order of a rule (see the module comment): a later step means the rule got closer to holding. */
const RULE_STEPS = {
  before_start: 4,
  expired: 5,
  wrong_day: 6,
  outside_hours: 7,
  customer_not_included: 8,
  location_not_included: 9,
  no_qualifying_lines: 10,
  min_quantity: 11,
  min_subtotal: 12,
} as const;

const given = <T>(list: readonly T[] | undefined): list is readonly T[] => list !== undefined && list.length > 0;

const sumQuantities = (lines: readonly PreparedLine[]) => lines.reduce((acc, l) => addRatios(acc, l.quantity), ratio(0n));
const sumGross = (lines: readonly PreparedLine[]) => lines.reduce((acc, l) => acc + l.gross, 0);

/** Exact decimal text of a quantity sum (a sum of decimals always has a finite decimal expansion). */
function formatQuantity(value: Ratio): string {
  let scale = 0;
  let power = 1n;
  while (power % value.den !== 0n) {
    scale += 1;
    power *= 10n;
  }
  return formatDecimal({ coefficient: (value.num * power) / value.den, scale });
}

const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor, currency));

function isBuying(line: PreparedLine): boolean {
  return line.quantity.num > 0n && line.gross > 0;
}

function checkRule(rule: PromotionRule, cart: PreparedCart, loc: readonly (string | number)[]): { ok: true; lines: PreparedLine[] } | RuleFailure {
  const failAt = (step: keyof typeof RULE_STEPS, params: ReasonParams = {}): RuleFailure => ({ ...fail(`promotion.why.${step}`, params), step: RULE_STEPS[step] });

  if (rule.starts_at !== undefined && cart.at < instantOf(rule.starts_at, [...loc, 'starts_at'])) {
    return failAt('before_start', { starts_at: rule.starts_at });
  }
  if (rule.ends_at !== undefined && cart.at >= instantOf(rule.ends_at, [...loc, 'ends_at'])) {
    return failAt('expired', { ends_at: rule.ends_at });
  }

  const from = rule.time_from !== undefined ? minutesOf(rule.time_from, [...loc, 'time_from']) : undefined;
  const to = rule.time_to !== undefined ? minutesOf(rule.time_to, [...loc, 'time_to']) : undefined;
  if (from !== undefined && to !== undefined && from === to) {
    throw new PromotionError([...loc, 'time_to'], 'A time window ends at another time than it starts');
  }
  const crossesMidnight = from !== undefined && to !== undefined && from > to;
  // After midnight in a window that opened the evening before, the sale belongs to that evening's day.
  const afterMidnight = crossesMidnight && cart.minutes < to;
  const businessDay = afterMidnight ? (cart.weekday + 6) % 7 : cart.weekday;

  if (given(rule.days_of_week)) {
    const days = rule.days_of_week.map((d, i) => weekdayOf(d, [...loc, 'days_of_week', i]));
    if (!days.includes(businessDay)) {
      return failAt('wrong_day', { weekday: String(businessDay), days: [...days].sort((a, b) => a - b).join(',') });
    }
  }
  if (from !== undefined || to !== undefined) {
    const inWindow = crossesMidnight
      ? cart.minutes >= from! || cart.minutes < to!
      : (from === undefined || cart.minutes >= from) && (to === undefined || cart.minutes < to);
    if (!inWindow) {
      return failAt('outside_hours', {
        time: formatMinutes(cart.minutes),
        ...(rule.time_from !== undefined ? { time_from: rule.time_from } : {}),
        ...(rule.time_to !== undefined ? { time_to: rule.time_to } : {}),
      });
    }
  }

  if (given(rule.customer_ids) && (cart.customer_id === undefined || !rule.customer_ids.includes(cart.customer_id))) {
    return failAt('customer_not_included', cart.customer_id !== undefined ? { customer_id: cart.customer_id } : {});
  }
  if (given(rule.location_ids) && (cart.location_id === undefined || !rule.location_ids.includes(cart.location_id))) {
    return failAt('location_not_included', cart.location_id !== undefined ? { location_id: cart.location_id } : {});
  }

  const products = given(rule.product_ids) ? new Set(rule.product_ids) : null;
  const categories = given(rule.category_ids) ? new Set(rule.category_ids) : null;
  const lines = cart.lines.filter(
    (line) =>
      isBuying(line) &&
      ((products === null && categories === null) ||
        (products !== null && line.product_id !== undefined && products.has(line.product_id)) ||
        (categories !== null && line.category_id !== undefined && categories.has(line.category_id))),
  );
  if (lines.length === 0) return failAt('no_qualifying_lines');

  if (rule.min_quantity !== undefined) {
    const required = quantityOf(rule.min_quantity, [...loc, 'min_quantity'], 'not_negative');
    const actual = sumQuantities(lines);
    if (compareRatios(actual, required) < 0) {
      return failAt('min_quantity', { required: formatQuantity(required), actual: formatQuantity(actual) });
    }
  }
  if (rule.min_subtotal !== undefined) {
    const required = moneyOf(rule.min_subtotal, cart.currency, [...loc, 'min_subtotal'], { signed: false });
    const actual = sumGross(lines);
    if (actual < required) {
      return failAt('min_subtotal', { required: money(required, cart.currency), actual: money(actual, cart.currency) });
    }
  }
  return { ok: true, lines };
}

function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Promotion-level checks, then the rules; on success the union of the qualifying lines of every rule that holds. */
function checkConditions(promotion: Promotion, cart: PreparedCart, loc: readonly (string | number)[]): { ok: true; lines: PreparedLine[] } | Failure {
  if (promotion.status !== 'active') return fail('promotion.why.not_active', { status: String(promotion.status) });

  if (promotion.usage_limit_total !== undefined && promotion.used_total >= promotion.usage_limit_total) {
    return fail('promotion.why.usage_limit_reached', { limit: String(promotion.usage_limit_total), used: String(promotion.used_total) });
  }
  if (promotion.usage_limit_per_customer !== undefined) {
    // A per-customer limit cannot be kept on an anonymous sale: the customer must be known.
    if (cart.customer_id === undefined) return fail('promotion.why.customer_required');
    const used = promotion.used_by_customer ?? 0;
    if (used >= promotion.usage_limit_per_customer) {
      return fail('promotion.why.customer_limit_reached', { limit: String(promotion.usage_limit_per_customer), used: String(used) });
    }
  }

  // No rules is one rule without conditions: every line being bought qualifies.
  const rules: readonly PromotionRule[] = promotion.rules.length > 0 ? promotion.rules : [{}];
  let closest: RuleFailure | null = null;
  const qualifying = new Set<PreparedLine>();
  rules.forEach((rule, index) => {
    const result = checkRule(rule, cart, [...loc, 'rules', index]);
    if (result.ok) result.lines.forEach((line) => qualifying.add(line));
    else if (closest === null || result.step > closest.step) closest = result;
  });
  if (qualifying.size === 0) {
    const { reason_key, reason_params } = closest!;
    return fail(reason_key, reason_params);
  }
  return { ok: true, lines: [...qualifying].sort((a, b) => a.position - b.position) };
}

// ---------------------------------------------------------------------------------------------
// Rewards

interface RewardResult {
  ok: true;
  /** Per line, in cart order, only lines with a share. */
  lines: PromotionLineDiscount[];
  discount: number;
  /** What a fixed amount asked for, when it was more than the lines had left. */
  requested?: number;
}

/** What is left of each line's gross after the promotions already applied. */
type Bases = ReadonlyMap<string, number>;

const baseOf = (bases: Bases, line: PreparedLine) => bases.get(line.id) ?? 0;

function rewardLines(shares: readonly { line: PreparedLine; discount: number }[]): PromotionLineDiscount[] {
  return shares
    .filter((s) => s.discount > 0)
    .sort((a, b) => a.line.position - b.line.position)
    .map((s) => ({ line_id: s.line.id, discount_minor: s.discount }));
}

/** `base × fraction × percent / 100`, rounded once, half away from zero. */
function share(base: number, fraction: Ratio, percent: Ratio): number {
  return Number(roundHalfAwayFromZero(multiplyRatios(multiplyRatios(ratio(BigInt(base)), fraction), multiplyRatios(percent, ratio(1n, 100n)))));
}

/** A ticket-level discount spread over the lines by what is left of each. */
function spreadOver(discount: number, lines: readonly PreparedLine[], bases: Bases): PromotionLineDiscount[] {
  const parts = spreadDiscount(
    discount,
    lines.map((l) => ({ id: l.id, base_minor: baseOf(bases, l) })),
  );
  return rewardLines(parts.map((p, i) => ({ line: lines[i]!, discount: p.discount_minor })));
}

/**
 * Takes `units` from the lines, cheapest unit first (gross left per unit; ties: cart order), and
 * discounts what was taken by `percent`. Part of a line costs its share of the line, rounded once.
 */
function discountCheapestUnits(units: Ratio, lines: readonly PreparedLine[], bases: Bases, percent: Ratio): PromotionLineDiscount[] {
  const cheapestFirst = [...lines].sort((a, b) => {
    const byUnit = compareRatios(divideRatios(ratio(BigInt(baseOf(bases, a))), a.quantity), divideRatios(ratio(BigInt(baseOf(bases, b))), b.quantity));
    return byUnit !== 0 ? byUnit : a.position - b.position;
  });
  let left = units;
  const shares: { line: PreparedLine; discount: number }[] = [];
  for (const line of cheapestFirst) {
    if (left.num <= 0n) break;
    const taken = compareRatios(left, line.quantity) >= 0 ? line.quantity : left;
    shares.push({ line, discount: share(baseOf(bases, line), divideRatios(taken, line.quantity), percent) });
    left = subtractRatios(left, taken);
  }
  return rewardLines(shares);
}

function computeReward(
  reward: PromotionReward,
  qualifying: readonly PreparedLine[],
  cart: PreparedCart,
  bases: Bases,
  loc: readonly (string | number)[],
): RewardResult | Failure {
  const total = (lines: readonly PromotionLineDiscount[]) => lines.reduce((acc, l) => acc + l.discount_minor, 0);
  const available = qualifying.reduce((acc, l) => acc + baseOf(bases, l), 0);
  const rewardLoc = [...loc, 'reward'];

  switch (reward.type) {
    case 'percent': {
      // Line by line, each rounded on its own, as a line discount on the ticket is.
      const percent = percentOfText(reward.percent, [...rewardLoc, 'percent']);
      const lines = rewardLines(qualifying.map((line) => ({ line, discount: share(baseOf(bases, line), ratio(1n), percent) })));
      return { ok: true, lines, discount: total(lines) };
    }
    case 'fixed_amount': {
      const requested = moneyOf(reward.amount, cart.currency, [...rewardLoc, 'amount'], { signed: false });
      const discount = Math.min(requested, available);
      const lines = spreadOver(discount, qualifying, bases);
      return { ok: true, lines, discount, ...(requested > discount ? { requested } : {}) };
    }
    case 'free_item': {
      const units = quantityOf(reward.quantity, [...rewardLoc, 'quantity'], 'positive');
      // Any line of the product, qualifying or not: "spend 20 on snacks, get a coffee free".
      const items = cart.lines.filter((l) => isBuying(l) && l.product_id === reward.product_id);
      if (items.length === 0) return fail('promotion.why.item_not_in_cart', { product_id: reward.product_id });
      const lines = discountCheapestUnits(units, items, bases, ratio(100n));
      return { ok: true, lines, discount: total(lines) };
    }
    case 'buy_x_get_y': {
      const buy = quantityOf(reward.buy_quantity, [...rewardLoc, 'buy_quantity'], 'positive');
      const get = quantityOf(reward.get_quantity, [...rewardLoc, 'get_quantity'], 'positive');
      const percent = reward.percent === undefined ? ratio(100n) : percentOfText(reward.percent, [...rewardLoc, 'percent']);
      const group = addRatios(buy, get);
      const bought = sumQuantities(qualifying);
      const groups = divideRatios(bought, group);
      const complete = groups.num / groups.den; // whole groups only: both are positive, so this is the floor
      if (complete === 0n) {
        return fail('promotion.why.min_quantity', { required: formatQuantity(group), actual: formatQuantity(bought) });
      }
      const lines = discountCheapestUnits(multiplyRatios(get, ratio(complete)), qualifying, bases, percent);
      return { ok: true, lines, discount: total(lines) };
    }
    case 'tiered': {
      if (reward.tiers.length === 0) throw new PromotionError([...rewardLoc, 'tiers'], 'A tiered reward has at least one tier');
      // Tiers are reached on the cart before any promotion (like every condition), paid on what is left.
      const subtotal = sumGross(qualifying);
      const quantity = sumQuantities(qualifying);
      const tiers = reward.tiers.map((tier, index) => {
        const tierLoc = [...rewardLoc, 'tiers', index];
        const percent = percentOfText(tier.percent, [...tierLoc, 'percent']);
        if ('min_subtotal' in tier) {
          const required = moneyOf(tier.min_subtotal, cart.currency, [...tierLoc, 'min_subtotal'], { signed: false });
          return { percent, kind: 'subtotal' as const, required, reached: subtotal >= required };
        }
        const required = quantityOf(tier.min_quantity, [...tierLoc, 'min_quantity'], 'not_negative');
        return { percent, kind: 'quantity' as const, required, reached: compareRatios(quantity, required) >= 0 };
      });
      let best: (typeof tiers)[number] | null = null;
      for (const tier of tiers) if (tier.reached && (best === null || compareRatios(tier.percent, best.percent) > 0)) best = tier;
      if (best === null) {
        // The nearest goal: the lowest amount tier, or when there is none the lowest quantity tier.
        const bySubtotal = tiers.flatMap((t) => (t.kind === 'subtotal' ? [t.required] : []));
        if (bySubtotal.length > 0) {
          return fail('promotion.why.min_subtotal', { required: money(Math.min(...bySubtotal), cart.currency), actual: money(subtotal, cart.currency) });
        }
        const byQuantity = tiers.flatMap((t) => (t.kind === 'quantity' ? [t.required] : []));
        const lowest = byQuantity.reduce((a, b) => (compareRatios(a, b) <= 0 ? a : b));
        return fail('promotion.why.min_quantity', { required: formatQuantity(lowest), actual: formatQuantity(quantity) });
      }
      const discount = share(available, ratio(1n), best.percent);
      return { ok: true, lines: spreadOver(discount, qualifying, bases), discount };
    }
    default: {
      const unknown: never = reward;
      throw new PromotionError([...rewardLoc, 'type'], `Unknown reward type: ${String((unknown as { type?: unknown }).type)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation

function evaluateOn(promotion: Promotion, cart: PreparedCart, bases: Bases, loc: readonly (string | number)[]): PromotionEvaluation {
  const conditions = checkConditions(promotion, cart, loc);
  if (!conditions.ok) return { eligible: false, reason_key: conditions.reason_key, reason_params: conditions.reason_params };
  const reward = computeReward(promotion.reward, conditions.lines, cart, bases, loc);
  if (!reward.ok) return { eligible: false, reason_key: reward.reason_key, reason_params: reward.reason_params };
  if (reward.discount === 0) return { eligible: false, reason_key: 'promotion.why.nothing_to_discount', reason_params: {} };
  const discount = money(reward.discount, cart.currency);
  return {
    eligible: true,
    discount_minor: reward.discount,
    lines: reward.lines,
    ...(reward.requested !== undefined
      ? { reason_key: 'promotion.why.capped' as const, reason_params: { discount, requested: money(reward.requested, cart.currency) } }
      : { reason_key: 'promotion.why.applied' as const, reason_params: { discount } }),
  };
}

const grossBases = (cart: PreparedCart): Map<string, number> => new Map(cart.lines.map((l) => [l.id, Math.max(0, l.gross)]));

/** Whether one promotion applies to the cart on its own, how much it gives and to which lines, or why not. */
export function evaluatePromotion(promotion: Promotion, cart: Cart): PromotionEvaluation {
  const prepared = prepareCart(cart);
  return evaluateOn(promotion, prepared, grossBases(prepared), []);
}

/** Priority (higher first), then id: the order does not depend on how the promotions were listed. */
function byPriority(a: Promotion, b: Promotion): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every promotion against the cart, combined by the rules of the module comment. */
export function applyPromotions(promotions: readonly Promotion[], cart: Cart): PromotionsResult {
  const prepared = prepareCart(cart);
  const seen = new Set<string>();
  promotions.forEach((p, index) => {
    // Two promotions with one id would make the order (and so the result) depend on the listing.
    if (seen.has(p.id)) throw new PromotionError([index, 'id'], 'Each promotion has its own id');
    seen.add(p.id);
  });
  const locOf = new Map(promotions.map((p, index) => [p, [index] as const]));
  const ordered = [...promotions].sort(byPriority);

  const asIs = grossBases(prepared);
  const firstPass = ordered.map((promotion) => ({ promotion, result: evaluateOn(promotion, prepared, asIs, locOf.get(promotion)!) }));

  const skipped: SkippedPromotion[] = [];
  const skip = (promotion: Promotion, reason_key: PromotionReasonKey, reason_params: ReasonParams) => skipped.push({ promotion_id: promotion.id, reason_key, reason_params });
  const eligible = firstPass.filter((e) => e.result.eligible);
  const lead = eligible[0];

  const exclusiveWinner = lead !== undefined && lead.promotion.exclusive ? lead.promotion : null;
  let best: (typeof eligible)[number] | undefined;
  if (exclusiveWinner === null) {
    for (const entry of eligible) {
      if (entry.promotion.exclusive || entry.promotion.stackable) continue;
      // Strictly larger only: on a tie the earlier (higher priority) one keeps its place.
      if (best === undefined || discountOf(entry.result) > discountOf(best.result)) best = entry;
    }
  }

  const applied: AppliedPromotion[] = [];
  const bases = new Map(asIs);
  for (const entry of firstPass) {
    const { promotion, result } = entry;
    if (!result.eligible) {
      skip(promotion, result.reason_key, result.reason_params);
      continue;
    }
    if (exclusiveWinner !== null && promotion !== exclusiveWinner) {
      skip(promotion, 'promotion.why.excluded_by', { promotion_id: exclusiveWinner.id });
      continue;
    }
    if (exclusiveWinner === null && promotion.exclusive) {
      skip(promotion, 'promotion.why.cannot_combine', { promotion_id: lead!.promotion.id });
      continue;
    }
    if (exclusiveWinner === null && !promotion.stackable && entry !== best) {
      skip(promotion, 'promotion.why.better_promotion', { promotion_id: best!.promotion.id });
      continue;
    }
    // Conditions are read on the cart as it was; the reward is paid on what earlier promotions left.
    const now = evaluateOn(promotion, prepared, bases, locOf.get(promotion)!);
    if (!now.eligible) {
      skip(promotion, now.reason_key, now.reason_params);
      continue;
    }
    for (const line of now.lines) bases.set(line.line_id, (bases.get(line.line_id) ?? 0) - line.discount_minor);
    applied.push({ promotion_id: promotion.id, discount_minor: now.discount_minor, lines: now.lines, reason_key: now.reason_key, reason_params: now.reason_params });
  }

  const line_discounts: Record<string, number> = {};
  for (const line of prepared.lines) {
    const discounted = Math.max(0, line.gross) - (bases.get(line.id) ?? 0);
    if (discounted > 0) line_discounts[line.id] = discounted;
  }
  return { applied, skipped, line_discounts };
}

function discountOf(result: PromotionEvaluation): number {
  return result.eligible ? result.discount_minor : 0;
}
