/**
 * Money in integer minor units (ARCHITECTURE §7): fils for JOD, cents for USD. No float arithmetic
 * touches an amount: decimals are parsed from their text, products and quotients are exact
 * rationals over bigint, and each result is rounded once, half away from zero.
 *
 * Why `amount` is a safe-integer `number` and not a `bigint`: amounts travel as JSON, are stored as
 * DynamoDB numbers and summed with `ADD` on balance items, none of which take a bigint without a
 * conversion layer at every boundary. 2^53 − 1 fils is about nine trillion dinars, far beyond any
 * organization's figures, so the range costs nothing; every operation still computes in bigint and
 * refuses (MoneyError 'overflow') a result that would leave the safe range, so a value is never
 * silently wrong.
 *
 * Rounding: "half-up" here means half away from zero, the accounting convention, so that rounding is
 * symmetric: 0.0005 JOD → 0.001 and −0.0005 JOD → −0.001. A refund therefore mirrors its sale to the
 * fil.
 */

/**
 * ISO 4217 minor units (exponents). ISO and not CLDR: CLDR shows IQD and LBP without decimals, but the
 * accounting unit is what ISO defines.
 */
export const CURRENCIES = {
  JOD: { code: 'JOD', minor_units: 3, name_en: 'Jordanian dinar', name_ar: 'دينار أردني' },
  USD: { code: 'USD', minor_units: 2, name_en: 'US dollar', name_ar: 'دولار أمريكي' },
  EUR: { code: 'EUR', minor_units: 2, name_en: 'Euro', name_ar: 'يورو' },
  GBP: { code: 'GBP', minor_units: 2, name_en: 'Pound sterling', name_ar: 'جنيه إسترليني' },
  CHF: { code: 'CHF', minor_units: 2, name_en: 'Swiss franc', name_ar: 'فرنك سويسري' },
  SAR: { code: 'SAR', minor_units: 2, name_en: 'Saudi riyal', name_ar: 'ريال سعودي' },
  AED: { code: 'AED', minor_units: 2, name_en: 'UAE dirham', name_ar: 'درهم إماراتي' },
  QAR: { code: 'QAR', minor_units: 2, name_en: 'Qatari riyal', name_ar: 'ريال قطري' },
  KWD: { code: 'KWD', minor_units: 3, name_en: 'Kuwaiti dinar', name_ar: 'دينار كويتي' },
  BHD: { code: 'BHD', minor_units: 3, name_en: 'Bahraini dinar', name_ar: 'دينار بحريني' },
  OMR: { code: 'OMR', minor_units: 3, name_en: 'Omani rial', name_ar: 'ريال عماني' },
  IQD: { code: 'IQD', minor_units: 3, name_en: 'Iraqi dinar', name_ar: 'دينار عراقي' },
  EGP: { code: 'EGP', minor_units: 2, name_en: 'Egyptian pound', name_ar: 'جنيه مصري' },
  ILS: { code: 'ILS', minor_units: 2, name_en: 'Israeli new shekel', name_ar: 'شيكل إسرائيلي جديد' },
  LBP: { code: 'LBP', minor_units: 2, name_en: 'Lebanese pound', name_ar: 'ليرة لبنانية' },
  SYP: { code: 'SYP', minor_units: 2, name_en: 'Syrian pound', name_ar: 'ليرة سورية' },
  TRY: { code: 'TRY', minor_units: 2, name_en: 'Turkish lira', name_ar: 'ليرة تركية' },
  JPY: { code: 'JPY', minor_units: 0, name_en: 'Japanese yen', name_ar: 'ين ياباني' },
} as const satisfies Record<string, CurrencyInfo>;

export interface CurrencyInfo {
  readonly code: string;
  /** Decimal places of the minor unit: 3 for JOD (1 dinar = 1000 fils), 2 for USD, 0 for JPY. */
  readonly minor_units: number;
  readonly name_en: string;
  readonly name_ar: string;
}

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
export const DEFAULT_CURRENCY: CurrencyCode = 'JOD';

export interface Money {
  /** Minor units (fils for JOD), always a safe integer. */
  readonly amount: number;
  readonly currency: CurrencyCode;
}

export type MoneyErrorCode =
  | 'unknown_currency'
  | 'currency_mismatch'
  | 'invalid_decimal'
  | 'too_many_decimals'
  | 'overflow'
  | 'invalid_ratios';

/** Thrown for any money input or operation that cannot give an exact, valid amount. */
export class MoneyError extends Error {
  override name = 'MoneyError';
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export class CurrencyMismatchError extends MoneyError {
  override name = 'CurrencyMismatchError';
  constructor(
    readonly left: CurrencyCode,
    readonly right: CurrencyCode,
  ) {
    super('currency_mismatch', `Cannot combine ${left} and ${right} amounts`);
  }
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

export function currencyInfo(currency: string): CurrencyInfo {
  if (!isCurrencyCode(currency)) throw new MoneyError('unknown_currency', `Unknown currency: ${currency}`);
  return CURRENCIES[currency];
}

export function minorUnitsOf(currency: string): number {
  return currencyInfo(currency).minor_units;
}

// ---------------------------------------------------------------------------------------------
// Exact decimals and rationals

/** A decimal or number as the API receives it; numbers are read through their shortest text. */
export type DecimalInput = string | number;

/** An exact decimal value: coefficient / 10^scale, with no trailing zeros in the fraction. */
export interface Decimal {
  readonly coefficient: bigint;
  readonly scale: number;
}

/** An exact rational: num / den with den > 0, in lowest terms. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

/** Long enough for any amount or rate a person types; bounds the bigint work done on hostile input. */
const MAX_DECIMAL_TEXT_LENGTH = 64;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * Reads "12.345", "-0.5" or a JS number exactly. Strings must be plain decimals (no exponent, no
 * spaces, no thousands separators). A number is read through `String(n)`, the shortest text that
 * round-trips, so 12.345 is exactly 12.345 and 0.1 + 0.2 is 0.30000000000000004.
 */
export function parseDecimal(input: DecimalInput): Decimal {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new MoneyError('invalid_decimal', `Not a finite number: ${input}`);
    text = String(input);
  } else if (typeof input === 'string') {
    if (input.length > MAX_DECIMAL_TEXT_LENGTH || !PLAIN_DECIMAL.test(input)) {
      throw new MoneyError('invalid_decimal', `Not a decimal number: "${input.slice(0, MAX_DECIMAL_TEXT_LENGTH)}"`);
    }
    text = input;
  } else {
    throw new MoneyError('invalid_decimal', 'A decimal must be given as a string or a number');
  }
  const match = NUMBER_TEXT.exec(text);
  if (!match) throw new MoneyError('invalid_decimal', `Not a decimal number: "${text}"`);
  const [, sign = '', whole = '0', fractionText = '', exponentText = '0'] = match;
  const fraction = fractionText.replace(/0+$/, '');
  let coefficient = BigInt(sign + whole + fraction);
  let scale = fraction.length - Number(exponentText);
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  // Keep the canonical form (no trailing fractional zeros) even when an exponent shifted the point,
  // so that `scale` is the count of significant decimals.
  while (scale > 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return { coefficient, scale };
}

/** Canonical decimal text: "16", "7.5", "-0.001". */
export function formatDecimal(value: Decimal): string {
  return digitsWithPoint(value.coefficient, value.scale);
}

function digitsWithPoint(coefficient: bigint, scale: number): string {
  const negative = coefficient < 0n;
  const digits = (negative ? -coefficient : coefficient).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den === 0n) throw new MoneyError('invalid_decimal', 'Division by zero');
  if (den < 0n) [num, den] = [-num, -den];
  const divisor = gcd(num, den);
  return divisor > 1n ? { num: num / divisor, den: den / divisor } : { num, den };
}

export function ratioOf(value: Decimal | DecimalInput): Ratio {
  const decimal = typeof value === 'object' ? value : parseDecimal(value);
  return ratio(decimal.coefficient, 10n ** BigInt(decimal.scale));
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function subtractRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function compareRatios(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const difference = a.num * b.den - b.num * a.den;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function multiplyRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.num, a.den * b.den);
}

export function divideRatios(a: Ratio, b: Ratio): Ratio {
  if (b.num === 0n) throw new MoneyError('invalid_decimal', 'Division by zero');
  return ratio(a.num * b.den, a.den * b.num);
}

/** Rounds to the nearest integer, ties away from zero (see the module comment). */
export function roundHalfAwayFromZero(value: Ratio): bigint {
  const quotient = value.num / value.den; // bigint division truncates toward zero
  const remainder = value.num % value.den; // carries the sign of num
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder < value.den) return quotient;
  return value.num < 0n ? quotient - 1n : quotient + 1n;
}

// ---------------------------------------------------------------------------------------------
// Money

const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

function checkedAmount(amount: bigint | number): number {
  const inRange =
    typeof amount === 'bigint' ? amount <= MAX_AMOUNT && amount >= -MAX_AMOUNT : Number.isSafeInteger(amount);
  if (!inRange) throw new MoneyError('overflow', `Amount out of range: ${String(amount)} minor units`);
  const value = Number(amount);
  return value === 0 ? 0 : value; // never hand out -0
}

/** Builds money from minor units (fils): `fromMinorUnits(12345, 'JOD')` is 12.345 JOD. */
export function fromMinorUnits(amount: number | bigint, currency: string): Money {
  if (typeof amount === 'number' && !Number.isInteger(amount)) {
    throw new MoneyError('invalid_decimal', `Minor units must be an integer, got ${amount}`);
  }
  const code = currencyInfo(currency).code as CurrencyCode;
  return { amount: checkedAmount(amount), currency: code };
}

export function zero(currency: string): Money {
  return fromMinorUnits(0, currency);
}

/** The amount as an exact rational number of major units (dinars). */
export function toMajorRatio(money: Money): Ratio {
  return ratio(BigInt(money.amount), 10n ** BigInt(minorUnitsOf(money.currency)));
}

/** Rounds a rational number of major units to the currency's minor unit, half away from zero. */
export function fromMajorRatio(value: Ratio, currency: string): Money {
  const scale = 10n ** BigInt(minorUnitsOf(currency));
  return fromMinorUnits(roundHalfAwayFromZero(multiplyRatios(value, ratio(scale))), currency);
}

export interface ParseMoneyOptions {
  /** Without it, more decimals than the currency has is an error; with it, they are rounded. */
  rounding?: 'half-up';
}

/**
 * Reads a decimal in major units: `parseMoney("12.345", "JOD")` and `parseMoney(12.345, "JOD")` are
 * both 12345 fils. "12.3456" JOD is refused unless `{ rounding: 'half-up' }` is passed; trailing
 * zeros ("12.3450") are not extra precision and are accepted.
 */
export function parseMoney(input: DecimalInput, currency: string, options: ParseMoneyOptions = {}): Money {
  const minorUnits = minorUnitsOf(currency);
  const decimal = parseDecimal(input);
  if (decimal.scale > minorUnits && options.rounding !== 'half-up') {
    throw new MoneyError(
      'too_many_decimals',
      `${currency} amounts have at most ${minorUnits} decimal places, got "${formatDecimal(decimal)}"`,
    );
  }
  return fromMajorRatio(ratioOf(decimal), currency);
}

/** Decimal text at the currency's precision: "12.345" for JOD, "12.30" for USD, "1234" for JPY. */
export function formatMoney(money: Money): string {
  return digitsWithPoint(BigInt(money.amount), minorUnitsOf(money.currency));
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
}

export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return { amount: checkedAmount(BigInt(a.amount) + BigInt(b.amount)), currency: a.currency };
}

export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return { amount: checkedAmount(BigInt(a.amount) - BigInt(b.amount)), currency: a.currency };
}

export function negate(money: Money): Money {
  return { amount: checkedAmount(-money.amount), currency: money.currency };
}

export function abs(money: Money): Money {
  return money.amount < 0 ? negate(money) : money;
}

/** −1, 0 or 1; amounts in different currencies are not comparable and throw. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

export function equals(a: Money, b: Money): boolean {
  return compare(a, b) === 0;
}

export function isZero(money: Money): boolean {
  return money.amount === 0;
}

export function isNegative(money: Money): boolean {
  return money.amount < 0;
}

export function isPositive(money: Money): boolean {
  return money.amount > 0;
}

/** Sum of a list; the currency is required so that an empty list has one, and every item must match it. */
export function sum(amounts: readonly Money[], currency: string): Money {
  let total = zero(currency);
  for (const amount of amounts) total = add(total, amount);
  return total;
}

/**
 * money × factor₁ × factor₂ …, exact, rounded once: `multiply(price, "3", "0.16")` is the 16% tax on
 * three units without rounding the three units first.
 */
export function multiply(money: Money, factor: DecimalInput, ...moreFactors: DecimalInput[]): Money {
  let product = ratio(BigInt(money.amount));
  for (const f of [factor, ...moreFactors]) product = multiplyRatios(product, ratioOf(f));
  return fromMinorUnits(roundHalfAwayFromZero(product), money.currency);
}

/** `percentOf(amount, "16")`: amount × 16 / 100, rounded half away from zero. */
export function percentOf(money: Money, percent: DecimalInput): Money {
  const product = multiplyRatios(ratio(BigInt(money.amount)), ratioOf(percent));
  return fromMinorUnits(roundHalfAwayFromZero(multiplyRatios(product, ratio(1n, 100n))), money.currency);
}

/**
 * Splits `total` in proportion to `ratios` so that the parts add up to the total exactly
 * (largest-remainder method). Each part first gets the floor of its exact share; the minor units
 * left over go one each to the parts with the largest fractional remainders, ties to the earlier
 * part, so the result is deterministic. A zero ratio always gets zero. A negative total is split as
 * its absolute value and negated, so that allocating a refund mirrors allocating the sale.
 */
export function allocate(total: Money, ratios: readonly DecimalInput[]): Money[] {
  if (ratios.length === 0) throw new MoneyError('invalid_ratios', 'Cannot allocate over an empty list of ratios');
  const decimals = ratios.map((r) => parseDecimal(r));
  if (decimals.some((d) => d.coefficient < 0n)) {
    throw new MoneyError('invalid_ratios', 'Allocation ratios must not be negative');
  }
  const scale = Math.max(...decimals.map((d) => d.scale));
  const weights = decimals.map((d) => d.coefficient * 10n ** BigInt(scale - d.scale));
  const totalWeight = weights.reduce((acc, w) => acc + w, 0n);
  if (totalWeight === 0n) throw new MoneyError('invalid_ratios', 'Allocation ratios must not all be zero');

  const sign = total.amount < 0 ? -1n : 1n;
  const units = BigInt(total.amount) * sign;
  const shares = weights.map((weight, index) => {
    const exact = units * weight;
    return { index, floor: exact / totalWeight, remainder: exact % totalWeight };
  });
  let leftover = units - shares.reduce((acc, s) => acc + s.floor, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  const parts = shares.map((s) => s.floor);
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    parts[share.index] = share.floor + 1n;
    leftover -= 1n;
  }
  return parts.map((part) => fromMinorUnits(part * sign, total.currency));
}
