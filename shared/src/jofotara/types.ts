/**
 * Inputs of the JoFotara UBL 2.1 builder (JORDAN.md §1.3–§1.4; ISTD guide v1.4).
 *
 * Amounts are given as decimal text or numbers read through their shortest text (money.ts
 * `DecimalInput`), never computed in floating point: the builder works in exact integers of
 * 10⁻⁹ JOD because the portal recomputes every sum to nine decimals with no tolerance.
 */
import type { DecimalInput } from '../money.js';
import type { SpecialTax } from '../tax.js';
import type { JoFotaraTaxCategory } from '../jordanTax.js';

export type { DecimalInput, SpecialTax };

/**
 * The taxpayer's registration decides the template (GUIDE p.9) and the last digit of the
 * InvoiceTypeCode `name`: income = not registered for sales tax (the XML carries no tax at all),
 * general_sales = registered for general sales tax, special_sales = registered for special sales tax.
 */
export const JOFOTARA_TRACKS = ['income', 'general_sales', 'special_sales'] as const;
export type JoFotaraTrack = (typeof JOFOTARA_TRACKS)[number];

/** The middle digit of the InvoiceTypeCode `name`: 1 cash, 2 receivable (GUIDE p.11). */
export const JOFOTARA_PAYMENT_METHODS = ['cash', 'receivable'] as const;
export type JoFotaraPaymentMethod = (typeof JOFOTARA_PAYMENT_METHODS)[number];

/** NIN national ID, PN document of a non-Jordanian (passport, residence), TN tax number (GUIDE p.14). */
export const BUYER_ID_SCHEMES = ['NIN', 'PN', 'TN'] as const;
export type BuyerIdScheme = (typeof BUYER_ID_SCHEMES)[number];

/** ISO 3166-2:JO governorate codes, written in `CountrySubentityCode` (GUIDE p.36). */
export const JORDAN_GOVERNORATES = {
  'JO-AM': { name_en: 'Amman', name_ar: 'العاصمة' },
  'JO-IR': { name_en: 'Irbid', name_ar: 'إربد' },
  'JO-AZ': { name_en: 'Zarqa', name_ar: 'الزرقاء' },
  'JO-BA': { name_en: 'Balqa', name_ar: 'البلقاء' },
  'JO-MN': { name_en: "Ma'an", name_ar: 'معان' },
  'JO-MD': { name_en: 'Madaba', name_ar: 'مادبا' },
  'JO-MA': { name_en: 'Mafraq', name_ar: 'المفرق' },
  'JO-KA': { name_en: 'Karak', name_ar: 'الكرك' },
  'JO-JA': { name_en: 'Jerash', name_ar: 'جرش' },
  'JO-AT': { name_en: 'Tafilah', name_ar: 'الطفيلة' },
  'JO-AQ': { name_en: 'Aqaba', name_ar: 'العقبة' },
  'JO-AJ': { name_en: 'Ajloun', name_ar: 'عجلون' },
} as const;
export type GovernorateCode = keyof typeof JORDAN_GOVERNORATES;
export const GOVERNORATE_CODES = Object.keys(JORDAN_GOVERNORATES) as GovernorateCode[];

/**
 * JoFotara's own meaning of the UN/ECE 5305 codes (GUIDE p.41): S = a positive rate, Z = EXEMPT,
 * O = ZERO-RATED. Z and O both carry Percent 0.
 */
export const JOFOTARA_TAX_CATEGORIES: readonly JoFotaraTaxCategory[] = ['S', 'Z', 'O'];
export type { JoFotaraTaxCategory };

export interface JoFotaraSeller {
  /** Seller's tax number, digits only. */
  tin: string;
  /** Name exactly as registered with ISTD. */
  registered_name: string;
  /** "Sequence of income source" (activity number), digits only; written in SellerSupplierParty. */
  income_source_sequence: string;
}

export interface JoFotaraBuyer {
  id_scheme: BuyerIdScheme;
  /** Digits only (GUIDE p.14). */
  id: string;
  /** Required on receivable invoices and on cash invoices above JOD 10,000 (GUIDE p.14). */
  name?: string | null;
  postal_code?: string | null;
  governorate?: GovernorateCode | null;
  /** Any punctuation is dropped; at most 15 digits remain. */
  phone?: string | null;
}

export interface JoFotaraLineTax {
  category: JoFotaraTaxCategory;
  /** Percent: "16" is 16%. S takes a rate JoFotara accepts (1, 2, 3, 4, 5, 7, 8, 10, 16); Z and O take 0. */
  rate: DecimalInput;
}

export interface JoFotaraLineInput {
  /** Name or description of the good or service. */
  name: string;
  /** Greater than zero, at most 3 decimals. Always written with unitCode="PCE". */
  quantity: DecimalInput;
  /** Unit price before tax, zero or more, at most 9 decimals. */
  unit_price: DecimalInput;
  /**
   * The line's discount as an amount (not a percent), at most 9 decimals, not above
   * price × quantity. JoFotara takes no document-level discount: spread one over the lines first.
   */
  discount?: DecimalInput | null;
  /** Required on the general and special sales tracks; must be absent on the income track. */
  tax?: JoFotaraLineTax | null;
  /**
   * Special sales tax, special track only: a fixed amount per unit or a percent of the line net.
   * Absent means zero; a special-track line still carries its (zero) special tax subtotal.
   */
  special_tax?: SpecialTax | null;
}

interface DocumentHeader {
  /** The seller's document number (cbc:ID). ID + UUID are the portal's primary key. */
  id: string;
  /** Generated once per document by the seller and kept across retries. */
  uuid: string;
  /** Invoice counter (ICV), a positive integer the seller increments. */
  icv: number | string;
  /** yyyy-mm-dd (the guide's prose says dd-mm-yyyy; every example and every client writes ISO). */
  issue_date: string;
  note?: string | null;
  /** Only JOD: the guide's templates fix DocumentCurrencyCode and TaxCurrencyCode to JOD. */
  currency?: 'JOD';
}

export interface JoFotaraInvoiceInput extends DocumentHeader {
  kind: 'invoice';
  track: JoFotaraTrack;
  payment_method: JoFotaraPaymentMethod;
  seller: JoFotaraSeller;
  /** May be omitted only on a cash invoice of at most JOD 10,000 (walk-in customer). */
  buyer?: JoFotaraBuyer | null;
  lines: JoFotaraLineInput[];
}

export interface JoFotaraReturnLineInput {
  /** The line's number (cbc:ID) on the original invoice: lines are numbered 1, 2, 3… in order. */
  line_number: number;
  /** Quantity returned now; greater than zero, at most 3 decimals. */
  quantity: DecimalInput;
  /** Quantity of this line already returned by earlier returns (default 0). */
  returned_before?: DecimalInput | null;
}

/**
 * A return (credit invoice, type 381). Only quantities are returned (GUIDE p.22): prices, names
 * and tax come from the original, the discount and special tax in proportion to the quantity.
 * Track, payment method and seller are the original's; the buyer block is the guide's fixed skeleton.
 */
export interface JoFotaraReturnInput extends DocumentHeader {
  kind: 'return';
  /** Mandatory reason, written as PaymentMeans/InstructionNote. */
  reason: string;
  /** The original invoice exactly as it was submitted. */
  original: JoFotaraInvoiceInput;
  lines: JoFotaraReturnLineInput[];
}

export type JoFotaraDocument = JoFotaraInvoiceInput | JoFotaraReturnInput;

/** Input the builder cannot turn into a valid JoFotara document; `loc` points at the field. */
export class JoFotaraInputError extends Error {
  override name = 'JoFotaraInputError';
  constructor(
    readonly loc: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/** A return asks for more of a line than the original sold, counting earlier returns (GUIDE p.22). */
export class ReturnQuantityExceededError extends JoFotaraInputError {
  override name = 'ReturnQuantityExceededError';
  constructor(
    loc: readonly (string | number)[],
    readonly line_number: number,
    readonly original_quantity: string,
    readonly returned_before: string,
    readonly requested: string,
  ) {
    super(
      loc,
      `Line ${line_number}: cannot return ${requested}; the original sold ${original_quantity}` +
        (returned_before === '0' ? '' : ` and ${returned_before} was already returned`),
    );
  }
}
