import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildInvoiceXml } from './builder.js';
import { computeDocument } from './compute.js';
import { crossCheck } from './crossCheck.js';
import { type XmlFixture, validateAgainstUblInvoiceXsd } from './fixtures.js';
import { SELLER } from './testData.js';
import type { JoFotaraInvoiceInput, JoFotaraLineInput, JoFotaraLineTax, JoFotaraReturnInput, JoFotaraTrack, SpecialTax } from './types.js';

/** Thousandths as decimal text: 12345n → "12.345". */
function millis(value: bigint): string {
  const text = value.toString().padStart(4, '0');
  return `${text.slice(0, -3)}.${text.slice(-3)}`;
}

function scaled(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

const TAXES: JoFotaraLineTax[] = [
  { category: 'S', rate: '16' },
  { category: 'S', rate: '10' },
  { category: 'S', rate: '5' },
  { category: 'S', rate: '1' },
  { category: 'Z', rate: '0' },
  { category: 'O', rate: '0' },
];

const specialTax: fc.Arbitrary<SpecialTax | null> = fc.oneof(
  fc.constant(null),
  fc.bigInt({ min: 0n, max: 50_000n }).map((perUnit): SpecialTax => ({ type: 'fixed', amount_per_unit: millis(perUnit) })),
  fc.bigInt({ min: 0n, max: 5_000n }).map((hundredths): SpecialTax => ({ type: 'percent', percent: scaled(hundredths, 2) })),
);

/** A line at fils precision: quantity and price with 3 decimals, a discount of up to the whole line. */
function lineArbitrary(track: JoFotaraTrack, priceDecimals: number): fc.Arbitrary<JoFotaraLineInput> {
  const priceScale = 10n ** BigInt(priceDecimals);
  return fc
    .record({
      quantity: fc.bigInt({ min: 1n, max: 99_999_999n }),
      price: fc.bigInt({ min: 0n, max: 9_999n * priceScale }),
      discountShare: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 1000n })),
      tax: fc.constantFrom(...TAXES),
      special: specialTax,
    })
    .map(({ quantity, price, discountShare, tax, special }) => {
      // The discount, at 3 decimals, is a share (in ‰) of price × quantity, floored so it never exceeds it.
      const grossInMillis = (price * quantity) / priceScale / 1000n;
      const discount = (grossInMillis * discountShare) / 1000n;
      return {
        name: 'Item',
        quantity: millis(quantity),
        unit_price: scaled(price, priceDecimals),
        discount: millis(discount),
        tax: track === 'income' ? null : tax,
        special_tax: track === 'special_sales' ? special : null,
      };
    });
}

function invoiceArbitrary(priceDecimals: number): fc.Arbitrary<JoFotaraInvoiceInput> {
  return fc
    .record({
      track: fc.constantFrom<JoFotaraTrack>('income', 'general_sales', 'special_sales'),
      payment: fc.constantFrom('cash' as const, 'receivable' as const),
      icv: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .chain(({ track, payment, icv }) =>
      fc.array(lineArbitrary(track, priceDecimals), { minLength: 1, maxLength: 8 }).map(
        (lines): JoFotaraInvoiceInput => ({
          kind: 'invoice',
          id: `P-${icv}`,
          uuid: `0193f6a2-7c1e-7a10-9b42-${icv.toString(16).padStart(12, '0')}`,
          icv,
          issue_date: '2025-05-01',
          track,
          payment_method: payment,
          seller: SELLER,
          buyer: { id_scheme: 'TN', id: '33445544', name: 'Buyer' },
          lines,
        }),
      ),
    );
}

/** An invoice and a return of some of its lines, some of which were partly returned before. */
function invoiceAndReturnArbitrary(priceDecimals: number): fc.Arbitrary<{ invoice: JoFotaraInvoiceInput; returned: JoFotaraReturnInput }> {
  return invoiceArbitrary(priceDecimals).chain((invoice) =>
    fc
      .subarray(
        invoice.lines.map((_, index) => index),
        { minLength: 1 },
      )
      .chain((indexes) =>
        fc.tuple(
          ...indexes.map((index) => {
            const sold = BigInt(String(invoice.lines[index]?.quantity).replace('.', ''));
            return fc
              .bigInt({ min: 0n, max: sold - 1n })
              .chain((before) => fc.bigInt({ min: 1n, max: sold - before }).map((now) => ({ index, before, now })));
          }),
        ),
      )
      .map((picks) => ({
        invoice,
        returned: {
          kind: 'return' as const,
          id: `R-${invoice.icv}`,
          uuid: `0193f6a2-7c1e-7a10-9b43-${String(invoice.icv).padStart(12, '0')}`,
          icv: Number(invoice.icv) + 1,
          issue_date: '2025-05-02',
          reason: 'Returned',
          original: invoice,
          lines: picks.map(({ index, before, now }) => ({ line_number: index + 1, quantity: millis(now), returned_before: millis(before) })),
        },
      })),
  );
}

describe('random invoices and returns never fail a cross-check', () => {
  it('fils prices (3 decimals), 3-decimal quantities, discounts, rates 16/10/5/1/Z/O, special tax; every tenth XSD-validated', async () => {
    const sampled: XmlFixture[] = [];
    let runs = 0;
    fc.assert(
      fc.property(invoiceAndReturnArbitrary(3), ({ invoice, returned }) => {
        const invoiceXml = buildInvoiceXml(invoice);
        const returnXml = buildInvoiceXml(returned);
        expect(crossCheck(invoiceXml)).toEqual([]);
        expect(crossCheck(returnXml)).toEqual([]);
        // With 3-decimal prices and quantities nothing is ever rounded: the totals are exact.
        const computed = computeDocument(invoice);
        expect(computed.totals.tax_inclusive).toBe(
          computed.totals.tax_exclusive - computed.totals.allowance_total + computed.totals.special_tax + computed.totals.general_tax,
        );
        runs += 1;
        if (runs % 10 === 0) {
          sampled.push({ name: `random-${runs}.xml`, xml: invoiceXml }, { name: `random-${runs}-return.xml`, xml: returnXml });
        }
      }),
      { numRuns: 300 },
    );
    expect(sampled.length).toBeGreaterThanOrEqual(60);
    const result = await validateAgainstUblInvoiceXsd(sampled);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 120_000);

  it('nine-decimal prices on 3-decimal quantities (the rounded path) pass too', () => {
    fc.assert(
      fc.property(invoiceAndReturnArbitrary(9), ({ invoice, returned }) => {
        expect(crossCheck(buildInvoiceXml(invoice))).toEqual([]);
        expect(crossCheck(buildInvoiceXml(returned))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('returns never exceed the original and their totals never exceed the original’s', () => {
    fc.assert(
      fc.property(invoiceAndReturnArbitrary(3), ({ invoice, returned }) => {
        const original = computeDocument(invoice);
        const credit = computeDocument(returned);
        expect(credit.totals.payable).toBeLessThanOrEqual(original.totals.payable);
        for (const line of credit.lines) {
          const sold = original.lines[line.line_number - 1];
          expect(line.quantity).toBeLessThanOrEqual(sold?.quantity ?? 0n);
          expect(line.discount).toBeLessThanOrEqual(sold?.discount ?? 0n);
          expect(line.net).toBeGreaterThanOrEqual(0n);
        }
      }),
      { numRuns: 200 },
    );
  });
});
