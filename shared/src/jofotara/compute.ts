/**
 * Validates a JoFotara document and computes every amount the XML carries, exactly, in nanos
 * (10⁻⁹ JOD). Each line is computed on its own and the document totals are plain sums of the line
 * figures, so the portal's cross-checks (JORDAN.md §1.4) hold by construction:
 *
 *   gross          round₉(unit price × quantity)          (exact whenever it has ≤ 9 decimals)
 *   net            gross − discount                        LineExtensionAmount = TaxableAmount
 *   special tax    round₉(per-unit × quantity) or round₉(net × percent)
 *   general tax    round₉((net + special tax) × rate)      special tax is in the general base
 *   total          net + special tax + general tax         RoundingAmount
 *
 *   TaxExclusiveAmount = Σ gross, AllowanceTotalAmount = Σ discount, TaxAmount = Σ general tax,
 *   TaxInclusiveAmount = PayableAmount = Σ total.
 */
import type { Decimal } from '../money.js';
import { JORDAN_GST_RATES } from '../jordanTax.js';
import {
  AMOUNT_DECIMALS,
  NANOS_PER_UNIT,
  QUANTITY_DECIMALS,
  formatPlain,
  percentOfNanos,
  priceTimesQuantity,
  proportionOfNanos,
  readInputDecimal,
  type DecimalRule,
  toMillis,
  toNanos,
} from './decimal.js';
import {
  BUYER_ID_SCHEMES,
  GOVERNORATE_CODES,
  JOFOTARA_PAYMENT_METHODS,
  JOFOTARA_TAX_CATEGORIES,
  JOFOTARA_TRACKS,
  JoFotaraInputError,
  ReturnQuantityExceededError,
  type BuyerIdScheme,
  type GovernorateCode,
  type JoFotaraDocument,
  type JoFotaraInvoiceInput,
  type JoFotaraPaymentMethod,
  type JoFotaraReturnInput,
  type JoFotaraTaxCategory,
  type JoFotaraTrack,
} from './types.js';
import { hasInvalidXmlCharacter } from './xml.js';

type Loc = readonly (string | number)[];

/** Rates the portal accepts for category S (GUIDE p.41), from the one Jordan rate table. */
const STANDARD_RATES: ReadonlySet<string> = new Set(
  JORDAN_GST_RATES.filter((rate) => rate.jofotara_category === 'S').map((rate) => rate.rate),
);

/** A cash invoice above this needs the buyer's name (GUIDE p.14): JOD 10,000 in nanos. */
const CASH_BUYER_NAME_THRESHOLD = 10_000n * NANOS_PER_UNIT;

const MAX_RATE_DECIMALS = 4;
const RATE_RULE: DecimalRule = { maxDecimals: MAX_RATE_DECIMALS, min: 'non_negative' };
const AMOUNT_RULE: DecimalRule = { maxDecimals: AMOUNT_DECIMALS, min: 'non_negative' };
const QUANTITY_RULE: DecimalRule = { maxDecimals: QUANTITY_DECIMALS, min: 'positive' };

/** unit price (nanos) × quantity (thousandths) is in 10⁻¹² JOD; × this compares it with nanos. */
const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DECIMALS);

export interface ValidatedSeller {
  tin: string;
  registered_name: string;
  income_source_sequence: string;
}

export interface ValidatedBuyer {
  id_scheme: BuyerIdScheme;
  id: string;
  name: string | null;
  postal_code: string | null;
  governorate: GovernorateCode | null;
  phone: string | null;
}

export interface LineTax {
  category: JoFotaraTaxCategory;
  rate: Decimal;
}

type SpecialTaxBasis = { type: 'fixed'; amount_per_unit: bigint } | { type: 'percent'; percent: Decimal };

/** What a line was sold at: a return recomputes a line from this and the returned quantity. */
interface LineBasis {
  name: string;
  quantity: bigint;
  unit_price: bigint;
  discount: bigint;
  tax: LineTax | null;
  special_tax: SpecialTaxBasis | null;
}

export interface ComputedLine {
  /** cbc:ID: 1, 2, 3… on an invoice; the original's number on a return. */
  line_number: number;
  name: string;
  /** Thousandths. */
  quantity: bigint;
  /** Nanos, as are all amounts below. */
  unit_price: bigint;
  gross: bigint;
  discount: bigint;
  net: bigint;
  /** Null on the income track, which carries no tax. */
  tax: LineTax | null;
  /** Null unless the track is special sales. */
  special_tax: bigint | null;
  /** Null on the income track. */
  general_tax: bigint | null;
  total: bigint;
}

export interface ComputedTaxGroup {
  category: JoFotaraTaxCategory;
  rate: Decimal;
  taxable: bigint;
  tax: bigint;
}

export interface ComputedTotals {
  tax_exclusive: bigint;
  allowance_total: bigint;
  special_tax: bigint;
  general_tax: bigint;
  tax_inclusive: bigint;
  payable: bigint;
}

export interface ComputedReturnReference {
  original_id: string;
  original_uuid: string;
  /** The original's PayableAmount, written in BillingReference/DocumentDescription. */
  original_total: bigint;
  reason: string;
}

export interface ComputedDocument {
  kind: 'invoice' | 'return';
  track: JoFotaraTrack;
  payment_method: JoFotaraPaymentMethod;
  /** 388 new invoice, 381 return. */
  type_code: '388' | '381';
  /** 0 (local scope) + payment digit + track digit: 011 … 023. */
  type_name: string;
  id: string;
  uuid: string;
  icv: string;
  issue_date: string;
  note: string | null;
  seller: ValidatedSeller;
  /** Null for a walk-in cash buyer and on every return (the guide's fixed buyer skeleton). */
  buyer: ValidatedBuyer | null;
  return_of: ComputedReturnReference | null;
  lines: ComputedLine[];
  totals: ComputedTotals;
  /** One row per (category, rate), standard rates highest first, then O, then Z; empty on income. */
  tax_groups: ComputedTaxGroup[];
}

// ---------------------------------------------------------------------------------------------
// Field validation

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireRecord(value: unknown, loc: Loc): Record<string, unknown> {
  if (!isRecord(value)) throw new JoFotaraInputError(loc, `${label(loc)} must be an object`);
  return value;
}

function label(loc: Loc): string {
  return String(loc[loc.length - 1] ?? 'value');
}

function requireText(value: unknown, loc: Loc): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new JoFotaraInputError(loc, `${label(loc)} is required`);
  }
  if (hasInvalidXmlCharacter(value)) throw new JoFotaraInputError(loc, `${label(loc)} contains control characters`);
  return value;
}

function optionalText(value: unknown, loc: Loc): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new JoFotaraInputError(loc, `${label(loc)} must be text`);
  if (value.trim() === '') return null;
  return requireText(value, loc);
}

function requireDigits(value: unknown, loc: Loc): string {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) {
    throw new JoFotaraInputError(loc, `${label(loc)} must be 1 to 20 digits, with no letters or separators`);
  }
  return value;
}

function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], loc: Loc): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new JoFotaraInputError(loc, `${label(loc)} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireUuid(value: unknown, loc: Loc): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new JoFotaraInputError(loc, `${label(loc)} must be a UUID`);
  return value;
}

function requireIcv(value: unknown, loc: Loc): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,18}$/.test(text)) {
    throw new JoFotaraInputError(loc, 'icv must be a positive integer');
  }
  return text;
}

function requireIsoDate(value: unknown, loc: Loc): string {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) {
      return value as string;
    }
  }
  throw new JoFotaraInputError(loc, `${label(loc)} must be a date written yyyy-mm-dd`);
}

function validateSeller(value: unknown, loc: Loc): ValidatedSeller {
  const seller = requireRecord(value, loc);
  return {
    tin: requireDigits(seller.tin, [...loc, 'tin']),
    registered_name: requireText(seller.registered_name, [...loc, 'registered_name']),
    income_source_sequence: requireDigits(seller.income_source_sequence, [...loc, 'income_source_sequence']),
  };
}

function validateBuyer(value: unknown, loc: Loc): ValidatedBuyer | null {
  if (value === undefined || value === null) return null;
  const buyer = requireRecord(value, loc);
  const postalCode = optionalText(buyer.postal_code, [...loc, 'postal_code']);
  if (postalCode !== null && !/^\d{5}$/.test(postalCode)) {
    throw new JoFotaraInputError([...loc, 'postal_code'], 'postal_code must be a 5-digit Jordanian postal code');
  }
  const governorate =
    buyer.governorate === undefined || buyer.governorate === null
      ? null
      : requireOneOf(buyer.governorate, GOVERNORATE_CODES, [...loc, 'governorate']);
  return {
    id_scheme: requireOneOf(buyer.id_scheme, BUYER_ID_SCHEMES, [...loc, 'id_scheme']),
    id: requireDigits(buyer.id, [...loc, 'id']),
    name: optionalText(buyer.name, [...loc, 'name']),
    postal_code: postalCode,
    governorate,
    phone: normalizePhone(buyer.phone, [...loc, 'phone']),
  };
}

/** Digits only, at most 15 (E.164), as Odoo's `_normalize_phone` sends them. */
function normalizePhone(value: unknown, loc: Loc): string | null {
  const text = optionalText(value, loc);
  if (text === null) return null;
  if (!/^[+\d\s\-().]+$/.test(text)) throw new JoFotaraInputError(loc, 'phone may hold only digits, spaces, +, -, ( and )');
  const digits = text.replace(/\D/g, '');
  if (digits.length === 0 || digits.length > 15) throw new JoFotaraInputError(loc, 'phone must have 1 to 15 digits');
  return digits;
}

// ---------------------------------------------------------------------------------------------
// Lines

function validateLineTax(track: JoFotaraTrack, value: unknown, loc: Loc): LineTax | null {
  if (track === 'income') {
    if (value !== undefined && value !== null) {
      const message = 'An income-track invoice carries no tax: the seller is not registered for sales tax';
      throw new JoFotaraInputError(loc, message);
    }
    return null;
  }
  if (value === undefined || value === null) {
    throw new JoFotaraInputError(loc, 'tax is required on the general and special sales tracks');
  }
  const tax = requireRecord(value, loc);
  const category = requireOneOf(tax.category, JOFOTARA_TAX_CATEGORIES, [...loc, 'category']);
  const rate = readInputDecimal(tax.rate, [...loc, 'rate'], RATE_RULE);
  const rateText = formatPlain(rate);
  if (category === 'S' && !STANDARD_RATES.has(rateText)) {
    const accepted = [...STANDARD_RATES].join(', ');
    throw new JoFotaraInputError([...loc, 'rate'], `Category S takes one of the rates ${accepted}%, got ${rateText}%`);
  }
  if (category !== 'S' && rate.coefficient !== 0n) {
    throw new JoFotaraInputError(
      [...loc, 'rate'],
      `Category ${category} (${category === 'Z' ? 'exempt' : 'zero-rated'}) has a 0% rate, got ${rateText}%`,
    );
  }
  return { category, rate };
}

function validateSpecialTax(track: JoFotaraTrack, value: unknown, loc: Loc): SpecialTaxBasis | null {
  if (value === undefined || value === null) return null;
  if (track !== 'special_sales') {
    throw new JoFotaraInputError(loc, 'Only a special-sales-track invoice carries special sales tax');
  }
  const special = requireRecord(value, loc);
  if (special.type === 'fixed') {
    const perUnit = readInputDecimal(special.amount_per_unit, [...loc, 'amount_per_unit'], AMOUNT_RULE);
    return { type: 'fixed', amount_per_unit: toNanos(perUnit) };
  }
  if (special.type === 'percent') {
    const percent = readInputDecimal(special.percent, [...loc, 'percent'], RATE_RULE);
    return { type: 'percent', percent };
  }
  throw new JoFotaraInputError([...loc, 'type'], 'type must be fixed or percent');
}

function validateLine(track: JoFotaraTrack, value: unknown, loc: Loc): LineBasis {
  const line = requireRecord(value, loc);
  const quantity = toMillis(readInputDecimal(line.quantity, [...loc, 'quantity'], QUANTITY_RULE));
  const unitPrice = toNanos(readInputDecimal(line.unit_price, [...loc, 'unit_price'], AMOUNT_RULE));
  const discount =
    line.discount === undefined || line.discount === null
      ? 0n
      : toNanos(readInputDecimal(line.discount, [...loc, 'discount'], AMOUNT_RULE));
  // Against the exact product, not its nine-decimal rounding: then price × quantity − discount is
  // never negative, and rounding it equals rounding the product and subtracting the discount.
  if (discount * QUANTITY_SCALE > unitPrice * quantity) {
    const message = 'discount cannot exceed unit_price × quantity: JoFotara takes no negative lines';
    throw new JoFotaraInputError([...loc, 'discount'], message);
  }
  return {
    name: requireText(line.name, [...loc, 'name']),
    quantity,
    unit_price: unitPrice,
    discount,
    tax: validateLineTax(track, line.tax, [...loc, 'tax']),
    special_tax: validateSpecialTax(track, line.special_tax, [...loc, 'special_tax']),
  };
}

function computeLine(
  track: JoFotaraTrack,
  basis: LineBasis,
  lineNumber: number,
  quantity: bigint,
  discount: bigint,
): ComputedLine {
  const gross = priceTimesQuantity(basis.unit_price, quantity);
  const net = gross - discount;
  let specialTax: bigint | null = null;
  if (track === 'special_sales') {
    const special = basis.special_tax;
    specialTax =
      special === null
        ? 0n
        : special.type === 'fixed'
          ? priceTimesQuantity(special.amount_per_unit, quantity)
          : percentOfNanos(net, special.percent);
  }
  const generalTax = basis.tax === null ? null : percentOfNanos(net + (specialTax ?? 0n), basis.tax.rate);
  return {
    line_number: lineNumber,
    name: basis.name,
    quantity,
    unit_price: basis.unit_price,
    gross,
    discount,
    net,
    tax: basis.tax,
    special_tax: specialTax,
    general_tax: generalTax,
    total: net + (specialTax ?? 0n) + (generalTax ?? 0n),
  };
}

function totalsOf(lines: readonly ComputedLine[]): ComputedTotals {
  const sum = (pick: (line: ComputedLine) => bigint | null): bigint =>
    lines.reduce((acc, line) => acc + (pick(line) ?? 0n), 0n);
  const taxInclusive = sum((line) => line.total);
  return {
    tax_exclusive: sum((line) => line.gross),
    allowance_total: sum((line) => line.discount),
    special_tax: sum((line) => line.special_tax),
    general_tax: sum((line) => line.general_tax),
    tax_inclusive: taxInclusive,
    payable: taxInclusive,
  };
}

const CATEGORY_ORDER: Record<JoFotaraTaxCategory, number> = { S: 0, O: 1, Z: 2 };

function taxGroupsOf(lines: readonly ComputedLine[]): ComputedTaxGroup[] {
  const groups = new Map<string, ComputedTaxGroup>();
  for (const line of lines) {
    if (line.tax === null) continue;
    const key = `${line.tax.category}:${formatPlain(line.tax.rate)}`;
    const group = groups.get(key) ?? { category: line.tax.category, rate: line.tax.rate, taxable: 0n, tax: 0n };
    group.taxable += line.net;
    group.tax += line.general_tax ?? 0n;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => {
    const byCategory = CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category];
    if (byCategory !== 0) return byCategory;
    const left = toNanos(a.rate);
    const right = toNanos(b.rate);
    return left === right ? 0 : left > right ? -1 : 1;
  });
}

function typeName(paymentMethod: JoFotaraPaymentMethod, track: JoFotaraTrack): string {
  const payment = paymentMethod === 'cash' ? '1' : '2';
  const taxpayer = track === 'income' ? '1' : track === 'general_sales' ? '2' : '3';
  return `0${payment}${taxpayer}`;
}

interface ValidatedHeader {
  id: string;
  uuid: string;
  icv: string;
  issue_date: string;
  note: string | null;
}

function validateHeader(document: Record<string, unknown>, loc: Loc): ValidatedHeader {
  if (document.currency !== undefined && document.currency !== 'JOD') {
    throw new JoFotaraInputError([...loc, 'currency'], 'JoFotara documents are reported in JOD');
  }
  return {
    id: requireText(document.id, [...loc, 'id']),
    uuid: requireUuid(document.uuid, [...loc, 'uuid']),
    icv: requireIcv(document.icv, [...loc, 'icv']),
    issue_date: requireIsoDate(document.issue_date, [...loc, 'issue_date']),
    note: optionalText(document.note, [...loc, 'note']),
  };
}

interface ValidatedInvoice {
  computed: ComputedDocument;
  bases: LineBasis[];
}

function computeInvoiceAt(value: unknown, loc: Loc): ValidatedInvoice {
  const invoice = requireRecord(value, loc);
  if (invoice.kind !== 'invoice') throw new JoFotaraInputError([...loc, 'kind'], 'kind must be invoice');
  const header = validateHeader(invoice, loc);
  const track = requireOneOf(invoice.track, JOFOTARA_TRACKS, [...loc, 'track']);
  const paymentMethod = requireOneOf(invoice.payment_method, JOFOTARA_PAYMENT_METHODS, [...loc, 'payment_method']);
  const seller = validateSeller(invoice.seller, [...loc, 'seller']);
  const buyer = validateBuyer(invoice.buyer, [...loc, 'buyer']);
  if (!Array.isArray(invoice.lines) || invoice.lines.length === 0) {
    throw new JoFotaraInputError([...loc, 'lines'], 'An invoice needs at least one line');
  }
  const bases = invoice.lines.map((line: unknown, index: number) => validateLine(track, line, [...loc, 'lines', index]));
  const lines = bases.map((basis, index) => computeLine(track, basis, index + 1, basis.quantity, basis.discount));
  const totals = totalsOf(lines);

  const nameRequired = paymentMethod === 'receivable' || totals.payable > CASH_BUYER_NAME_THRESHOLD;
  if (nameRequired && (buyer === null || buyer.name === null)) {
    throw new JoFotaraInputError(
      buyer === null ? [...loc, 'buyer'] : [...loc, 'buyer', 'name'],
      paymentMethod === 'receivable'
        ? "A receivable invoice needs the buyer's identification and name"
        : "A cash invoice above JOD 10,000 needs the buyer's identification and name",
    );
  }

  return {
    bases,
    computed: {
      kind: 'invoice',
      track,
      payment_method: paymentMethod,
      type_code: '388',
      type_name: typeName(paymentMethod, track),
      ...header,
      seller,
      buyer,
      return_of: null,
      lines,
      totals,
      tax_groups: track === 'income' ? [] : taxGroupsOf(lines),
    },
  };
}

function computeReturn(document: JoFotaraReturnInput): ComputedDocument {
  const input = document as unknown as Record<string, unknown>;
  const header = validateHeader(input, []);
  const reason = requireText(input.reason, ['reason']);
  const original = computeInvoiceAt(input.original, ['original']);
  if (header.uuid.toLowerCase() === original.computed.uuid.toLowerCase()) {
    throw new JoFotaraInputError(['uuid'], 'A return needs its own UUID, not the original invoice’s');
  }
  if (!Array.isArray(input.lines) || input.lines.length === 0) {
    throw new JoFotaraInputError(['lines'], 'A return needs at least one line');
  }
  const track = original.computed.track;
  const seen = new Set<number>();
  const lines = input.lines.map((value: unknown, index: number): ComputedLine => {
    const loc = ['lines', index];
    const line = requireRecord(value, loc);
    const lineNumber = line.line_number;
    const lineCount = original.bases.length;
    if (typeof lineNumber !== 'number' || !Number.isInteger(lineNumber) || lineNumber < 1 || lineNumber > lineCount) {
      const message = `line_number must be a line of the original invoice (1 to ${lineCount})`;
      throw new JoFotaraInputError([...loc, 'line_number'], message);
    }
    if (seen.has(lineNumber)) throw new JoFotaraInputError([...loc, 'line_number'], `Line ${lineNumber} is listed twice`);
    seen.add(lineNumber);
    const basis = original.bases[lineNumber - 1] as LineBasis;
    const quantity = toMillis(readInputDecimal(line.quantity, [...loc, 'quantity'], QUANTITY_RULE));
    const returnedBefore =
      line.returned_before === undefined || line.returned_before === null
        ? 0n
        : toMillis(readInputDecimal(line.returned_before, [...loc, 'returned_before'], { ...QUANTITY_RULE, min: 'non_negative' }));
    if (returnedBefore + quantity > basis.quantity) {
      throw new ReturnQuantityExceededError(
        [...loc, 'quantity'],
        lineNumber,
        formatPlainMillis(basis.quantity),
        formatPlainMillis(returnedBefore),
        formatPlainMillis(quantity),
      );
    }
    // The discount goes back in proportion to the quantity returned (GUIDE p.29: the discount "from
    // the total price of the returned good"); the whole line returned gives the whole discount back.
    // Rounding the share up can overshoot the exact price × quantity by a fraction of a nano when the
    // price has more than six decimals; the discount never exceeds it (see validateLine).
    const share = quantity === basis.quantity ? basis.discount : proportionOfNanos(basis.discount, quantity, basis.quantity);
    const exactGross = basis.unit_price * quantity;
    const discount = share * QUANTITY_SCALE > exactGross ? exactGross / QUANTITY_SCALE : share;
    return computeLine(track, basis, lineNumber, quantity, discount);
  });
  return {
    kind: 'return',
    track,
    payment_method: original.computed.payment_method,
    type_code: '381',
    type_name: original.computed.type_name,
    ...header,
    seller: original.computed.seller,
    buyer: null,
    return_of: {
      original_id: original.computed.id,
      original_uuid: original.computed.uuid,
      original_total: original.computed.totals.payable,
      reason,
    },
    lines,
    totals: totalsOf(lines),
    tax_groups: track === 'income' ? [] : taxGroupsOf(lines),
  };
}

function formatPlainMillis(millis: bigint): string {
  return formatPlain({ coefficient: millis, scale: QUANTITY_DECIMALS });
}

/**
 * Validates the document and computes every line and total. Throws JoFotaraInputError (with `loc`)
 * for input JoFotara would refuse, and ReturnQuantityExceededError when a return asks for more than
 * what is left of a line.
 */
export function computeDocument(document: JoFotaraDocument): ComputedDocument {
  if (!isRecord(document)) throw new JoFotaraInputError([], 'The document must be an object');
  if (document.kind === 'return') return computeReturn(document);
  if (document.kind === 'invoice') return computeInvoiceAt(document satisfies JoFotaraInvoiceInput, []).computed;
  throw new JoFotaraInputError(['kind'], 'kind must be invoice or return');
}
