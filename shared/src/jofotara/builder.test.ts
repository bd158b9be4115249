import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder.js';
import { computeDocument } from './compute.js';
import { formatNanos } from './decimal.js';
import { crossCheck, parseJoFotaraInvoice } from './crossCheck.js';
import { validateAgainstUblInvoiceXsd } from './fixtures.js';
import {
  GENERAL_CASH_MIXED_RATES,
  GENERAL_EXEMPT,
  GENERAL_NINE_DECIMALS,
  GENERAL_PARTIAL_RETURN,
  GENERAL_RECEIVABLE,
  GENERAL_ZERO_RATED,
  INCOME_CASH_WALK_IN,
  INCOME_RECEIVABLE,
  INCOME_RETURN,
  SCENARIOS,
  SPECIAL_CASH,
  SPECIAL_RECEIVABLE,
  SPECIAL_RETURN,
} from './testData.js';
import {
  type JoFotaraDocument,
  type JoFotaraInvoiceInput,
  type JoFotaraPaymentMethod,
  type JoFotaraReturnInput,
  type JoFotaraTrack,
  JoFotaraInputError,
  ReturnQuantityExceededError,
} from './types.js';
import { type XmlElement, parseXml } from './xml.js';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** Elements reached by a path of local names, e.g. descendants(root, 'InvoiceLine', 'TaxTotal'). */
function descendants(root: XmlElement, ...path: string[]): XmlElement[] {
  let current = [root];
  for (const name of path) current = current.flatMap((element) => element.children.filter((child) => child.localName === name));
  return current;
}

function texts(root: XmlElement, ...path: string[]): string[] {
  return descendants(root, ...path).map((element) => element.text);
}

function everyElementName(root: XmlElement): string[] {
  return [root.localName, ...root.children.flatMap(everyElementName)];
}

function inputError(action: () => unknown): JoFotaraInputError {
  try {
    action();
  } catch (error) {
    if (error instanceof JoFotaraInputError) return error;
    throw error;
  }
  throw new Error('expected a JoFotaraInputError');
}

function invoiceWith(overrides: Partial<JoFotaraInvoiceInput>): JoFotaraInvoiceInput {
  return { ...GENERAL_RECEIVABLE, ...overrides };
}

function returnWith(overrides: Partial<JoFotaraReturnInput>): JoFotaraReturnInput {
  return { ...GENERAL_PARTIAL_RETURN, ...overrides };
}

describe('buildInvoiceXml: every scenario', () => {
  const built = SCENARIOS.map((scenario) => ({ name: `${scenario.name}.xml`, xml: buildInvoiceXml(scenario.document) }));

  it.each(built)('$name passes the six portal cross-checks and the supplementary ones', ({ xml }) => {
    expect(crossCheck(xml)).toEqual([]);
  });

  it('validates every generated document against the UBL 2.1 Invoice XSD', async () => {
    const result = await validateAgainstUblInvoiceXsd(built);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 60_000);

  it('reports a document the XSD refuses (the validator is live)', async () => {
    const outOfOrder = (built[0]?.xml ?? '').replace(
      /(<cbc:IssueDate>.*<\/cbc:IssueDate>)\n(\s*)(<cbc:InvoiceTypeCode[^\n]*)/,
      '$3\n$2$1',
    );
    expect(outOfOrder).not.toBe(built[0]?.xml);
    const result = await validateAgainstUblInvoiceXsd([{ name: 'out-of-order.xml', xml: outOfOrder }]);
    expect(result.valid).toBe(false);
    expect(result.errors[0]?.message).toContain('InvoiceTypeCode');
  }, 60_000);
});

describe('golden files (one invoice and one return per track)', () => {
  it.each([
    ['income-021-receivable', INCOME_RECEIVABLE],
    ['general-012-cash-mixed-rates', GENERAL_CASH_MIXED_RATES],
    ['special-013-cash', SPECIAL_CASH],
    ['income-021-return', INCOME_RETURN],
    ['general-012-partial-return', GENERAL_PARTIAL_RETURN],
    ['special-013-return', SPECIAL_RETURN],
  ] as const)('%s', async (name, document) => {
    await expect(buildInvoiceXml(document)).toMatchFileSnapshot(`./__fixtures__/${name}.xml`);
  });

  it('is stable: the same input, however its keys are ordered, gives the same bytes', () => {
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reverseKeys(inner)]))
          : value;
    const reordered = reverseKeys(SPECIAL_CASH) as JoFotaraInvoiceInput;
    expect(Object.keys(reordered)[0]).toBe('lines');
    const first = buildInvoiceXml(SPECIAL_CASH);
    expect(buildInvoiceXml(SPECIAL_CASH)).toBe(first);
    expect(buildInvoiceXml(reordered)).toBe(first);
  });
});

describe('InvoiceTypeCode', () => {
  const cases: [JoFotaraTrack, JoFotaraPaymentMethod, string][] = [
    ['income', 'cash', '011'],
    ['income', 'receivable', '021'],
    ['general_sales', 'cash', '012'],
    ['general_sales', 'receivable', '022'],
    ['special_sales', 'cash', '013'],
    ['special_sales', 'receivable', '023'],
  ];

  it.each(cases)('%s, %s → name="%s", 388; its return → 381 with the same name', (track, payment_method, name) => {
    const lines =
      track === 'income'
        ? [{ name: 'Item', quantity: '1', unit_price: '1.000' }]
        : [{ name: 'Item', quantity: '1', unit_price: '1.000', tax: { category: 'S' as const, rate: '16' } }];
    const invoice = invoiceWith({ track, payment_method, lines });
    const root = parseXml(buildInvoiceXml(invoice));
    const typeCode = descendants(root, 'InvoiceTypeCode')[0];
    expect(typeCode?.text).toBe('388');
    expect(typeCode?.attributes.get('name')).toBe(name);

    const returned = parseXml(buildInvoiceXml(returnWith({ original: invoice, lines: [{ line_number: 1, quantity: '1' }] })));
    const returnTypeCode = descendants(returned, 'InvoiceTypeCode')[0];
    expect(returnTypeCode?.text).toBe('381');
    expect(returnTypeCode?.attributes.get('name')).toBe(name);
  });
});

describe('income track', () => {
  it('carries no tax anywhere: no TaxTotal, no TaxSubtotal, no RoundingAmount', () => {
    for (const document of [INCOME_CASH_WALK_IN, INCOME_RECEIVABLE, INCOME_RETURN]) {
      const names = everyElementName(parseXml(buildInvoiceXml(document)));
      expect(names).not.toContain('TaxTotal');
      expect(names).not.toContain('TaxSubtotal');
      expect(names).not.toContain('RoundingAmount');
    }
  });

  it('totals are exclusive − discounts: 2 × 25 + 3.5 × 1.25 − 0.375 = 54', () => {
    const root = parseXml(buildInvoiceXml(INCOME_CASH_WALK_IN));
    expect(texts(root, 'LegalMonetaryTotal', 'TaxExclusiveAmount')).toEqual(['54.375']);
    expect(texts(root, 'LegalMonetaryTotal', 'AllowanceTotalAmount')).toEqual(['0.375']);
    expect(texts(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount')).toEqual(['54.000']);
    expect(texts(root, 'LegalMonetaryTotal', 'PayableAmount')).toEqual(['54.000']);
    expect(texts(root, 'AllowanceCharge', 'Amount')).toEqual(['0.375']);
  });

  it('refuses a tax on an income-track line', () => {
    const error = inputError(() =>
      buildInvoiceXml({ ...INCOME_RECEIVABLE, lines: [{ name: 'x', quantity: '1', unit_price: '1', tax: { category: 'S', rate: '16' } }] }),
    );
    expect(error.loc).toEqual(['lines', 0, 'tax']);
  });

  it('writes the walk-in buyer as the guide’s fixed skeleton: Country JO and TaxScheme VAT only', () => {
    const root = parseXml(buildInvoiceXml(INCOME_CASH_WALK_IN));
    const party = descendants(root, 'AccountingCustomerParty', 'Party')[0];
    expect(party?.children.map((child) => child.localName)).toEqual(['PostalAddress', 'PartyTaxScheme', 'PartyLegalEntity']);
    expect(texts(root, 'AccountingCustomerParty', 'Party', 'PostalAddress', 'Country', 'IdentificationCode')).toEqual(['JO']);
    expect(texts(root, 'AccountingCustomerParty', 'Party', 'PartyTaxScheme', 'TaxScheme', 'ID')).toEqual(['VAT']);
  });
});

describe('general sales track', () => {
  it('writes each line’s general tax, RoundingAmount and one VAT TaxSubtotal with S/Z/O and Percent', () => {
    const root = parseXml(buildInvoiceXml(GENERAL_CASH_MIXED_RATES));
    const lines = descendants(root, 'InvoiceLine');
    expect(lines.map((line) => texts(line, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'ID')[0])).toEqual(['S', 'S', 'S', 'S', 'Z', 'O']);
    expect(lines.map((line) => texts(line, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'Percent')[0])).toEqual(['16', '10', '5', '1', '0', '0']);
    expect(lines.map((line) => texts(line, 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'TaxScheme', 'ID'))).toEqual(
      lines.map(() => ['VAT']),
    );
    // Laptop: 649.99 − 50 = 599.99; 16% = 95.9984; line total 695.9884.
    expect(texts(lines[0] as XmlElement, 'LineExtensionAmount')).toEqual(['599.990']);
    expect(texts(lines[0] as XmlElement, 'TaxTotal', 'TaxAmount')).toEqual(['95.9984']);
    expect(texts(lines[0] as XmlElement, 'TaxTotal', 'RoundingAmount')).toEqual(['695.9884']);
    // Transport: 2.5 × 12.345 = 30.8625 − 1.111 = 29.7515; 10% = 2.97515.
    expect(texts(lines[1] as XmlElement, 'LineExtensionAmount')).toEqual(['29.7515']);
    expect(texts(lines[1] as XmlElement, 'TaxTotal', 'TaxAmount')).toEqual(['2.97515']);
    // The document TaxTotal is the amount alone on an invoice; no document TaxSubtotal.
    expect(descendants(root, 'TaxTotal', 'TaxSubtotal')).toEqual([]);
    expect(descendants(root, 'LegalMonetaryTotal', 'PrepaidAmount')).toEqual([]);
  });

  it('zero-rated (O) and exempt (Z) lines carry 0 tax and keep their own category', () => {
    for (const [document, category, total] of [
      [GENERAL_ZERO_RATED, 'O', '744.000'],
      [GENERAL_EXEMPT, 'Z', '180.000'],
    ] as const) {
      const root = parseXml(buildInvoiceXml(document));
      expect(new Set(texts(root, 'InvoiceLine', 'TaxTotal', 'TaxSubtotal', 'TaxCategory', 'ID'))).toEqual(new Set([category]));
      expect(new Set(texts(root, 'InvoiceLine', 'TaxTotal', 'TaxAmount'))).toEqual(new Set(['0.000']));
      expect(texts(root, 'TaxTotal', 'TaxAmount')).toEqual(['0.000']);
      expect(texts(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount')).toEqual([total]);
    }
  });

  it('a fully discounted line is a zero line, never a negative one', () => {
    const root = parseXml(buildInvoiceXml(GENERAL_EXEMPT));
    const homeVisit = descendants(root, 'InvoiceLine')[1] as XmlElement;
    expect(texts(homeVisit, 'LineExtensionAmount')).toEqual(['0.000']);
    expect(texts(homeVisit, 'Price', 'AllowanceCharge', 'Amount')).toEqual(['20.000']);
  });

  it('writes up to nine decimals, trimmed to at least three, and checks them exactly', () => {
    const xml = buildInvoiceXml(GENERAL_NINE_DECIMALS);
    const root = parseXml(xml);
    // 3.48 × 0.95377843 = 3.3191489364 → 3.319148936 (half away from zero), − 0.082978723.
    expect(texts(root, 'InvoiceLine', 'LineExtensionAmount')[0]).toBe('3.236170213');
    expect(texts(root, 'InvoiceLine', 'Price', 'PriceAmount')).toEqual(['0.95377843', '1.705796038', '2.718281828']);
    expect(texts(root, 'InvoiceLine', 'InvoicedQuantity')).toEqual(['3.48', '6.02', '1.333']);
    for (const amount of descendants(root, 'LegalMonetaryTotal').flatMap((total) => total.children)) {
      expect(amount.text).toMatch(/^\d+\.\d{3,9}$/);
      expect(amount.attributes.get('currencyID')).toBe('JO');
    }
    expect(crossCheck(xml)).toEqual([]);
  });

  it('writes the buyer block of the sales template: ID with scheme, postal zone, governorate, CompanyID for a TN, phone digits', () => {
    const root = parseXml(buildInvoiceXml(GENERAL_RECEIVABLE));
    const party = descendants(root, 'AccountingCustomerParty', 'Party')[0] as XmlElement;
    const id = descendants(party, 'PartyIdentification', 'ID')[0];
    expect(id?.text).toBe('33445544');
    expect(id?.attributes.get('schemeID')).toBe('TN');
    expect(texts(party, 'PostalAddress', 'PostalZone')).toEqual(['13110']);
    expect(texts(party, 'PostalAddress', 'CountrySubentityCode')).toEqual(['JO-AZ']);
    expect(texts(party, 'PartyTaxScheme', 'CompanyID')).toEqual(['33445544']);
    expect(texts(party, 'PartyLegalEntity', 'RegistrationName')).toEqual(['شركة الزرقاء للتوريدات']);
    expect(texts(root, 'AccountingCustomerParty', 'AccountingContact', 'Telephone')).toEqual(['0791234567']);
    expect(texts(root, 'SellerSupplierParty', 'Party', 'PartyIdentification', 'ID')).toEqual(['9932895']);
    expect(descendants(root, 'AccountingSupplierParty', 'Party', 'PartyIdentification')).toEqual([]);
  });
});

describe('special sales track', () => {
  it('follows the guide’s worked example: 495 net, 10 special, 10% of 505 = 50.5, line total 555.5', () => {
    const root = parseXml(buildInvoiceXml(SPECIAL_CASH));
    const line = descendants(root, 'InvoiceLine')[0] as XmlElement;
    expect(texts(line, 'LineExtensionAmount')).toEqual(['495.000']);
    expect(texts(line, 'TaxTotal', 'TaxAmount')).toEqual(['50.500']);
    expect(texts(line, 'TaxTotal', 'RoundingAmount')).toEqual(['555.500']);
    const [special, general] = descendants(line, 'TaxTotal', 'TaxSubtotal');
    expect(texts(special as XmlElement, 'TaxableAmount')).toEqual(['495.000']);
    expect(texts(special as XmlElement, 'TaxAmount')).toEqual(['10.000']);
    expect(texts(special as XmlElement, 'TaxCategory', 'ID')).toEqual(['S']);
    expect(texts(special as XmlElement, 'TaxCategory', 'Percent')).toEqual([]);
    expect(texts(special as XmlElement, 'TaxCategory', 'TaxScheme', 'ID')).toEqual(['OTH']);
    expect(texts(general as XmlElement, 'TaxableAmount')).toEqual(['495.000']);
    expect(texts(general as XmlElement, 'TaxAmount')).toEqual(['50.500']);
    expect(texts(general as XmlElement, 'TaxCategory', 'Percent')).toEqual(['10']);
    expect(texts(general as XmlElement, 'TaxCategory', 'TaxScheme', 'ID')).toEqual(['VAT']);
  });

  it('a percent special tax is on the net; a line without one still carries a zero OTH subtotal', () => {
    const root = parseXml(buildInvoiceXml(SPECIAL_CASH));
    const [, drink, lighter, water] = descendants(root, 'InvoiceLine');
    // 24 × 0.85 − 0.4 = 20; special 20% = 4; general 16% of 24 = 3.84.
    expect(texts(drink as XmlElement, 'TaxTotal', 'TaxSubtotal', 'TaxAmount')).toEqual(['4.000', '3.840']);
    expect(texts(lighter as XmlElement, 'TaxTotal', 'TaxSubtotal', 'TaxAmount')).toEqual(['0.000', '0.15984']);
    // Exempt from general tax but with a fixed special tax: 6 × 0.01.
    expect(texts(water as XmlElement, 'TaxTotal', 'TaxSubtotal', 'TaxAmount')).toEqual(['0.060', '0.000']);
    expect(texts(water as XmlElement, 'TaxTotal', 'RoundingAmount')).toEqual(['1.560']);
  });

  it('the document TaxAmount is the general tax only; the special tax is in TaxInclusiveAmount', () => {
    const computed = computeDocument(SPECIAL_CASH);
    const root = parseXml(buildInvoiceXml(SPECIAL_CASH));
    expect(texts(root, 'TaxTotal', 'TaxAmount')).toEqual(['54.49984']);
    expect(computed.totals.special_tax).toBe(14_060_000_000n);
    expect(computed.totals.tax_inclusive).toBe(
      computed.totals.tax_exclusive - computed.totals.allowance_total + computed.totals.special_tax + computed.totals.general_tax,
    );
  });

  it('refuses a special tax outside the special track', () => {
    const error = inputError(() =>
      buildInvoiceXml(
        invoiceWith({
          lines: [{ name: 'x', quantity: '1', unit_price: '1', tax: { category: 'S', rate: '16' }, special_tax: { type: 'fixed', amount_per_unit: '1' } }],
        }),
      ),
    );
    expect(error.loc).toEqual(['lines', 0, 'special_tax']);
  });
});

describe('returns (381)', () => {
  it('references the original by number, UUID and total, gives the reason, and keeps original line numbers', () => {
    const original = computeDocument(GENERAL_CASH_MIXED_RATES);
    const root = parseXml(buildInvoiceXml(GENERAL_PARTIAL_RETURN));
    expect(texts(root, 'BillingReference', 'InvoiceDocumentReference', 'ID')).toEqual(['INV-2025-0003']);
    expect(texts(root, 'BillingReference', 'InvoiceDocumentReference', 'UUID')).toEqual([GENERAL_CASH_MIXED_RATES.uuid]);
    expect(texts(root, 'BillingReference', 'InvoiceDocumentReference', 'DocumentDescription')).toEqual([
      texts(parseXml(buildInvoiceXml(GENERAL_CASH_MIXED_RATES)), 'LegalMonetaryTotal', 'PayableAmount')[0],
    ]);
    expect(original.totals.payable).toBeGreaterThan(0n);
    const reason = descendants(root, 'PaymentMeans')[0] as XmlElement;
    expect(texts(reason, 'PaymentMeansCode')).toEqual(['10']);
    expect(descendants(reason, 'PaymentMeansCode')[0]?.attributes.get('listID')).toBe('UN/ECE 4461');
    expect(texts(reason, 'InstructionNote')).toEqual(['Damaged in transit']);
    expect(texts(root, 'InvoiceLine', 'ID')).toEqual(['2', '5', '6']);
    expect(texts(root, 'UUID')).toEqual([GENERAL_PARTIAL_RETURN.uuid]);
    expect(texts(root, 'AdditionalDocumentReference', 'UUID')).toEqual(['11']);
  });

  it('returns the discount in proportion to the quantity: 1.25 of 2.5 gives back half of 1.111', () => {
    const root = parseXml(buildInvoiceXml(GENERAL_PARTIAL_RETURN));
    const [transport, , exportShipment] = descendants(root, 'InvoiceLine');
    expect(texts(transport as XmlElement, 'Price', 'AllowanceCharge', 'Amount')).toEqual(['0.5555']);
    expect(texts(transport as XmlElement, 'LineExtensionAmount')).toEqual(['14.87575']);
    // 5 of 12 units: 2.5 × 5 / 12 = 1.041666666…, rounded to nine decimals.
    expect(texts(exportShipment as XmlElement, 'Price', 'AllowanceCharge', 'Amount')).toEqual(['1.041666667']);
  });

  it('general-sales returns add a document TaxSubtotal per rate, PrepaidAmount 0 and BaseQuantity 1 (C62)', () => {
    const root = parseXml(buildInvoiceXml(GENERAL_PARTIAL_RETURN));
    const subtotals = descendants(root, 'TaxTotal', 'TaxSubtotal');
    expect(subtotals.map((subtotal) => texts(subtotal, 'TaxCategory', 'ID')[0])).toEqual(['S', 'O', 'Z']);
    expect(subtotals.map((subtotal) => texts(subtotal, 'TaxCategory', 'Percent')[0])).toEqual(['10', '0', '0']);
    expect(texts(root, 'LegalMonetaryTotal', 'PrepaidAmount')).toEqual(['0.000']);
    const baseQuantities = descendants(root, 'InvoiceLine', 'Price', 'BaseQuantity');
    expect(baseQuantities.map((quantity) => [quantity.text, quantity.attributes.get('unitCode')])).toEqual([
      ['1', 'C62'],
      ['1', 'C62'],
      ['1', 'C62'],
    ]);
  });

  it('special and income returns have neither document TaxSubtotals nor PrepaidAmount nor BaseQuantity', () => {
    for (const document of [SPECIAL_RETURN, INCOME_RETURN]) {
      const names = everyElementName(parseXml(buildInvoiceXml(document)));
      expect(names).not.toContain('PrepaidAmount');
      expect(names).not.toContain('BaseQuantity');
      expect(descendants(parseXml(buildInvoiceXml(document)), 'TaxTotal', 'TaxSubtotal')).toEqual([]);
    }
  });

  it('writes the guide’s fixed buyer skeleton, not the original buyer', () => {
    const root = parseXml(buildInvoiceXml(INCOME_RETURN));
    expect(descendants(root, 'AccountingCustomerParty', 'Party', 'PartyIdentification')).toEqual([]);
    expect(descendants(root, 'AccountingCustomerParty', 'AccountingContact')).toEqual([]);
    expect(texts(root, 'AccountingCustomerParty', 'Party', 'PartyLegalEntity')).toEqual(['']);
  });

  it('refuses more than the original sold, counting earlier returns (typed error)', () => {
    let thrown: unknown;
    try {
      buildInvoiceXml(returnWith({ lines: [{ line_number: 2, quantity: '2.001', returned_before: '0.5' }] }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReturnQuantityExceededError);
    const error = thrown as ReturnQuantityExceededError;
    expect(error).toBeInstanceOf(JoFotaraInputError);
    expect(error.loc).toEqual(['lines', 0, 'quantity']);
    expect(error.line_number).toBe(2);
    expect(error.original_quantity).toBe('2.5');
    expect(error.returned_before).toBe('0.5');
    expect(error.requested).toBe('2.001');
    expect(error.message).toBe('Line 2: cannot return 2.001; the original sold 2.5 and 0.5 was already returned');
  });

  it('refuses one more unit than sold on a first return', () => {
    expect(() => buildInvoiceXml(returnWith({ lines: [{ line_number: 1, quantity: '2' }] }))).toThrow(ReturnQuantityExceededError);
  });

  it('accepts returning exactly what is left, and a whole line gives back its whole discount', () => {
    const root = parseXml(buildInvoiceXml(returnWith({ lines: [{ line_number: 2, quantity: '2', returned_before: '0.5' }] })));
    expect(texts(root, 'InvoiceLine', 'InvoicedQuantity')).toEqual(['2.0']);
    const whole = parseXml(buildInvoiceXml(returnWith({ lines: [{ line_number: 1, quantity: '1' }] })));
    expect(texts(whole, 'InvoiceLine', 'Price', 'AllowanceCharge', 'Amount')).toEqual(['50.000']);
  });

  it('refuses unknown or repeated line numbers, an empty return, a missing reason and the original’s UUID', () => {
    expect(inputError(() => buildInvoiceXml(returnWith({ lines: [{ line_number: 7, quantity: '1' }] }))).loc).toEqual([
      'lines',
      0,
      'line_number',
    ]);
    expect(
      inputError(() =>
        buildInvoiceXml(
          returnWith({
            lines: [
              { line_number: 1, quantity: '0.5' },
              { line_number: 1, quantity: '0.5' },
            ],
          }),
        ),
      ).loc,
    ).toEqual(['lines', 1, 'line_number']);
    expect(inputError(() => buildInvoiceXml(returnWith({ lines: [] }))).loc).toEqual(['lines']);
    expect(inputError(() => buildInvoiceXml(returnWith({ reason: '  ' }))).loc).toEqual(['reason']);
    expect(inputError(() => buildInvoiceXml(returnWith({ uuid: GENERAL_CASH_MIXED_RATES.uuid }))).loc).toEqual(['uuid']);
  });

  it('locates errors in the original under "original"', () => {
    const error = inputError(() => buildInvoiceXml(returnWith({ original: { ...GENERAL_CASH_MIXED_RATES, icv: 0 } })));
    expect(error.loc).toEqual(['original', 'icv']);
  });
});

describe('input validation', () => {
  const line = { name: 'Item', quantity: '1', unit_price: '10', tax: { category: 'S' as const, rate: '16' } };
  const cases: [string, JoFotaraDocument, (string | number)[]][] = [
    ['a rate JoFotara does not accept for S', invoiceWith({ lines: [{ ...line, tax: { category: 'S', rate: '6' } }] }), ['lines', 0, 'tax', 'rate']],
    ['a positive rate on an exempt line', invoiceWith({ lines: [{ ...line, tax: { category: 'Z', rate: '16' } }] }), ['lines', 0, 'tax', 'rate']],
    ['a general-sales line without tax', invoiceWith({ lines: [{ name: 'x', quantity: '1', unit_price: '1' }] }), ['lines', 0, 'tax']],
    ['four decimals of quantity', invoiceWith({ lines: [{ ...line, quantity: '1.0001' }] }), ['lines', 0, 'quantity']],
    ['a zero quantity', invoiceWith({ lines: [{ ...line, quantity: '0' }] }), ['lines', 0, 'quantity']],
    ['ten decimals of price', invoiceWith({ lines: [{ ...line, unit_price: '0.0000000001' }] }), ['lines', 0, 'unit_price']],
    ['a discount above price × quantity', invoiceWith({ lines: [{ ...line, discount: '10.000000001' }] }), ['lines', 0, 'discount']],
    [
      'a discount above the exact price × quantity (0.5 × 0.000000001), even if that rounds up to it',
      invoiceWith({ lines: [{ ...line, quantity: '0.5', unit_price: '0.000000001', discount: '0.000000001' }] }),
      ['lines', 0, 'discount'],
    ],
    ['a negative price', invoiceWith({ lines: [{ ...line, unit_price: '-1' }] }), ['lines', 0, 'unit_price']],
    ['no lines', invoiceWith({ lines: [] }), ['lines']],
    ['a receivable invoice without a buyer', invoiceWith({ buyer: null }), ['buyer']],
    [
      'a receivable invoice without the buyer’s name',
      invoiceWith({ buyer: { id_scheme: 'TN', id: '1', name: null } }),
      ['buyer', 'name'],
    ],
    [
      'a cash invoice above JOD 10,000 without a buyer',
      invoiceWith({ payment_method: 'cash', buyer: null, lines: [{ ...line, unit_price: '8620.690' }] }),
      ['buyer'],
    ],
    ['a buyer ID with letters', invoiceWith({ buyer: { id_scheme: 'TN', id: 'AB123', name: 'x' } }), ['buyer', 'id']],
    ['an unknown ID scheme', invoiceWith({ buyer: { id_scheme: 'TIN' as 'TN', id: '1', name: 'x' } }), ['buyer', 'id_scheme']],
    ['an unknown governorate', invoiceWith({ buyer: { id_scheme: 'TN', id: '1', name: 'x', governorate: 'JO-XX' as 'JO-AM' } }), ['buyer', 'governorate']],
    ['a phone with letters', invoiceWith({ buyer: { id_scheme: 'TN', id: '1', name: 'x', phone: '079-CALL-ME' } }), ['buyer', 'phone']],
    ['a phone of 16 digits', invoiceWith({ buyer: { id_scheme: 'TN', id: '1', name: 'x', phone: '1234567890123456' } }), ['buyer', 'phone']],
    ['a seller TIN with separators', invoiceWith({ seller: { ...GENERAL_RECEIVABLE.seller, tin: '123-456' } }), ['seller', 'tin']],
    ['an impossible date', invoiceWith({ issue_date: '2025-02-29' }), ['issue_date']],
    ['a dd-mm-yyyy date', invoiceWith({ issue_date: '30-10-2023' }), ['issue_date']],
    ['a malformed UUID', invoiceWith({ uuid: 'not-a-uuid' }), ['uuid']],
    ['an ICV of zero', invoiceWith({ icv: 0 }), ['icv']],
    ['a currency other than JOD', invoiceWith({ currency: 'USD' as 'JOD' }), ['currency']],
    ['a control character in a name', invoiceWith({ lines: [{ ...line, name: 'bad\u0001name' }] }), ['lines', 0, 'name']],
  ];

  it.each(cases)('refuses %s', (_, document, loc) => {
    expect(inputError(() => buildInvoiceXml(document)).loc).toEqual(loc);
  });

  it('accepts a cash invoice of exactly JOD 10,000 without a buyer', () => {
    const xml = buildInvoiceXml(invoiceWith({ payment_method: 'cash', buyer: null, lines: [{ ...line, unit_price: '8620.689655' }] }));
    expect(texts(parseXml(xml), 'LegalMonetaryTotal', 'PayableAmount')).toEqual(['9999.9999998']);
  });

  it('escapes XML special characters and keeps Arabic text', () => {
    const xml = buildInvoiceXml(GENERAL_CASH_MIXED_RATES);
    expect(xml).toContain('<cbc:Note>Mixed rates &amp; discounts &lt;test&gt;</cbc:Note>');
    expect(texts(parseXml(xml), 'Note')).toEqual(['Mixed rates & discounts <test>']);
    expect(texts(parseXml(xml), 'AccountingSupplierParty', 'Party', 'PartyLegalEntity', 'RegistrationName')).toEqual(['شركة دفتر للتجارة']);
  });

  it('reads numbers given as JS numbers through their shortest text, without float arithmetic', () => {
    const fromNumbers = buildInvoiceXml(invoiceWith({ lines: [{ ...line, quantity: 3, unit_price: 1.005, discount: 0.015 }] }));
    const fromText = buildInvoiceXml(invoiceWith({ lines: [{ ...line, quantity: '3', unit_price: '1.005', discount: '0.015' }] }));
    expect(fromNumbers).toBe(fromText);
  });
});

describe('parsed back', () => {
  it('reads the built amounts with the same values the builder computed', () => {
    const computed = computeDocument(GENERAL_NINE_DECIMALS);
    const parsed = parseJoFotaraInvoice(buildInvoiceXml(GENERAL_NINE_DECIMALS));
    expect(parsed.payable.text).toBe(formatNanos(computed.totals.payable));
    expect(parsed.payable.value.num * 10n ** 9n).toBe(computed.totals.payable * parsed.payable.value.den);
    expect(parsed.lines).toHaveLength(3);
    expect(parsed.type_name).toBe('022');
    expect(descendants(parseXml(buildInvoiceXml(GENERAL_NINE_DECIMALS)), 'InvoiceLine')[0]?.namespace).toBe(CAC);
    expect(descendants(parseXml(buildInvoiceXml(GENERAL_NINE_DECIMALS)), 'ID')[0]?.namespace).toBe(CBC);
  });
});
