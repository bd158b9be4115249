/**
 * From Daftar's documents to the JoFotara UBL builder's input (shared/src/jofotara/types.ts).
 * Pure: the caller loads the invoice, its contact, the settings and (for a return) the invoice's
 * submitted document; nothing here reads or writes storage.
 *
 * Invoices (388):
 * - invoice_type (track) from the settings, payment method cash / receivable as asked, else cash
 *   when the invoice is paid in full and receivable otherwise;
 * - buyer from the contact: b2b → its tax number (TN); b2c → the identification the contact
 *   carries (the scheme it chose, else TN, NIN, PN), or none at all for a walk-in cash sale;
 *   name (Arabic when set), postal code, governorate and phone as the contact has them;
 * - lines in order (line numbers 1, 2, 3… — a return refers to them): quantity, unit price before
 *   tax, the line's discount as an amount, tax category S / Z / O from the line's category and
 *   rate (jordanTax.jofotaraTaxCategory). A price that includes tax is brought back before every
 *   tax at nine decimals (the general tax, then a percent special tax; a fixed special tax is taken
 *   off the unit price). On the special sales track a line's special tax goes with the terms stored
 *   on the line (fixed per unit or percent of the net); a line without one carries a zero one (the
 *   builder writes its OTH subtotal). Special tax on another track is refused: only special-track
 *   taxpayers charge it.
 * Returns (381): the invoice's submitted document is the `original`; the lines are the returned
 * quantities of the invoice's line numbers, with what earlier returns took as `returned_before`.
 *
 * Every refusal is a 422 whose `loc` names the field to fix (on the invoice, the contact or the
 * request), never a document the portal would refuse.
 */
import { createHash } from 'node:crypto';
import { jofotara, jordanTax, money } from '@daftar/shared';
import { buyerIdentification, type BuyerIdScheme } from '@daftar/shared/schemas/contacts';
import type { EinvoiceBusinessType, EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';
import type { ContactRecord } from '../db/contact.js';
import type { InvoiceRecord, StoredInvoiceLine } from '../db/invoice.js';
import type { InvoiceReturnRecord, StoredReturnLine } from '../db/invoiceReturn.js';
import { ValidationError, type ValidationIssue } from '../platform/errors.js';

type Track = jofotara.JoFotaraTrack;
type PaymentMethod = jofotara.JoFotaraPaymentMethod;

/**
 * Namespace of Daftar's name-based document UUIDs (RFC 9562 §5.5, version 5). A document's UUID
 * is a function of (organization, document type, document id): a resend after any failure,
 * even one that lost the submission record, carries the UUID the portal already knows, so it
 * answers ALREADY_SUBMITTED instead of recording the invoice twice.
 */
const DOCUMENT_UUID_NAMESPACE = '5b1f0c62-8d0e-4f4a-9c3e-7a7d2e4b9f10';

export function documentUuid(organizationId: string, documentType: EinvoiceDocumentType, documentId: string): string {
  const namespace = Buffer.from(DOCUMENT_UUID_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`jofotara:${organizationId}:${documentType}:${documentId}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const NANOS_PER_FIL = 1_000_000n;
const QUANTITY_SCALE = 1000n;

const issue = (loc: (string | number)[], msg: string): ValidationIssue => ({ loc, msg, type: 'jofotara' });

/** JOD text of an amount in fils. */
export const filsText = (fils: number) => money.formatMoney(money.fromMinorUnits(fils, 'JOD'));

function toNanos(value: money.DecimalInput): bigint {
  const decimal = money.parseDecimal(value);
  if (decimal.scale > 9) throw new RangeError(`${String(value)} has more than nine decimals`);
  return decimal.coefficient * 10n ** BigInt(9 - decimal.scale);
}

function toMillis(value: money.DecimalInput): bigint {
  const decimal = money.parseDecimal(value);
  if (decimal.scale > 3) throw new RangeError(`${String(value)} has more than three decimals`);
  return decimal.coefficient * 10n ** BigInt(3 - decimal.scale);
}

const nanosText = (nanos: bigint) => jofotara.formatNanos(nanos);
const millisText = (millis: bigint) => money.formatDecimal({ coefficient: millis, scale: 3 });

/** amount × 100 / (100 + rate), at nine decimals: the part of a tax-inclusive amount before the tax. */
function beforeTax(nanos: bigint, ratePercent: string): bigint {
  const rate = money.ratioOf(ratePercent);
  const divisor = money.addRatios(rate, money.ratio(100n));
  return money.roundHalfAwayFromZero(money.divideRatios(money.multiplyRatios(money.ratio(nanos), money.ratio(100n)), divisor));
}

/** The line as JoFotara takes it: unit price before tax, discount as an amount, tax category, special tax. */
function invoiceLine(invoice: InvoiceRecord, line: StoredInvoiceLine, index: number, track: Track, issues: ValidationIssue[]): jofotara.JoFotaraLineInput | null {
  const at = (...loc: (string | number)[]) => ['invoice', 'lines', index, ...loc];
  const special = line.special_tax_terms ?? null;
  if (special && track !== 'special_sales') {
    issues.push(
      issue(
        at('special_tax_id'),
        `Line ${index + 1} ("${line.description}") charges special sales tax, but the e-invoicing track is ${track.replace('_', ' ')}; ` +
          'only special-sales-track taxpayers charge it: correct the e-invoicing track, or credit this invoice and issue one without special tax',
      ),
    );
    return null;
  }
  let priceNanos = toNanos(line.unit_price);
  let discountNanos = BigInt(line.discount_amount) * NANOS_PER_FIL;
  if (invoice.price_includes_tax) {
    if (line.tax_rate !== '0') {
      priceNanos = beforeTax(priceNanos, line.tax_rate);
      discountNanos = beforeTax(discountNanos, line.tax_rate);
    }
    // The general tax's base holds the special tax: a percent one is removed like it, a fixed one
    // is part of each unit (the discount carries none of it).
    if (special?.type === 'percent') {
      priceNanos = beforeTax(priceNanos, String(special.percent));
      discountNanos = beforeTax(discountNanos, String(special.percent));
    } else if (special?.type === 'fixed') {
      priceNanos -= toNanos(special.amount_per_unit);
      if (priceNanos < 0n) {
        issues.push(issue(at('unit_price'), `Line ${index + 1} ("${line.description}") costs less than its fixed special tax per unit`));
        return null;
      }
    }
  }
  // The ledger rounds price × quantity to fils; the portal takes the exact product, and a
  // discount of the whole rounded-up line would exceed it by less than a fil.
  const exactGrossTimesThousand = priceNanos * toMillis(line.quantity);
  if (discountNanos * QUANTITY_SCALE > exactGrossTimesThousand) discountNanos = exactGrossTimesThousand / QUANTITY_SCALE;

  let tax: jofotara.JoFotaraLineTax | null = null;
  if (track === 'income') {
    if (line.tax > 0) {
      issues.push(
        issue(
          at('tax_rate'),
          `Line ${index + 1} ("${line.description}") charges ${line.tax_rate}% sales tax, but an income-track taxpayer is not registered for sales tax; ` +
            'correct the e-invoicing track, or credit this invoice and issue one without tax',
        ),
      );
      return null;
    }
  } else {
    let category: jofotara.JoFotaraTaxCategory;
    try {
      category = jordanTax.jofotaraTaxCategory(line.tax_category, line.tax_rate);
    } catch (error) {
      issues.push(issue(at('tax_category'), error instanceof Error ? error.message : String(error)));
      return null;
    }
    tax = { category, rate: line.tax_rate };
  }
  return {
    name: line.description,
    quantity: line.quantity,
    unit_price: nanosText(priceNanos),
    discount: discountNanos === 0n ? null : nanosText(discountNanos),
    tax,
    ...(track === 'special_sales' ? { special_tax: special } : {}),
  };
}

/** The contact's identification as JoFotara takes it: digits only (GUIDE p.14). Also the till's buyer (pos/einvoice.ts). */
export function buyerOf(
  contact: ContactRecord,
  businessType: EinvoiceBusinessType,
  issues: ValidationIssue[],
): jofotara.JoFotaraBuyer | null {
  let identification: { scheme: BuyerIdScheme; id: string } | null;
  if (businessType === 'b2b') {
    if (!contact.tax_number) {
      issues.push(issue(['contact', 'tax_number'], `A business buyer (b2b) is identified by its tax number, and ${contact.name} has none; add it to the contact or submit as b2c`));
      return null;
    }
    identification = { scheme: 'TN', id: contact.tax_number };
  } else {
    identification = buyerIdentification(contact);
  }
  if (identification === null) return null;
  if (!/^\d{1,20}$/.test(identification.id)) {
    const field = identification.scheme === 'TN' ? 'tax_number' : identification.scheme === 'NIN' ? 'national_id' : 'personal_number';
    issues.push(issue(['contact', field], `JoFotara takes the buyer's ${identification.scheme} identification as digits only; ${contact.name}'s is "${identification.id}"`));
    return null;
  }
  return {
    id_scheme: identification.scheme,
    id: identification.id,
    name: contact.name_ar || contact.name,
    postal_code: contact.postal_code ?? null,
    governorate: (contact.governorate as jofotara.GovernorateCode | undefined) ?? null,
    phone: contact.phone ?? null,
  };
}

export interface InvoiceMappingInput {
  invoice: InvoiceRecord;
  contact: ContactRecord;
  seller: jofotara.JoFotaraSeller;
  track: Track;
  uuid: string;
  icv: number;
  payment_method?: PaymentMethod;
  business_type?: EinvoiceBusinessType;
}

export interface MappedInvoice {
  document: jofotara.JoFotaraInvoiceInput;
  payment_method: PaymentMethod;
  business_type: EinvoiceBusinessType;
}

/** Paid in full when it was submitted: a cash sale; otherwise sold on credit. */
export function defaultPaymentMethod(invoice: Pick<InvoiceRecord, 'gross_total' | 'amount_paid'>): PaymentMethod {
  return invoice.gross_total > 0 && (invoice.amount_paid ?? 0) >= invoice.gross_total ? 'cash' : 'receivable';
}

export function defaultBusinessType(contact: Pick<ContactRecord, 'tax_number'>): EinvoiceBusinessType {
  return contact.tax_number ? 'b2b' : 'b2c';
}

function requireJod(currency: string, loc: (string | number)[]) {
  if (currency !== 'JOD') throw new ValidationError([issue(loc, `JoFotara takes documents in JOD only; this one is in ${currency}`)]);
}

/** The builder's input for a confirmed invoice. Throws ValidationError (422) listing every problem. */
export function mapInvoice(input: InvoiceMappingInput): MappedInvoice {
  const { invoice, contact, track } = input;
  requireJod(invoice.currency, ['invoice', 'currency']);
  if (!invoice.number) throw new ValidationError([issue(['invoice', 'number'], 'The invoice has no number: confirm it first')]);
  const issues: ValidationIssue[] = [];
  const paymentMethod = input.payment_method ?? defaultPaymentMethod(invoice);
  const businessType = input.business_type ?? defaultBusinessType(contact);
  const buyer = buyerOf(contact, businessType, issues);
  const lines = (invoice.lines as StoredInvoiceLine[]).map((line, index) => invoiceLine(invoice, line, index, track, issues));
  if (issues.length) throw new ValidationError(issues);
  return {
    payment_method: paymentMethod,
    business_type: businessType,
    document: {
      kind: 'invoice',
      id: invoice.number,
      uuid: input.uuid,
      icv: input.icv,
      issue_date: invoice.issue_date,
      note: invoice.notes ?? null,
      currency: 'JOD',
      track,
      payment_method: paymentMethod,
      seller: input.seller,
      buyer,
      lines: lines as jofotara.JoFotaraLineInput[],
    },
  };
}

export interface ReturnMappingInput {
  credit: InvoiceReturnRecord;
  invoice: InvoiceRecord;
  /** The invoice exactly as it was submitted (its submission's `document`). */
  original: jofotara.JoFotaraInvoiceInput;
  /** Every return of the invoice; the ones created before `credit` count as returned before. */
  returnsOfInvoice: readonly InvoiceReturnRecord[];
  uuid: string;
  icv: number;
}

const compareNumbers = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The builder's input for a return (381). Throws ValidationError (422). */
export function mapReturn(input: ReturnMappingInput): jofotara.JoFotaraReturnInput {
  const { credit, invoice } = input;
  requireJod(credit.currency, ['return', 'currency']);
  const lineNumbers = new Map((invoice.lines as StoredInvoiceLine[]).map((line, index) => [line.id, index + 1]));
  const returnedBefore = new Map<string, bigint>();
  // Returns of one invoice are numbered in the order they were posted: each reads the invoice,
  // then draws its number, and posts on condition that the invoice did not change meanwhile.
  for (const earlier of input.returnsOfInvoice) {
    if (earlier.id === credit.id || compareNumbers(earlier.number, credit.number) >= 0) continue;
    for (const line of earlier.lines as StoredReturnLine[]) {
      returnedBefore.set(line.line_id, (returnedBefore.get(line.line_id) ?? 0n) + toMillis(line.quantity));
    }
  }
  const issues: ValidationIssue[] = [];
  const lines = (credit.lines as StoredReturnLine[]).map((line, index) => {
    const lineNumber = lineNumbers.get(line.line_id);
    if (lineNumber === undefined) issues.push(issue(['return', 'lines', index, 'line_id'], `Invoice ${invoice.number} has no line ${line.line_id}`));
    const before = returnedBefore.get(line.line_id) ?? 0n;
    return { line_number: lineNumber ?? 0, quantity: line.quantity, returned_before: before === 0n ? null : millisText(before) };
  });
  if (issues.length) throw new ValidationError(issues);
  return {
    kind: 'return',
    id: credit.number,
    uuid: input.uuid,
    icv: input.icv,
    issue_date: credit.issue_date,
    currency: 'JOD',
    reason: credit.reason,
    original: input.original,
    lines,
  };
}

/** The builder's refusal as a 422, its location under the document it was built from. */
export function builderIssue(error: jofotara.JoFotaraInputError, documentType: EinvoiceDocumentType): ValidationError {
  return new ValidationError([issue(['jofotara', documentType, ...error.loc], error.message)]);
}

