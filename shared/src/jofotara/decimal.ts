/**
 * Exact decimals at JoFotara's precision: amounts are bigint counts of 10⁻⁹ JOD ("nanos"),
 * quantities bigint counts of 10⁻³. The portal compares sums to nine decimals with no tolerance
 * (JORDAN.md §1.4), so nothing here touches a float; where a product has more than nine decimals it
 * is rounded once, half away from zero, as Odoo's `float_round(…, 9)` does.
 */
import {
  type Decimal,
  type DecimalInput,
  type Ratio,
  MoneyError,
  compareRatios,
  parseDecimal,
  ratio,
  multiplyRatios,
  roundHalfAwayFromZero,
} from '../money.js';
import { JoFotaraInputError } from './types.js';

export const AMOUNT_DECIMALS = 9;
export const QUANTITY_DECIMALS = 3;
export const NANOS_PER_UNIT = 10n ** 9n;
const QUANTITY_SCALE = 10n ** 3n;

/** Smallest and largest number of decimals written for an amount: at least fils, at most nanos. */
const MIN_AMOUNT_DECIMALS = 3;

export interface DecimalRule {
  maxDecimals: number;
  min: 'positive' | 'non_negative';
}

/** Reads an input decimal exactly, refusing anything outside the rule with a located error. */
export function readInputDecimal(value: unknown, loc: readonly (string | number)[], rule: DecimalRule): Decimal {
  const label = String(loc[loc.length - 1] ?? 'value');
  let decimal: Decimal;
  try {
    decimal = parseDecimal(value as DecimalInput);
  } catch (error) {
    if (error instanceof MoneyError) throw new JoFotaraInputError(loc, `${label}: ${error.message}`);
    throw error;
  }
  if (decimal.scale > rule.maxDecimals) {
    throw new JoFotaraInputError(loc, `${label} has at most ${rule.maxDecimals} decimal places`);
  }
  if (rule.min === 'positive' ? decimal.coefficient <= 0n : decimal.coefficient < 0n) {
    throw new JoFotaraInputError(loc, `${label} must be ${rule.min === 'positive' ? 'greater than zero' : 'zero or more'}`);
  }
  return decimal;
}

/** The decimal as an integer count of 10^-scale; the decimal must not have more decimals. */
export function toScaled(value: Decimal, scale: number): bigint {
  if (value.scale > scale) throw new RangeError(`${value.scale} decimals do not fit in ${scale}`);
  return value.coefficient * 10n ** BigInt(scale - value.scale);
}

export function toNanos(value: Decimal): bigint {
  return toScaled(value, AMOUNT_DECIMALS);
}

export function toMillis(value: Decimal): bigint {
  return toScaled(value, QUANTITY_DECIMALS);
}

/** An exact rational rounded to the nearest nano, ties away from zero. */
export function roundToNanos(value: Ratio): bigint {
  return roundHalfAwayFromZero(multiplyRatios(value, ratio(NANOS_PER_UNIT)));
}

/** price (nanos) × quantity (millis), rounded to nanos: the exact product has up to 12 decimals. */
export function priceTimesQuantity(priceNanos: bigint, quantityMillis: bigint): bigint {
  return roundHalfAwayFromZero(ratio(priceNanos * quantityMillis, QUANTITY_SCALE));
}

/** amount × percent / 100, rounded to nanos. */
export function percentOfNanos(amountNanos: bigint, percent: Decimal): bigint {
  const scale = 10n ** BigInt(percent.scale);
  return roundHalfAwayFromZero(ratio(amountNanos * percent.coefficient, 100n * scale));
}

/** part × numerator / denominator, rounded to nanos (a discount in proportion to a returned quantity). */
export function proportionOfNanos(amountNanos: bigint, numerator: bigint, denominator: bigint): bigint {
  return roundHalfAwayFromZero(ratio(amountNanos * numerator, denominator));
}

function digitsWithPoint(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

function trimFraction(text: string, minDecimals: number): string {
  const point = text.indexOf('.');
  if (point < 0) return minDecimals > 0 ? `${text}.${'0'.repeat(minDecimals)}` : text;
  let end = text.length;
  while (end - point - 1 > minDecimals && text[end - 1] === '0') end -= 1;
  if (end - point - 1 === 0) end -= 1;
  return text.slice(0, end);
}

/**
 * Amount text as Odoo writes it for JoFotara: at least 3 decimals (fils), at most 9, trailing zeros
 * beyond the third trimmed: 130.680, 0.95377843, 3.236170213.
 */
export function formatNanos(nanos: bigint): string {
  return trimFraction(digitsWithPoint(nanos, AMOUNT_DECIMALS), MIN_AMOUNT_DECIMALS);
}

/** Quantity text with at least one decimal, as in Odoo's samples: 44.0, 3.48, 1.125. */
export function formatMillis(millis: bigint): string {
  return trimFraction(digitsWithPoint(millis, QUANTITY_DECIMALS), 1);
}

/** Canonical decimal text without trailing zeros: "16", "7.5", "0". */
export function formatPlain(value: Decimal): string {
  return trimFraction(digitsWithPoint(value.coefficient, value.scale), 0);
}

// ---------------------------------------------------------------------------------------------
// Comparing a stated amount with an exact computation

/**
 * A stated figure agrees with an exact computation when both round to the same nine-decimal value,
 * half away from zero (Odoo's `float_round(…, 9)`, Java's HALF_UP). A computation that falls exactly
 * on half a nano therefore has one accepted nine-decimal form, the one the builder writes.
 */
export function equalAtNineDecimals(stated: Ratio, computed: Ratio): boolean {
  return roundToNanos(stated) === roundToNanos(computed);
}

export function ratiosEqual(a: Ratio, b: Ratio): boolean {
  return compareRatios(a, b) === 0;
}

/** A rational rounded to nine decimals, as a rational (for sums of per-line values). */
export function roundRatioToNine(value: Ratio): Ratio {
  return ratio(roundToNanos(value), NANOS_PER_UNIT);
}

/**
 * A rational as decimal text for messages: exact whenever it is a terminating decimal of up to 30
 * places (every product and sum of parsed amounts is), otherwise rounded to 30 places.
 */
export function formatRatio(value: Ratio): string {
  let scale = 0;
  while (scale < 30 && (10n ** BigInt(scale)) % value.den !== 0n) scale += 1;
  const scaled = roundHalfAwayFromZero(multiplyRatios(value, ratio(10n ** BigInt(scale))));
  return trimFraction(digitsWithPoint(scaled, scale), 0);
}
