/**
 * Line and document tax for sales and purchase documents (ARCHITECTURE §7, JORDAN.md §1.3–§1.4,
 * §2.1).
 *
 * Every line is rounded to the currency's minor unit on its own, and document totals are sums of the
 * rounded lines, so a total always equals what the printed lines add up to and the JoFotara
 * cross-checks (line extension = subtotal − discount, line total = extension + special + general,
 * document totals = Σ lines) hold to the fil by construction.
 *
 * Figures per line, all in minor units:
 *   subtotal        quantity × unit price, rounded, on the price's own basis (tax-inclusive when
 *                   `price_includes_tax`)
 *   discount        the line discount, same basis
 *   net             the line without any tax (JoFotara LineExtensionAmount / TaxableAmount)
 *   special_tax     special sales tax (fixed per unit or percent of net)
 *   taxable_amount  net + special_tax: special tax enters the general tax base (JORDAN.md §2.1)
 *   tax             general sales tax on taxable_amount
 *   gross           net + special_tax + tax
 *
 * Tax-exclusive prices: net = subtotal − discount; special tax is computed on it; tax =
 * round(taxable_amount × rate). Tax-inclusive prices: the price includes every tax on the line, so
 * gross = amount − discount; taxable_amount = round(gross / (1 + rate)) and tax is the difference;
 * a fixed special tax is then taken out of taxable_amount, a percent one the same way as the general
 * tax. Taking tax as a difference is what makes net + special + tax = gross exact in both modes.
 */
import {
  type DecimalInput,
  type Decimal,
  type Money,
  type Ratio,
  MoneyError,
  add,
  compare,
  compareRatios,
  divideRatios,
  formatDecimal,
  fromMajorRatio,
  fromMinorUnits,
  isNegative,
  minorUnitsOf,
  multiplyRatios,
  parseDecimal,
  parseMoney,
  percentOf,
  ratio,
  ratioOf,
  roundHalfAwayFromZero,
  subtract,
  sum,
  zero,
} from './money.js';

/**
 * Standard: a positive rate. Zero-rated: 0% and the seller keeps its input-tax deduction (exports).
 * Exempt: outside the tax, input tax not deductible. Both carry no tax but are reported apart.
 */
export const TAX_CATEGORIES = ['standard', 'zero_rated', 'exempt'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const MAX_QUANTITY_DECIMALS = 3;
/** JoFotara carries amounts to 9 decimals (JORDAN.md §1.4), so a unit price needs no more. */
export const MAX_UNIT_PRICE_DECIMALS = 9;
export const MAX_RATE_DECIMALS = 4;

export type LineDiscount =
  | { type: 'amount'; amount: DecimalInput }
  | { type: 'percent'; percent: DecimalInput };

export type SpecialTax =
  | { type: 'fixed'; amount_per_unit: DecimalInput }
  | { type: 'percent'; percent: DecimalInput };

export interface TaxLineInput {
  /** Greater than zero, at most 3 decimals. */
  quantity: DecimalInput;
  /** Zero or more, at most 9 decimals. */
  unit_price: DecimalInput;
  discount?: LineDiscount | null;
  /** Percent: "16" is 16%. */
  tax_rate: DecimalInput;
  /** Required for a 0% rate (zero-rated and exempt must not be confused); implied by a positive one. */
  tax_category?: TaxCategory;
  special_tax?: SpecialTax | null;
  price_includes_tax: boolean;
}

export interface TaxLine {
  category: TaxCategory;
  /** Canonical percent text: "16", "7.5", "0". */
  tax_rate: string;
  price_includes_tax: boolean;
  subtotal: Money;
  discount: Money;
  net: Money;
  special_tax: Money;
  taxable_amount: Money;
  tax: Money;
  gross: Money;
}

export interface TaxTotals {
  subtotal: Money;
  discount: Money;
  net: Money;
  special_tax: Money;
  taxable_amount: Money;
  tax: Money;
  gross: Money;
}

/** One row per (category, rate): what a GST return and a JoFotara credit note's TaxSubtotals need. */
export interface TaxBreakdownRow {
  category: TaxCategory;
  tax_rate: string;
  net: Money;
  special_tax: Money;
  taxable_amount: Money;
  tax: Money;
  gross: Money;
}

export interface TaxDocument {
  currency: Money['currency'];
  lines: TaxLine[];
  totals: TaxTotals;
  /** Standard rates first (highest rate first), then zero-rated, then exempt. */
  breakdown: TaxBreakdownRow[];
}

/** A line that cannot be computed; `loc` points at the offending field, as a 422 detail does. */
export class TaxError extends Error {
  override name = 'TaxError';
  constructor(
    readonly loc: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

interface DecimalRule {
  maxDecimals: number;
  min: 'positive' | 'non_negative';
  max?: Ratio;
}

function readDecimal(value: DecimalInput, loc: readonly (string | number)[], rule: DecimalRule): Decimal {
  const label = String(loc[loc.length - 1] ?? 'value');
  let decimal: Decimal;
  try {
    decimal = parseDecimal(value);
  } catch (error) {
    throw asTaxError(error, loc);
  }
  if (decimal.scale > rule.maxDecimals) {
    throw new TaxError(loc, `${label} has at most ${rule.maxDecimals} decimal places`);
  }
  if (rule.min === 'positive' ? decimal.coefficient <= 0n : decimal.coefficient < 0n) {
    throw new TaxError(loc, `${label} must be ${rule.min === 'positive' ? 'greater than zero' : 'zero or more'}`);
  }
  if (rule.max) {
    if (compareRatios(ratioOf(decimal), rule.max) > 0) {
      throw new TaxError(loc, `${label} must be at most ${formatRatio(rule.max)}`);
    }
  }
  return decimal;
}

function formatRatio(value: Ratio): string {
  return value.den === 1n ? value.num.toString() : `${value.num}/${value.den}`;
}

function asTaxError(error: unknown, loc: readonly (string | number)[]): unknown {
  return error instanceof MoneyError ? new TaxError(loc, error.message) : error;
}

const ONE_HUNDRED = ratio(100n);

/** amount / (1 + percent/100), rounded: the part of a tax-inclusive amount before that tax. */
function removePercent(amount: Money, percent: Ratio): Money {
  const divisor = divideRatios(addInteger(percent, 100n), ONE_HUNDRED);
  const exclusive = divideRatios(ratio(BigInt(amount.amount)), divisor);
  return fromMinorUnits(roundHalfAwayFromZero(exclusive), amount.currency);
}

function addInteger(value: Ratio, integer: bigint): Ratio {
  return ratio(value.num + integer * value.den, value.den);
}

function resolveCategory(rate: Decimal, category: TaxCategory | undefined, loc: readonly (string | number)[]): TaxCategory {
  if (category !== undefined && !TAX_CATEGORIES.includes(category)) {
    throw new TaxError([...loc, 'tax_category'], `tax_category must be one of ${TAX_CATEGORIES.join(', ')}`);
  }
  const positive = rate.coefficient > 0n;
  if (positive) {
    if (category !== undefined && category !== 'standard') {
      throw new TaxError([...loc, 'tax_category'], `A ${category.replace('_', '-')} line must have a 0% tax rate`);
    }
    return 'standard';
  }
  if (category === undefined) {
    throw new TaxError([...loc, 'tax_category'], 'A 0% line must say whether it is zero_rated or exempt');
  }
  if (category === 'standard') {
    throw new TaxError([...loc, 'tax_rate'], 'A standard-rated line needs a tax rate above 0%');
  }
  return category;
}

/**
 * Computes one line in `currency`; `loc` prefixes error locations (e.g. `['lines', 2]`). Every
 * refusal is a TaxError, including a line too large for the money range.
 */
export function calculateLineTax(
  line: TaxLineInput,
  currency: string,
  loc: readonly (string | number)[] = [],
): TaxLine {
  try {
    return computeLine(line, currency, loc);
  } catch (error) {
    throw asTaxError(error, loc);
  }
}

function computeLine(line: TaxLineInput, currency: string, loc: readonly (string | number)[]): TaxLine {
  try {
    minorUnitsOf(currency);
  } catch (error) {
    throw asTaxError(error, ['currency']);
  }
  const quantity = ratioOf(
    readDecimal(line.quantity, [...loc, 'quantity'], { maxDecimals: MAX_QUANTITY_DECIMALS, min: 'positive' }),
  );
  const unitPrice = ratioOf(
    readDecimal(line.unit_price, [...loc, 'unit_price'], { maxDecimals: MAX_UNIT_PRICE_DECIMALS, min: 'non_negative' }),
  );
  const rateDecimal = readDecimal(line.tax_rate, [...loc, 'tax_rate'], {
    maxDecimals: MAX_RATE_DECIMALS,
    min: 'non_negative',
  });
  const rate = ratioOf(rateDecimal);
  const category = resolveCategory(rateDecimal, line.tax_category, loc);
  if (typeof line.price_includes_tax !== 'boolean') {
    throw new TaxError([...loc, 'price_includes_tax'], 'price_includes_tax must be true or false');
  }

  const subtotal = fromMajorRatio(multiplyRatios(quantity, unitPrice), currency);
  const discount = lineDiscount(line.discount, subtotal, [...loc, 'discount']);
  const discounted = subtract(subtotal, discount);

  let net: Money;
  let specialTax: Money;
  let taxableAmount: Money;
  let tax: Money;
  let gross: Money;
  const special = line.special_tax ?? null;
  if (!line.price_includes_tax) {
    net = discounted;
    specialTax = special ? specialTaxOn(special, net, quantity, [...loc, 'special_tax']) : zero(currency);
    taxableAmount = add(net, specialTax);
    tax = percentOf(taxableAmount, formatDecimal(rateDecimal));
    gross = add(taxableAmount, tax);
  } else {
    gross = discounted;
    taxableAmount = removePercent(gross, rate);
    tax = subtract(gross, taxableAmount);
    if (!special) {
      specialTax = zero(currency);
      net = taxableAmount;
    } else if (special.type === 'fixed') {
      specialTax = specialTaxOn(special, taxableAmount, quantity, [...loc, 'special_tax']);
      net = subtract(taxableAmount, specialTax);
      if (isNegative(net)) {
        throw new TaxError([...loc, 'special_tax'], 'The special tax is larger than the tax-inclusive price');
      }
    } else if (special.type === 'percent') {
      const percent = readSpecialPercent(special.percent, [...loc, 'special_tax', 'percent']);
      net = removePercent(taxableAmount, percent);
      specialTax = subtract(taxableAmount, net);
    } else {
      throw new TaxError([...loc, 'special_tax', 'type'], 'A special tax is of type fixed or percent');
    }
  }

  return {
    category,
    tax_rate: formatDecimal(rateDecimal),
    price_includes_tax: line.price_includes_tax,
    subtotal,
    discount,
    net,
    special_tax: specialTax,
    taxable_amount: taxableAmount,
    tax,
    gross,
  };
}

function lineDiscount(
  discount: LineDiscount | null | undefined,
  subtotal: Money,
  loc: readonly (string | number)[],
): Money {
  if (!discount) return zero(subtotal.currency);
  let value: Money;
  if (discount.type === 'amount') {
    try {
      value = parseMoney(discount.amount, subtotal.currency);
    } catch (error) {
      throw asTaxError(error, [...loc, 'amount']);
    }
    if (isNegative(value)) throw new TaxError([...loc, 'amount'], 'A discount must be zero or more');
    if (compare(value, subtotal) > 0) {
      throw new TaxError([...loc, 'amount'], 'A discount cannot be larger than the line amount');
    }
    return value;
  }
  if (discount.type === 'percent') {
    const percent = readDecimal(discount.percent, [...loc, 'percent'], {
      maxDecimals: MAX_RATE_DECIMALS,
      min: 'non_negative',
      max: ONE_HUNDRED,
    });
    return percentOf(subtotal, formatDecimal(percent));
  }
  throw new TaxError([...loc, 'type'], 'A discount is of type amount or percent');
}

function readSpecialPercent(percent: DecimalInput, loc: readonly (string | number)[]): Ratio {
  return ratioOf(readDecimal(percent, loc, { maxDecimals: MAX_RATE_DECIMALS, min: 'non_negative' }));
}

/** Special sales tax on a tax-exclusive net: fixed × quantity, or a percent of the net. */
function specialTaxOn(special: SpecialTax, net: Money, quantity: Ratio, loc: readonly (string | number)[]): Money {
  if (special.type === 'fixed') {
    const perUnit = readDecimal(special.amount_per_unit, [...loc, 'amount_per_unit'], {
      maxDecimals: MAX_UNIT_PRICE_DECIMALS,
      min: 'non_negative',
    });
    return fromMajorRatio(multiplyRatios(quantity, ratioOf(perUnit)), net.currency);
  }
  if (special.type === 'percent') {
    const percent = readSpecialPercent(special.percent, [...loc, 'percent']);
    return fromMinorUnits(
      roundHalfAwayFromZero(multiplyRatios(ratio(BigInt(net.amount)), divideRatios(percent, ONE_HUNDRED))),
      net.currency,
    );
  }
  throw new TaxError([...loc, 'type'], 'A special tax is of type fixed or percent');
}

const CATEGORY_ORDER: Record<TaxCategory, number> = { standard: 0, zero_rated: 1, exempt: 2 };

/** Computes every line and the document totals (sums of the rounded lines) and the per-rate breakdown. */
export function calculateDocumentTax(lines: readonly TaxLineInput[], currency: string): TaxDocument {
  let code: Money['currency'];
  try {
    code = zero(currency).currency;
  } catch (error) {
    throw asTaxError(error, ['currency']);
  }
  const computed = lines.map((line, index) => calculateLineTax(line, code, ['lines', index]));
  const total = (pick: (line: TaxLine) => Money, of: readonly TaxLine[] = computed) => sum(of.map(pick), code);

  const groups = new Map<string, TaxLine[]>();
  for (const line of computed) {
    const key = `${line.category}|${line.tax_rate}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  const breakdown = [...groups.values()]
    .map((group): TaxBreakdownRow => {
      const first = group[0] as TaxLine;
      return {
        category: first.category,
        tax_rate: first.tax_rate,
        net: total((l) => l.net, group),
        special_tax: total((l) => l.special_tax, group),
        taxable_amount: total((l) => l.taxable_amount, group),
        tax: total((l) => l.tax, group),
        gross: total((l) => l.gross, group),
      };
    })
    .sort((a, b) => {
      const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
      if (byCategory !== 0) return byCategory;
      return compareRatios(ratioOf(b.tax_rate), ratioOf(a.tax_rate));
    });

  return {
    currency: code,
    lines: computed,
    totals: {
      subtotal: total((l) => l.subtotal),
      discount: total((l) => l.discount),
      net: total((l) => l.net),
      special_tax: total((l) => l.special_tax),
      taxable_amount: total((l) => l.taxable_amount),
      tax: total((l) => l.tax),
      gross: total((l) => l.gross),
    },
    breakdown,
  };
}
