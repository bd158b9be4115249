/**
 * Retail barcodes: GTIN check digits (EAN-8, UPC-A, EAN-13) and the labels a shop's scale prints.
 *
 * A code of 8, 12 or 13 digits is a GTIN and must carry the right check digit (a misread or
 * mistyped code would otherwise become a product's barcode and never scan). Any other code — fewer
 * or more digits, letters, dashes — is the shop's own and is taken as written.
 *
 * Scale labels are EAN-13 codes in the GS1 "restricted circulation" ranges (first digits 2 or 02;
 * a 12-digit UPC-A label is read as its EAN-13 form, a 0 in front): a prefix, the item code the
 * scale is programmed with, a five-digit value (the weight in grams or the price in fils, per
 * prefix), and the check digit. Prefix and item code are always 7 digits together (13 less the
 * five value digits and the check digit), so a longer prefix means a shorter item code. The
 * product carries the prefix and item code as its barcode ("2012345" with the default layout), so
 * a scanned label finds it by that key and brings the weight or price along. Which prefixes a shop
 * uses, and for what, is the organization's `scale_barcodes` setting
 * (shared/src/schemas/organizations.ts), read by the server's lookup and by the till offline.
 */

export const SCALE_VALUE_KINDS = ['weight', 'price'] as const;
export type ScaleValueKind = (typeof SCALE_VALUE_KINDS)[number];

export interface ScalePrefix {
  /** The label's leading digits. */
  prefix: string;
  /** What the five value digits hold: grams ('weight') or fils ('price'). */
  value: ScaleValueKind;
}

/** A shop's label layout, as the organization setting `scale_barcodes` holds it. */
export interface ScaleBarcodeSettings {
  prefixes: readonly ScalePrefix[];
  /** Digits of the item code after the prefix: 7 less the prefix's length. */
  item_digits: number;
}

/**
 * The layout of an organization that never chose one: prefixes 20–24 carry the weight in grams,
 * 25–29 the price in fils, each with a five-digit item code. Scales in Jordanian shops are
 * commonly programmed this way; a shop whose scales print otherwise sets `scale_barcodes` on the
 * organization (Settings → Organization → Scale labels), which replaces this everywhere a label is
 * read (the barcode lookup, the till's offline catalogue).
 */
export const DEFAULT_SCALE_BARCODES: ScaleBarcodeSettings = {
  prefixes: ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((prefix) => ({
    prefix,
    value: prefix < '25' ? ('weight' as const) : ('price' as const),
  })),
  item_digits: 5,
};

/** The label's value: grams or fils, always five digits. */
export const SCALE_VALUE_DIGITS = 5;
/** Prefix and item code together: 13 less the value digits and the check digit. */
export const SCALE_PRODUCT_CODE_DIGITS = 13 - SCALE_VALUE_DIGITS - 1;
export const SCALE_ITEM_DIGITS_MIN = 4;
export const SCALE_ITEM_DIGITS_MAX = 6;
export const SCALE_PREFIXES_MAX = 10;
/**
 * A prefix in GS1's restricted-circulation ranges, which no manufacturer's GTIN uses: 2, 20–29 or
 * 200–299 (EAN-13 prefix 2), 02 or 020–029 (UPC-A number system 2 in its EAN-13 form).
 */
export const SCALE_PREFIX_PATTERN = /^(2\d{0,2}|02\d?)$/;

/** The layout's refusals (the schema's messages, also matched by the web app to translate them). */
export const SCALE_LAYOUT_MESSAGES = {
  prefixFormat: 'A scale prefix starts with 2 or 02 and has at most 3 digits (GS1 in-store codes)',
  prefixTwice: 'This prefix is listed twice',
  prefixesNeeded: 'List at least one scale prefix',
  prefixesMax: `At most ${SCALE_PREFIXES_MAX} scale prefixes`,
  itemDigits: `An item code has ${SCALE_ITEM_DIGITS_MIN} to ${SCALE_ITEM_DIGITS_MAX} digits`,
  /** A prefix whose length does not fit the item code: the label would not be 13 digits. */
  prefixLength: (itemDigits: number) => {
    const digits = SCALE_PRODUCT_CODE_DIGITS - itemDigits;
    return `With ${itemDigits}-digit item codes a prefix has ${digits} digit${digits === 1 ? '' : 's'}: prefix, item code, ${SCALE_VALUE_DIGITS} value digits and the check digit make 13`;
  },
} as const;

export interface ScaleLayoutProblem {
  /** Where in the layout: `['prefixes', 2, 'prefix']`. */
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a layout whose parts are each well formed: a prefix listed twice, or one whose
 * length and the item-code length do not make a 13-digit label. Empty when it is right.
 */
export function scaleLayoutProblems(layout: ScaleBarcodeSettings): ScaleLayoutProblem[] {
  const problems: ScaleLayoutProblem[] = [];
  const seen = new Set<string>();
  const { item_digits: itemDigits } = layout;
  // A malformed prefix or item-code length has its own message; the length of the two is judged only between good ones.
  const judgeLength = Number.isInteger(itemDigits) && itemDigits >= SCALE_ITEM_DIGITS_MIN && itemDigits <= SCALE_ITEM_DIGITS_MAX;
  layout.prefixes.forEach((p, index) => {
    if (typeof p?.prefix !== 'string' || !SCALE_PREFIX_PATTERN.test(p.prefix)) return;
    if (seen.has(p.prefix)) problems.push({ path: ['prefixes', index, 'prefix'], message: SCALE_LAYOUT_MESSAGES.prefixTwice });
    else if (judgeLength && p.prefix.length + itemDigits !== SCALE_PRODUCT_CODE_DIGITS) {
      problems.push({ path: ['prefixes', index, 'prefix'], message: SCALE_LAYOUT_MESSAGES.prefixLength(itemDigits) });
    }
    seen.add(p.prefix);
  });
  return problems;
}

const GTIN_LENGTHS = new Set([8, 12, 13]);

/** Whether `code` is a GTIN by form (8, 12 or 13 digits), i.e. whether its check digit is checked. */
export const isGtinShaped = (code: string) => /^\d+$/.test(code) && GTIN_LENGTHS.has(code.length);

/** The GS1 check digit for the digits before it (weights 3 and 1 from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an EAN-8, UPC-A or EAN-13 code whose last digit is its check digit. */
export function isValidGtin(code: string): boolean {
  if (!isGtinShaped(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * The problem with a barcode a product is to carry, or null: a GTIN-shaped code with a wrong check
 * digit. Shop codes of other lengths are accepted as written.
 */
export function barcodeProblem(code: string): string | null {
  return isGtinShaped(code) && !isValidGtin(code) ? `The check digit of barcode ${code} is wrong` : null;
}

export interface ScaleBarcode {
  /** The key the product carries: prefix and item code ("2012345"). */
  productCode: string;
  prefix: string;
  itemCode: string;
  /** Kilograms with three decimals, for a weight label; null for a price label. */
  quantity: string | null;
  /** JOD with three decimals, for a price label; null for a weight label. */
  amount: string | null;
}

const thousandths = (value: number) => `${Math.floor(value / 1000)}.${String(value % 1000).padStart(3, '0')}`;

/**
 * The 13-digit form of a code that is a scale label under some layout: a valid EAN-13 starting with
 * 2 or 02, or a valid UPC-A starting with 2 (read with a 0 in front); null for any other code.
 * Its first 7 digits are the product's key whatever the layout, which lets the server read the
 * organization's layout and the product together.
 */
export function restrictedCirculationCode(code: string): string | null {
  if (!/^\d+$/.test(code)) return null;
  const ean = code.length === 12 ? `0${code}` : code;
  if (ean.length !== 13 || !(ean.startsWith('2') || ean.startsWith('02')) || !isValidGtin(ean)) return null;
  return ean;
}

/** A scanned scale label taken apart, or null when the code is not one under `settings` (or its check digit is wrong). */
export function parseScaleBarcode(code: string, settings: ScaleBarcodeSettings = DEFAULT_SCALE_BARCODES): ScaleBarcode | null {
  const ean = restrictedCirculationCode(code);
  if (!ean) return null;
  const itemDigits = settings.item_digits;
  const match = settings.prefixes.find((p) => p.prefix.length + itemDigits === SCALE_PRODUCT_CODE_DIGITS && ean.startsWith(p.prefix));
  if (!match) return null;
  const itemEnd = SCALE_PRODUCT_CODE_DIGITS;
  const itemCode = ean.slice(match.prefix.length, itemEnd);
  const value = Number(ean.slice(itemEnd, 12));
  return {
    productCode: ean.slice(0, itemEnd),
    prefix: match.prefix,
    itemCode,
    quantity: match.value === 'weight' ? thousandths(value) : null,
    amount: match.value === 'price' ? thousandths(value) : null,
  };
}

/**
 * An example label under `prefix`: item code 1234, 12345 or 123456 (as many digits as the layout
 * has) and `value` grams or fils, with its check digit — what the settings screen shows beside each
 * prefix. Null when the prefix does not fit the layout.
 */
export function exampleScaleLabel(prefix: string, itemDigits: number, value: number): string | null {
  if (!SCALE_PREFIX_PATTERN.test(prefix) || prefix.length + itemDigits !== SCALE_PRODUCT_CODE_DIGITS) return null;
  const body = prefix + '1234567'.slice(0, itemDigits) + String(value).padStart(SCALE_VALUE_DIGITS, '0');
  return body + gtinCheckDigit(body);
}
