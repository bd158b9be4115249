/**
 * Retail barcodes: GTIN check digits (EAN-8, UPC-A, EAN-13) and the labels a shop's scale prints.
 *
 * A code of 8, 12 or 13 digits is a GTIN and must carry the right check digit (a misread or
 * mistyped code would otherwise become a product's barcode and never scan). Any other code — fewer
 * or more digits, letters, dashes — is the shop's own and is taken as written.
 *
 * Scale labels are EAN-13 codes in the GS1 "restricted circulation" range (first digit 2): a
 * two-digit prefix, the item code the scale is programmed with, a five-digit value (the weight in
 * grams or the price in fils, per prefix), and the check digit. The product carries the prefix
 * and item code as its barcode (7 digits with the default layout: "2012345"), so a scanned label
 * finds it by that key and brings the weight or price along.
 */

export type ScaleValueKind = 'weight' | 'price';

export interface ScalePrefix {
  /** The label's leading digits. */
  prefix: string;
  /** What the five value digits hold: grams ('weight') or fils ('price'). */
  value: ScaleValueKind;
}

export interface ScaleBarcodeSettings {
  prefixes: readonly ScalePrefix[];
  /** Digits of the item code after the prefix. */
  itemDigits: number;
}

/**
 * The layout used until an organization setting exists: prefixes 20–24 carry the weight in grams,
 * 25–29 the price in fils, each with a five-digit item code. Scales in Jordanian shops are
 * commonly programmed this way; a shop with another layout needs the organization setting
 * (later work), which will replace this constant where `parseScaleBarcode` is called.
 */
export const DEFAULT_SCALE_BARCODES: ScaleBarcodeSettings = {
  prefixes: ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((prefix) => ({
    prefix,
    value: prefix < '25' ? ('weight' as const) : ('price' as const),
  })),
  itemDigits: 5,
};

const SCALE_VALUE_DIGITS = 5;
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

/** A scanned EAN-13 scale label taken apart, or null when the code is not one (or its check digit is wrong). */
export function parseScaleBarcode(code: string, settings: ScaleBarcodeSettings = DEFAULT_SCALE_BARCODES): ScaleBarcode | null {
  if (code.length !== 13 || !isValidGtin(code)) return null;
  const match = settings.prefixes.find((p) => code.startsWith(p.prefix));
  if (!match) return null;
  const itemEnd = match.prefix.length + settings.itemDigits;
  if (itemEnd + SCALE_VALUE_DIGITS !== 12) return null;
  const itemCode = code.slice(match.prefix.length, itemEnd);
  const value = Number(code.slice(itemEnd, 12));
  return {
    productCode: match.prefix + itemCode,
    prefix: match.prefix,
    itemCode,
    quantity: match.value === 'weight' ? thousandths(value) : null,
    amount: match.value === 'price' ? thousandths(value) : null,
  };
}
