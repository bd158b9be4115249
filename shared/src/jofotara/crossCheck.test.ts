import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder.js';
import { type CrossCheckName, crossCheck, parseJoFotaraInvoice } from './crossCheck.js';
import { loadJordanSampleInvoices, validateAgainstUblInvoiceXsd } from './fixtures.js';
import { GENERAL_RECEIVABLE, SPECIAL_CASH, SPECIAL_RECEIVABLE } from './testData.js';

/** Replaces the text of the n-th (0-based) element with this qualified name. */
function setText(xml: string, qualifiedName: string, value: string, occurrence = 0): string {
  const pattern = new RegExp(`(<${qualifiedName}(?:\\s[^>]*)?>)([^<]*)(</${qualifiedName}>)`, 'g');
  let seen = -1;
  const result = xml.replace(pattern, (match, open: string, _text: string, close: string) => {
    seen += 1;
    return seen === occurrence ? `${open}${value}${close}` : match;
  });
  if (seen < occurrence) throw new Error(`no occurrence ${occurrence} of ${qualifiedName}`);
  return result;
}

/** Adds a nano to the n-th element's amount. */
function bump(xml: string, qualifiedName: string, occurrence = 0): string {
  const pattern = new RegExp(`<${qualifiedName}(?:\\s[^>]*)?>([^<]*)</${qualifiedName}>`, 'g');
  const current = [...xml.matchAll(pattern)][occurrence]?.[1];
  if (current === undefined) throw new Error(`no occurrence ${occurrence} of ${qualifiedName}`);
  const [whole = '0', fraction = ''] = current.split('.');
  const nanos = BigInt(whole + fraction.padEnd(9, '0')) + 1n;
  const text = nanos.toString().padStart(10, '0');
  return setText(xml, qualifiedName, `${text.slice(0, -9)}.${text.slice(-9)}`, occurrence);
}

function failedChecks(xml: string): CrossCheckName[] {
  return [...new Set(crossCheck(xml).map((failure) => failure.check))].sort();
}

describe('the sample invoices in shared/jordan', async () => {
  const samples = await loadJordanSampleInvoices();

  it('finds all 13 documented samples (8 Odoo, 5 jofotara-kit)', () => {
    expect(samples.map((sample) => sample.name.split('/')[0])).toEqual([...Array(5).fill('jofotara-kit'), ...Array(8).fill('odoo')]);
  });

  // None of the samples is documented as deliberately invalid (JORDAN.md §6): each must pass.
  it.each(samples)('$name passes every cross-check', ({ xml }) => {
    expect(crossCheck(xml)).toEqual([]);
  });

  it('all samples validate against the UBL 2.1 Invoice XSD (as JORDAN.md §6 states)', async () => {
    const result = await validateAgainstUblInvoiceXsd(samples);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 60_000);

  it('the 9-decimal Odoo sample holds only at nine decimals: price × quantity has ten', () => {
    const sample = samples.find((candidate) => candidate.name.includes('precision'));
    const parsed = parseJoFotaraInvoice(sample?.xml ?? '');
    const first = parsed.lines[0];
    expect(first?.price.text).toBe('0.95377843');
    expect(first?.quantity.text).toBe('3.48');
    // 3.48 × 0.95377843 − 0.082978723 = 3.2361702134, stated 3.236170213.
    expect(first?.line_extension.text).toBe('3.236170213');
    expect(crossCheck(parsed)).toEqual([]);
  });

  it('reads the special-tax sample: OTH subtotal 10, general 11 on 110, total 121', () => {
    const sample = samples.find((candidate) => candidate.name.includes('type_5'));
    const line = parseJoFotaraInvoice(sample?.xml ?? '').lines[0];
    expect(line?.subtotals.map((subtotal) => [subtotal.scheme, subtotal.tax.text, subtotal.percent?.text ?? null])).toEqual([
      ['OTH', '10.000', null],
      ['VAT', '11.000', '10.0'],
    ]);
  });
});

describe('each check catches what it is about (one nano off)', () => {
  const special = buildInvoiceXml(SPECIAL_RECEIVABLE);
  const general = buildInvoiceXml(GENERAL_RECEIVABLE);

  it('the untouched documents pass', () => {
    expect(crossCheck(special)).toEqual([]);
    expect(crossCheck(general)).toEqual([]);
  });

  it('1. LineExtensionAmount ≠ price × quantity − discount', () => {
    // The stated extension moves away from its price, quantity and discount, and from what its
    // TaxableAmounts and RoundingAmount were computed on.
    expect(failedChecks(bump(special, 'cbc:LineExtensionAmount'))).toEqual(['line_extension_amount', 'rounding_amount', 'taxable_amount']);
    // A line discount that no longer matches the extension (nor the document's discount total).
    expect(failedChecks(bump(general, 'cbc:Amount', 1))).toEqual(['allowance_total_amount', 'line_extension_amount', 'tax_inclusive_amount']);
  });

  it('2. a TaxableAmount ≠ LineExtensionAmount (the special subtotal’s)', () => {
    expect(failedChecks(bump(special, 'cbc:TaxableAmount', 0))).toEqual(['taxable_amount']);
  });

  it('3. RoundingAmount ≠ LineExtensionAmount + general + special', () => {
    expect(failedChecks(bump(special, 'cbc:RoundingAmount'))).toEqual(['rounding_amount']);
  });

  it('4. TaxExclusiveAmount ≠ Σ price × quantity', () => {
    expect(failedChecks(bump(general, 'cbc:TaxExclusiveAmount'))).toEqual(['tax_exclusive_amount']);
  });

  it('5. TaxInclusiveAmount ≠ Σ lines (and then PayableAmount no longer equals it)', () => {
    expect(failedChecks(bump(general, 'cbc:TaxInclusiveAmount'))).toEqual(['payable_amount', 'tax_inclusive_amount']);
  });

  it('6. PayableAmount ≠ TaxInclusiveAmount', () => {
    const failures = crossCheck(bump(general, 'cbc:PayableAmount'));
    expect(failures).toEqual([
      {
        check: 'payable_amount',
        stated: '560.860000001',
        computed: '560.86',
        message: 'PayableAmount is 560.860000001, expected 560.86',
      },
    ]);
  });

  it('a special tax the lines do not add up to is caught by the rounding and inclusive checks', () => {
    // The OTH subtotal's TaxAmount is the second TaxAmount of the line (after the line TaxTotal's).
    // (A nano of special tax moves the 16% general tax by 0.16 nano, below the portal's precision.)
    expect(failedChecks(bump(special, 'cbc:TaxAmount', 2))).toEqual(['rounding_amount', 'tax_inclusive_amount']);
  });

  it('a general tax that is not (taxable + special) × Percent', () => {
    // Line TaxTotal, its OTH subtotal, its VAT subtotal: the VAT subtotal's TaxAmount is the fourth.
    expect(failedChecks(bump(special, 'cbc:TaxAmount', 3))).toEqual(['line_general_tax', 'rounding_amount', 'tax_inclusive_amount']);
    expect(failedChecks(setText(special, 'cbc:Percent', '10'))).toEqual(['line_general_tax']);
  });

  it('the document discount and AllowanceTotalAmount must equal Σ line discounts', () => {
    expect(failedChecks(bump(general, 'cbc:AllowanceTotalAmount'))).toEqual(['allowance_total_amount']);
    expect(failedChecks(bump(general, 'cbc:Amount', 0))).toEqual(['allowance_total_amount']);
  });

  it('the document TaxAmount must equal Σ line general tax', () => {
    expect(failedChecks(bump(general, 'cbc:TaxAmount', 0))).toEqual(['document_tax_amount']);
  });

  it('a lost TaxTotal on a taxed invoice is reported', () => {
    const withoutTaxTotal = general.replace(/\n {2}<cac:TaxTotal>\n {4}<cbc:TaxAmount[^\n]*\n {2}<\/cac:TaxTotal>/, '');
    expect(withoutTaxTotal).not.toBe(general);
    expect(failedChecks(withoutTaxTotal)).toEqual(['document_tax_amount']);
  });
});

describe('comparison at nine decimals', () => {
  const xml = buildInvoiceXml(SPECIAL_CASH);
  // Line 1 RoundingAmount is 555.500.

  it('accepts a value within half a nano of the exact figure', () => {
    expect(failedChecks(setText(xml, 'cbc:RoundingAmount', '555.5000000004999'))).toEqual([]);
  });

  it('refuses one half a nano away or more', () => {
    expect(failedChecks(setText(xml, 'cbc:RoundingAmount', '555.5000000005'))).toEqual(['rounding_amount']);
    expect(failedChecks(setText(xml, 'cbc:RoundingAmount', '555.499999999'))).toEqual(['rounding_amount']);
  });

  it('settles a computation of exactly half a nano by rounding away from zero, as the builder writes it', () => {
    // 10% of 0.000000005 is 0.0000000005: written 0.000000001; 0.000 is refused.
    const tie = buildInvoiceXml({
      ...GENERAL_RECEIVABLE,
      lines: [{ name: 'Tiny', quantity: '1', unit_price: '0.000000005', tax: { category: 'S', rate: '10' } }],
    });
    expect(tie).toContain('<cbc:TaxAmount currencyID="JO">0.000000001</cbc:TaxAmount>');
    expect(crossCheck(tie)).toEqual([]);
    const roundedDown = [1, 2].reduce((xml, occurrence) => setText(xml, 'cbc:TaxAmount', '0.000', occurrence), tie);
    expect(failedChecks(roundedDown)).toEqual(['document_tax_amount', 'line_general_tax', 'rounding_amount', 'tax_inclusive_amount']);
  });

  it('accepts any number of trailing zeros and the guide’s two-decimal style', () => {
    expect(failedChecks(setText(xml, 'cbc:RoundingAmount', '555.50'))).toEqual([]);
    expect(failedChecks(setText(xml, 'cbc:RoundingAmount', ' 555.500000000000 '))).toEqual([]);
  });
});

describe('structure', () => {
  it('reports a document that is not XML, not an Invoice, or misses an amount', () => {
    expect(crossCheck('not xml')).toEqual([{ check: 'structure', message: expect.stringContaining('Text outside the root element') }]);
    expect(crossCheck('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')[0]?.message).toContain('not a UBL 2.1 Invoice');
    const general = buildInvoiceXml(GENERAL_RECEIVABLE);
    const noPayable = general.replace(/<cbc:PayableAmount[^\n]*\n/, '');
    expect(crossCheck(noPayable)).toEqual([{ check: 'structure', message: expect.stringContaining('has no PayableAmount') }]);
    expect(crossCheck(setText(general, 'cbc:PriceAmount', '1,000.000'))[0]).toMatchObject({ check: 'structure' });
    expect(crossCheck(setText(general, 'cbc:PriceAmount', '1e3'))[0]).toMatchObject({ check: 'structure' });
  });

  it('refuses a DOCTYPE (no entity expansion on received documents)', () => {
    const withDoctype = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x "y">]>${buildInvoiceXml(GENERAL_RECEIVABLE).replace(/^<\?xml[^>]*>/, '')}`;
    expect(crossCheck(withDoctype)).toEqual([{ check: 'structure', message: expect.stringContaining('DOCTYPE') }]);
  });

  it('works by namespace, not by prefix', () => {
    const renamed = buildInvoiceXml(GENERAL_RECEIVABLE)
      .replace(/xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/, 'xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"')
      .replace(/<Invoice /, '<inv:Invoice ')
      .replace(/<\/Invoice>/, '</inv:Invoice>')
      .replace(/xmlns:cbc=/, 'xmlns:b=')
      .replace(/<(\/?)cbc:/g, '<$1b:');
    expect(renamed).toContain('<b:PayableAmount');
    expect(crossCheck(renamed)).toEqual([]);
    expect(failedChecks(bump(renamed, 'b:PayableAmount'))).toEqual(['payable_amount']);
  });

  it('refuses a line charge: JoFotara takes discounts only', () => {
    const general = buildInvoiceXml(GENERAL_RECEIVABLE);
    const charged = setText(general, 'cbc:ChargeIndicator', 'true', 1);
    expect(crossCheck(charged)).toEqual([{ check: 'structure', message: expect.stringContaining('is a charge') }]);
  });
});
