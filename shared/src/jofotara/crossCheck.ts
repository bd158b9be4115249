/**
 * The JoFotara portal's cross-field checks, recomputed exactly from an invoice XML (JORDAN.md §1.4,
 * after the docstring of Odoo's `test_jo_edi_precision.py`, which mirrors the portal):
 *
 *   1. line_extension_amount  LineExtensionAmount = PriceAmount × InvoicedQuantity − line discount
 *   2. taxable_amount         every line TaxSubtotal's TaxableAmount = LineExtensionAmount
 *   3. rounding_amount        RoundingAmount = LineExtensionAmount + general tax + special tax
 *   4. tax_exclusive_amount   TaxExclusiveAmount = Σ PriceAmount × InvoicedQuantity
 *   5. tax_inclusive_amount   TaxInclusiveAmount = Σ (price × quantity − discount + general + special)
 *   6. payable_amount         PayableAmount = TaxInclusiveAmount
 *
 * and the further checks the same test applies:
 *
 *   line_general_tax          line TaxAmount = VAT TaxSubtotal TaxAmount = (taxable + special) × Percent
 *   allowance_total_amount    document discount = AllowanceTotalAmount = Σ line discounts
 *   document_tax_amount       document TaxAmount = Σ line general tax (= Σ document TaxSubtotals, if any)
 *
 * Arithmetic is on exact rationals parsed from the text, never floats. "Equal" means equal at nine
 * decimals, the portal's precision: the stated figure and the exact computation round to the same
 * nine-decimal value, half away from zero (the exact form of Odoo's `float_compare(…, 9) == 0`, except
 * that a computation exactly half a nano from the stated figure is settled by rounding instead of
 * by the sign of a float error). Sums over lines add each line's value rounded to nine decimals
 * (Odoo's `_sum_max_dp`). Check 6 and the document-discount equality have no tolerance at all.
 */
import { type Ratio, addRatios, multiplyRatios, parseDecimal, ratio, ratioOf, subtractRatios } from '../money.js';
import { UBL_CAC_NAMESPACE, UBL_CBC_NAMESPACE, UBL_INVOICE_NAMESPACE } from './builder.js';
import { equalAtNineDecimals, formatRatio, ratiosEqual, roundRatioToNine } from './decimal.js';
import { type XmlElement, XmlParseError, childElement, childElements, parseXml } from './xml.js';

export const PORTAL_CROSS_CHECKS = [
  'line_extension_amount',
  'taxable_amount',
  'rounding_amount',
  'tax_exclusive_amount',
  'tax_inclusive_amount',
  'payable_amount',
] as const;
export const SUPPLEMENTARY_CROSS_CHECKS = ['line_general_tax', 'allowance_total_amount', 'document_tax_amount'] as const;

export type CrossCheckName =
  | (typeof PORTAL_CROSS_CHECKS)[number]
  | (typeof SUPPLEMENTARY_CROSS_CHECKS)[number]
  /** The XML is not a JoFotara invoice the checks can read (missing element, malformed number). */
  | 'structure';

export interface CrossCheckFailure {
  check: CrossCheckName;
  /** The line's cbc:ID for line checks. */
  line?: string;
  /** What the document states, as written. */
  stated?: string;
  /** What the check computes, exactly. */
  computed?: string;
  message: string;
}

export interface ParsedAmount {
  text: string;
  value: Ratio;
}

export interface ParsedTaxSubtotal {
  taxable: ParsedAmount | null;
  tax: ParsedAmount;
  category: string;
  percent: ParsedAmount | null;
  /** TaxScheme ID: VAT for the general tax, OTH for the special tax. */
  scheme: string;
}

export interface ParsedInvoiceLine {
  id: string;
  quantity: ParsedAmount;
  line_extension: ParsedAmount;
  price: ParsedAmount;
  /** Σ of the price's allowances (ChargeIndicator false); zero when there are none. */
  discount: ParsedAmount;
  tax_amount: ParsedAmount | null;
  rounding_amount: ParsedAmount | null;
  subtotals: ParsedTaxSubtotal[];
}

export interface ParsedInvoice {
  id: string;
  uuid: string;
  type_code: string;
  type_name: string | null;
  /** The document-level AllowanceCharge amount (Σ of allowances), null when absent. */
  document_discount: ParsedAmount | null;
  tax_amount: ParsedAmount | null;
  tax_subtotals: ParsedTaxSubtotal[];
  tax_exclusive: ParsedAmount;
  tax_inclusive: ParsedAmount;
  allowance_total: ParsedAmount | null;
  prepaid: ParsedAmount | null;
  payable: ParsedAmount;
  lines: ParsedInvoiceLine[];
}

/** The XML cannot be read as a JoFotara invoice; crossCheck reports it as a `structure` failure. */
export class InvoiceStructureError extends Error {
  override name = 'InvoiceStructureError';
}

// ---------------------------------------------------------------------------------------------
// Reading

function describe(element: XmlElement): string {
  return `${element.localName} (line ${element.line})`;
}

function cbcChild(parent: XmlElement, name: string): XmlElement | undefined {
  return childElement(parent, UBL_CBC_NAMESPACE, name);
}

function cacChild(parent: XmlElement, name: string): XmlElement | undefined {
  return childElement(parent, UBL_CAC_NAMESPACE, name);
}

function requireChild(parent: XmlElement, namespace: string, name: string): XmlElement {
  const child = childElement(parent, namespace, name);
  if (!child) throw new InvoiceStructureError(`${describe(parent)} has no ${name}`);
  return child;
}

function readNumber(element: XmlElement): ParsedAmount {
  const text = element.text.trim();
  try {
    return { text, value: ratioOf(parseDecimal(text)) };
  } catch {
    throw new InvoiceStructureError(`${describe(element)} is not a decimal number: "${text.slice(0, 40)}"`);
  }
}

function optionalNumber(parent: XmlElement, name: string): ParsedAmount | null {
  const child = cbcChild(parent, name);
  return child ? readNumber(child) : null;
}

function requireNumber(parent: XmlElement, name: string): ParsedAmount {
  return readNumber(requireChild(parent, UBL_CBC_NAMESPACE, name));
}

const ZERO: ParsedAmount = { text: '0', value: ratio(0n) };

function sumAmounts(amounts: readonly ParsedAmount[]): ParsedAmount {
  if (amounts.length === 1) return amounts[0] as ParsedAmount;
  return amounts.reduce(
    (acc, amount) => ({
      text: acc.text === '0' ? amount.text : `${acc.text} + ${amount.text}`,
      value: addRatios(acc.value, amount.value),
    }),
    ZERO,
  );
}

/** Allowances (ChargeIndicator false) of an element; JoFotara knows no charges. */
function allowancesOf(parent: XmlElement): ParsedAmount[] {
  return childElements(parent, UBL_CAC_NAMESPACE, 'AllowanceCharge').map((allowanceCharge) => {
    const indicator = requireChild(allowanceCharge, UBL_CBC_NAMESPACE, 'ChargeIndicator').text.trim();
    if (indicator !== 'false') {
      throw new InvoiceStructureError(`${describe(allowanceCharge)} is a charge; JoFotara takes discounts only`);
    }
    return requireNumber(allowanceCharge, 'Amount');
  });
}

function readSubtotal(subtotal: XmlElement): ParsedTaxSubtotal {
  const category = requireChild(subtotal, UBL_CAC_NAMESPACE, 'TaxCategory');
  const scheme = requireChild(requireChild(category, UBL_CAC_NAMESPACE, 'TaxScheme'), UBL_CBC_NAMESPACE, 'ID');
  return {
    taxable: optionalNumber(subtotal, 'TaxableAmount'),
    tax: requireNumber(subtotal, 'TaxAmount'),
    category: requireChild(category, UBL_CBC_NAMESPACE, 'ID').text.trim(),
    percent: optionalNumber(category, 'Percent'),
    scheme: scheme.text.trim(),
  };
}

function readLine(line: XmlElement): ParsedInvoiceLine {
  const price = requireChild(line, UBL_CAC_NAMESPACE, 'Price');
  const taxTotal = cacChild(line, 'TaxTotal');
  const discounts = allowancesOf(price);
  return {
    id: requireChild(line, UBL_CBC_NAMESPACE, 'ID').text.trim(),
    quantity: requireNumber(line, 'InvoicedQuantity'),
    line_extension: requireNumber(line, 'LineExtensionAmount'),
    price: requireNumber(price, 'PriceAmount'),
    discount: discounts.length === 0 ? ZERO : sumAmounts(discounts),
    tax_amount: taxTotal ? requireNumber(taxTotal, 'TaxAmount') : null,
    rounding_amount: taxTotal ? optionalNumber(taxTotal, 'RoundingAmount') : null,
    subtotals: taxTotal ? childElements(taxTotal, UBL_CAC_NAMESPACE, 'TaxSubtotal').map(readSubtotal) : [],
  };
}

/** Reads the amounts of a JoFotara UBL 2.1 invoice. Throws XmlParseError or InvoiceStructureError. */
export function parseJoFotaraInvoice(xml: string): ParsedInvoice {
  const root = parseXml(xml);
  if (root.namespace !== UBL_INVOICE_NAMESPACE || root.localName !== 'Invoice') {
    throw new InvoiceStructureError(`The root element is ${root.qualifiedName}, not a UBL 2.1 Invoice`);
  }
  const typeCode = requireChild(root, UBL_CBC_NAMESPACE, 'InvoiceTypeCode');
  const taxTotals = childElements(root, UBL_CAC_NAMESPACE, 'TaxTotal');
  if (taxTotals.length > 1) throw new InvoiceStructureError('More than one document TaxTotal');
  const taxTotal = taxTotals[0];
  const monetary = requireChild(root, UBL_CAC_NAMESPACE, 'LegalMonetaryTotal');
  const documentAllowances = allowancesOf(root);
  const lines = childElements(root, UBL_CAC_NAMESPACE, 'InvoiceLine');
  if (lines.length === 0) throw new InvoiceStructureError('The invoice has no InvoiceLine');
  return {
    id: requireChild(root, UBL_CBC_NAMESPACE, 'ID').text.trim(),
    uuid: requireChild(root, UBL_CBC_NAMESPACE, 'UUID').text.trim(),
    type_code: typeCode.text.trim(),
    type_name: typeCode.attributes.get('name') ?? null,
    document_discount: documentAllowances.length === 0 ? null : sumAmounts(documentAllowances),
    tax_amount: taxTotal ? requireNumber(taxTotal, 'TaxAmount') : null,
    tax_subtotals: taxTotal ? childElements(taxTotal, UBL_CAC_NAMESPACE, 'TaxSubtotal').map(readSubtotal) : [],
    tax_exclusive: requireNumber(monetary, 'TaxExclusiveAmount'),
    tax_inclusive: requireNumber(monetary, 'TaxInclusiveAmount'),
    allowance_total: optionalNumber(monetary, 'AllowanceTotalAmount'),
    prepaid: optionalNumber(monetary, 'PrepaidAmount'),
    payable: requireNumber(monetary, 'PayableAmount'),
    lines: lines.map(readLine),
  };
}

// ---------------------------------------------------------------------------------------------
// Checking

interface LineFigures {
  line: ParsedInvoiceLine;
  /** price × quantity, exact. */
  gross: Ratio;
  general: Ratio;
  special: Ratio;
}

function generalSubtotal(line: ParsedInvoiceLine): ParsedTaxSubtotal | undefined {
  return line.subtotals.find((subtotal) => subtotal.scheme !== 'OTH');
}

function figuresOf(line: ParsedInvoiceLine): LineFigures {
  const special = line.subtotals
    .filter((subtotal) => subtotal.scheme === 'OTH')
    .reduce((acc, subtotal) => addRatios(acc, subtotal.tax.value), ratio(0n));
  const general = generalSubtotal(line)?.tax.value ?? line.tax_amount?.value ?? ratio(0n);
  return { line, gross: multiplyRatios(line.price.value, line.quantity.value), general, special };
}

function sumOf(values: readonly Ratio[]): Ratio {
  return values.reduce(addRatios, ratio(0n));
}

/**
 * Runs the six portal cross-checks and the supplementary ones on an invoice XML (or an already
 * parsed one) and returns every failure; an empty list means the portal's arithmetic will agree.
 */
export function crossCheck(input: string | ParsedInvoice): CrossCheckFailure[] {
  let invoice: ParsedInvoice;
  if (typeof input === 'string') {
    try {
      invoice = parseJoFotaraInvoice(input);
    } catch (error) {
      if (error instanceof XmlParseError || error instanceof InvoiceStructureError) {
        return [{ check: 'structure', message: error.message }];
      }
      throw error;
    }
  } else {
    invoice = input;
  }

  const failures: CrossCheckFailure[] = [];
  /** Records a failure unless `stated` equals `computed` (at nine decimals, or exactly). */
  const compare = (
    check: CrossCheckName,
    description: string,
    stated: ParsedAmount,
    computed: Ratio,
    options: { line?: string; exact?: boolean } = {},
  ): void => {
    const equal = options.exact ? ratiosEqual(stated.value, computed) : equalAtNineDecimals(stated.value, computed);
    if (equal) return;
    const where = options.line === undefined ? '' : `Line ${options.line}: `;
    failures.push({
      check,
      ...(options.line === undefined ? {} : { line: options.line }),
      stated: stated.text,
      computed: formatRatio(computed),
      message: `${where}${description} is ${stated.text}, expected ${formatRatio(computed)}`,
    });
  };
  const percentOf = (base: Ratio, percent: Ratio): Ratio => multiplyRatios(base, multiplyRatios(percent, ratio(1n, 100n)));

  const figures = invoice.lines.map(figuresOf);
  for (const { line, gross, general, special } of figures) {
    const at = { line: line.id };
    const extension = line.line_extension.value;
    // 1. LineExtensionAmount = price × quantity − discount
    compare('line_extension_amount', 'LineExtensionAmount', line.line_extension, subtractRatios(gross, line.discount.value), at);
    // 2. every TaxableAmount = LineExtensionAmount
    for (const subtotal of line.subtotals) {
      if (!subtotal.taxable) continue;
      compare('taxable_amount', `TaxableAmount (${subtotal.scheme} ${subtotal.category})`, subtotal.taxable, extension, at);
    }
    // 3. RoundingAmount = LineExtensionAmount + general + special
    if (line.rounding_amount) {
      compare('rounding_amount', 'RoundingAmount', line.rounding_amount, addRatios(extension, addRatios(general, special)), at);
    }
    // Supplementary: the line's general tax is its VAT subtotal's, and (taxable + special) × rate.
    const vat = generalSubtotal(line);
    if (vat && line.tax_amount) {
      compare('line_general_tax', 'TaxTotal/TaxAmount (the VAT TaxSubtotal’s)', line.tax_amount, vat.tax.value, at);
    }
    if (vat?.percent) {
      const base = addRatios(vat.taxable?.value ?? extension, special);
      compare('line_general_tax', 'General tax, (taxable + special) × Percent,', vat.tax, percentOf(base, vat.percent.value), at);
    }
  }

  // 4. TaxExclusiveAmount = Σ price × quantity
  const exclusive = sumOf(figures.map((f) => roundRatioToNine(f.gross)));
  compare('tax_exclusive_amount', 'TaxExclusiveAmount', invoice.tax_exclusive, exclusive);
  // 5. TaxInclusiveAmount = Σ (price × quantity − discount + general + special)
  const inclusive = sumOf(
    figures.map((f) => roundRatioToNine(addRatios(subtractRatios(f.gross, f.line.discount.value), addRatios(f.general, f.special)))),
  );
  compare('tax_inclusive_amount', 'TaxInclusiveAmount', invoice.tax_inclusive, inclusive);
  // 6. PayableAmount = TaxInclusiveAmount, with no tolerance
  compare('payable_amount', 'PayableAmount', invoice.payable, invoice.tax_inclusive.value, { exact: true });

  // Supplementary: the discounts and the document tax add up.
  const lineDiscounts = sumOf(figures.map((f) => f.line.discount.value));
  const documentDiscount = invoice.document_discount;
  if (invoice.allowance_total) {
    compare('allowance_total_amount', 'AllowanceTotalAmount (Σ line discounts)', invoice.allowance_total, lineDiscounts);
    if (documentDiscount) {
      const description = 'Document AllowanceCharge amount (AllowanceTotalAmount)';
      compare('allowance_total_amount', description, documentDiscount, invoice.allowance_total.value, { exact: true });
    }
  } else if (documentDiscount) {
    compare('allowance_total_amount', 'Document AllowanceCharge amount (Σ line discounts)', documentDiscount, lineDiscounts);
  }
  const lineGeneralTax = sumOf(figures.map((f) => f.line.tax_amount?.value ?? f.general));
  if (invoice.tax_amount) {
    compare('document_tax_amount', 'Document TaxAmount (Σ line general tax)', invoice.tax_amount, lineGeneralTax);
    if (invoice.tax_subtotals.length > 0) {
      const subtotals = sumOf(invoice.tax_subtotals.map((subtotal) => subtotal.tax.value));
      compare('document_tax_amount', 'Document TaxAmount (Σ document TaxSubtotals)', invoice.tax_amount, subtotals);
    }
  } else if (lineGeneralTax.num !== 0n) {
    failures.push({
      check: 'document_tax_amount',
      computed: formatRatio(lineGeneralTax),
      message: `The lines carry ${formatRatio(lineGeneralTax)} of general tax but the document has no TaxTotal`,
    });
  }
  return failures;
}
