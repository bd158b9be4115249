import { describe, expect, it } from 'vitest';
import { jofotara } from '@daftar/shared';
import type { ContactRecord } from '../db/contact.js';
import type { InvoiceRecord, StoredInvoiceLine } from '../db/invoice.js';
import type { InvoiceReturnRecord, StoredReturnLine } from '../db/invoiceReturn.js';
import { ValidationError } from '../platform/errors.js';
import { uuidv7 } from '../platform/ids.js';
import { validateUblInvoice } from '../jofotara/simulator.js';
import { documentUuid, mapInvoice, mapReturn } from './mapping.js';

const SELLER: jofotara.JoFotaraSeller = { tin: '12345678', registered_name: 'شركة دفتر للتجارة', income_source_sequence: '9932895' };

function line(overrides: Partial<StoredInvoiceLine>): StoredInvoiceLine {
  return {
    id: uuidv7(),
    product_id: null,
    description: 'Item',
    quantity: '1',
    unit_price: '1',
    discount: null,
    tax_id: null,
    tax_category: 'standard',
    tax_rate: '16',
    subtotal: 0,
    discount_amount: 0,
    net: 0,
    tax: 0,
    gross: 0,
    ...overrides,
  };
}

function invoiceWith(lines: StoredInvoiceLine[], overrides: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    organization_id: 'org',
    id: uuidv7(),
    number: 'INV-000007',
    status: 'confirmed',
    contact_id: 'contact',
    issue_date: '2025-06-15',
    currency: 'JOD',
    price_includes_tax: false,
    lines,
    subtotal: 0,
    discount_total: 0,
    net_total: 0,
    tax_total: 0,
    gross_total: 1000,
    amount_paid: 0,
    amount_credited: 0,
    version: 2,
    created_at: '2025-06-15T08:00:00.000Z',
    updated_at: '2025-06-15T08:00:00.000Z',
    ...overrides,
  } as InvoiceRecord;
}

const contact = (overrides: Partial<ContactRecord> = {}) =>
  ({ organization_id: 'org', id: 'contact', contact_type: 'customer', name: 'Petra Hotels', name_key: 'petra hotels', currency: 'JOD', is_active: true, version: 1, created_at: '', updated_at: '', tax_number: '87654321', ...overrides }) as ContactRecord;

describe('document UUID', () => {
  it('is a name-based (version 5) UUID of the organization, document type and id', () => {
    const uuid = documentUuid('org-1', 'invoice', 'doc-1');

    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(documentUuid('org-1', 'invoice', 'doc-1')).toBe(uuid);
    expect(new Set([uuid, documentUuid('org-2', 'invoice', 'doc-1'), documentUuid('org-1', 'return', 'doc-1'), documentUuid('org-1', 'invoice', 'doc-2')]).size).toBe(4);
  });
});

describe('invoice mapping', () => {
  it('caps a discount of the whole line at the exact price × quantity the ledger rounded up', () => {
    // 3 × 0.3335 = 1.0005, which the ledger keeps as 1.001 and discounts in full
    const invoice = invoiceWith([line({ quantity: '3', unit_price: '0.3335', discount: { type: 'percent', percent: '100' }, subtotal: 1001, discount_amount: 1001 })]);

    const { document } = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'general_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 });

    expect(document.lines[0]).toMatchObject({ unit_price: '0.3335', discount: '1.0005' });
    expect(jofotara.crossCheck(jofotara.buildInvoiceXml(document))).toEqual([]);
    expect(jofotara.computeDocument(document).totals.payable).toBe(0n);
  });

  it('brings tax-inclusive prices and discounts back before tax at nine decimals', () => {
    const invoice = invoiceWith([line({ quantity: '2', unit_price: '11.600', discount: { type: 'amount', amount: '1.160' }, discount_amount: 1160 }), line({ unit_price: '5', tax_category: 'exempt', tax_rate: '0' })], { price_includes_tax: true });

    const { document } = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'general_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 });

    expect(document.lines.map((l) => [l.unit_price, l.discount, l.tax])).toEqual([
      ['10.000', '1.000', { category: 'S', rate: '16' }],
      ['5.000', null, { category: 'Z', rate: '0' }],
    ]);
    expect(jofotara.computeDocument(document).totals.payable).toBe(27_040_000_000n);
  });

  it('refuses a buyer identification JoFotara cannot carry (letters) and a foreign currency, naming the field', () => {
    const withPassport = contact({ tax_number: undefined, personal_number: 'P1234567', buyer_id_scheme: 'PN' });
    const invoice = invoiceWith([line({ unit_price: '10' })]);

    const attempt = (input: Partial<Parameters<typeof mapInvoice>[0]>) => {
      try {
        mapInvoice({ invoice, contact: withPassport, seller: SELLER, track: 'general_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1, ...input });
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).detail;
      }
    };

    expect(attempt({})).toMatchObject([{ loc: ['contact', 'personal_number'], msg: expect.stringMatching(/digits only/) }]);
    expect(attempt({ invoice: invoiceWith([line({})], { currency: 'USD' }) })).toMatchObject([{ loc: ['invoice', 'currency'] }]);
  });
});

describe('return mapping', () => {
  it('numbers lines as the invoice did and counts only the returns posted before it as returned before', () => {
    const lines = [line({ quantity: '5', unit_price: '2' }), line({ quantity: '3', unit_price: '4' })];
    const invoice = invoiceWith(lines);
    const original = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'general_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 }).document;
    const returnOf = (number: string, quantities: [number, string][]) =>
      ({
        id: uuidv7(),
        number,
        invoice_id: invoice.id,
        issue_date: '2025-06-20',
        reason: 'Damaged',
        currency: 'JOD',
        lines: quantities.map(([index, quantity]) => ({ line_id: lines[index]!.id, quantity }) as StoredReturnLine),
      }) as unknown as InvoiceReturnRecord;
    const earlier = returnOf('RET-000009', [[1, '1']]);
    const current = returnOf('RET-000010', [[1, '2'], [0, '1.5']]);
    const later = returnOf('RET-000011', [[0, '3.5']]);

    const document = mapReturn({ credit: current, invoice, original, returnsOfInvoice: [later, current, earlier], uuid: documentUuid('org', 'return', current.id), icv: 3 });

    expect(document.lines).toEqual([
      { line_number: 2, quantity: '2', returned_before: '1.000' },
      { line_number: 1, quantity: '1.5', returned_before: null },
    ]);
    const xml = jofotara.buildInvoiceXml(document);
    expect(jofotara.crossCheck(xml)).toEqual([]);
    expect(xml).toContain(`<cbc:UUID>${original.uuid}</cbc:UUID>`);
    expect(xml).toContain('<cbc:InstructionNote>Damaged</cbc:InstructionNote>');
  });
});

describe('special sales tax (special sales track)', () => {
  /** The guide's worked example (10 × 50 − 5, special 1.000 per unit, 10%) and a 5% special tax at 16%. */
  const specialLines = () => [
    line({ quantity: '10', unit_price: '50', discount: { type: 'amount', amount: '5' }, discount_amount: 5000, tax_rate: '10', special_tax_id: 'per-unit', special_tax_terms: { type: 'fixed', amount_per_unit: '1' }, special_tax: 10_000 }),
    line({ quantity: '2', unit_price: '12.500', special_tax_id: 'five', special_tax_terms: { type: 'percent', percent: '5' }, special_tax: 1250 }),
    line({ unit_price: '3', tax_category: 'exempt', tax_rate: '0' }),
  ];

  it('passes each line’s special tax to the builder; the XML passes the cross-checks and the UBL 2.1 XSD', async () => {
    const invoice = invoiceWith(specialLines());

    const { document } = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'special_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 });

    expect(document.lines.map((l) => l.special_tax)).toEqual([{ type: 'fixed', amount_per_unit: '1' }, { type: 'percent', percent: '5' }, null]);
    const computed = jofotara.computeDocument(document);
    // 495 + 10 + 50.50 = 555.50; 25 + 1.25 + 4.20 = 30.45; 3 exempt.
    expect(computed.totals.payable).toBe(588_950_000_000n);
    const xml = jofotara.buildInvoiceXml(document);
    expect(xml).toMatch(/<cbc:InvoiceTypeCode name="0[12]3">388<\/cbc:InvoiceTypeCode>/);
    // One special tax subtotal (scheme OTH) per line, the exempt line's a zero one.
    expect(xml.match(/>OTH<\/cbc:ID>/g)).toHaveLength(3);
    expect(jofotara.crossCheck(xml)).toEqual([]);
    expect(await validateUblInvoice(xml)).toEqual([]);
  });

  it('brings tax-inclusive prices back before the general and the special tax', () => {
    // 1 × 23.200 incl. 16% of (net + 1.000 fixed special) → 20 + 1 = 21, net 19; 1 × 12.180 incl. 16% of net + 5% → 10.
    const invoice = invoiceWith(
      [
        line({ unit_price: '23.200', special_tax_id: 'per-unit', special_tax_terms: { type: 'fixed', amount_per_unit: '1' } }),
        line({ unit_price: '12.180', special_tax_id: 'five', special_tax_terms: { type: 'percent', percent: '5' } }),
      ],
      { price_includes_tax: true },
    );

    const { document } = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'special_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 });

    expect(document.lines.map((l) => l.unit_price)).toEqual(['19.000', '10.000']);
    expect(jofotara.computeDocument(document).totals.payable).toBe(35_380_000_000n);
  });

  it('returns carry the original’s special tax in proportion; the XML passes the cross-checks and the XSD', async () => {
    const lines = specialLines();
    const invoice = invoiceWith(lines);
    const original = mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'special_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 }).document;
    const credit = {
      id: uuidv7(),
      number: 'RET-000001',
      invoice_id: invoice.id,
      issue_date: '2025-06-20',
      reason: 'Returned unopened',
      currency: 'JOD',
      lines: [{ line_id: lines[0]!.id, quantity: '4' } as StoredReturnLine, { line_id: lines[1]!.id, quantity: '1' } as StoredReturnLine],
    } as unknown as InvoiceReturnRecord;

    const document = mapReturn({ credit, invoice, original, returnsOfInvoice: [credit], uuid: documentUuid('org', 'return', credit.id), icv: 2 });

    const xml = jofotara.buildInvoiceXml(document);
    expect(xml).toMatch(/>OTH<\/cbc:ID>/);
    expect(jofotara.crossCheck(xml)).toEqual([]);
    expect(await validateUblInvoice(xml)).toEqual([]);
  });

  it('refuses special tax on the general sales track, naming the line', () => {
    const invoice = invoiceWith(specialLines());

    const attempt = () => mapInvoice({ invoice, contact: contact(), seller: SELLER, track: 'general_sales', uuid: documentUuid('org', 'invoice', invoice.id), icv: 1 });

    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (error) {
      expect(((error as ValidationError).detail as { loc: unknown }[]).map((i) => i.loc)).toEqual([
        ['invoice', 'lines', 0, 'special_tax_id'],
        ['invoice', 'lines', 1, 'special_tax_id'],
      ]);
    }
  });
});
