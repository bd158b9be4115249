import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Money, add, formatMoney, fromMinorUnits, sum } from './money.js';
import {
  type LineDiscount,
  type SpecialTax,
  type TaxCategory,
  type TaxLine,
  type TaxLineInput,
  TaxError,
  calculateDocumentTax,
  calculateLineTax,
} from './tax.js';

/** The line's figures as decimal text, the way they print. */
function printed(line: Omit<TaxLine, 'category' | 'tax_rate' | 'price_includes_tax'>) {
  return {
    subtotal: formatMoney(line.subtotal),
    discount: formatMoney(line.discount),
    net: formatMoney(line.net),
    special_tax: formatMoney(line.special_tax),
    taxable_amount: formatMoney(line.taxable_amount),
    tax: formatMoney(line.tax),
    gross: formatMoney(line.gross),
  };
}

function taxError(action: () => unknown): TaxError {
  try {
    action();
  } catch (error) {
    if (error instanceof TaxError) return error;
    throw error;
  }
  throw new Error('expected a TaxError');
}

const line = (overrides: Partial<TaxLineInput>): TaxLineInput => ({
  quantity: '1',
  unit_price: '1.000',
  tax_rate: '16',
  price_includes_tax: false,
  ...overrides,
});

describe('worked example: 3 × 0.335 JOD at 16% plus 1 × 10.000 JOD exempt', () => {
  // By hand:
  //   line 1: 3 × 0.335 = 1.005; tax 16% × 1.005 = 0.1608 → 0.161; gross 1.005 + 0.161 = 1.166
  //   line 2: 1 × 10.000 = 10.000, exempt: tax 0.000, gross 10.000
  //   document: net 11.005, tax 0.161, gross 11.166
  const document = calculateDocumentTax(
    [
      { quantity: '3', unit_price: '0.335', tax_rate: '16', price_includes_tax: false },
      { quantity: '1', unit_price: '10.000', tax_rate: '0', tax_category: 'exempt', price_includes_tax: false },
    ],
    'JOD',
  );

  it('computes each line', () => {
    expect(document.lines[0]).toMatchObject({ category: 'standard', tax_rate: '16' });
    expect(printed(document.lines[0] as TaxLine)).toEqual({
      subtotal: '1.005',
      discount: '0.000',
      net: '1.005',
      special_tax: '0.000',
      taxable_amount: '1.005',
      tax: '0.161',
      gross: '1.166',
    });
    expect(document.lines[1]).toMatchObject({ category: 'exempt', tax_rate: '0' });
    expect(printed(document.lines[1] as TaxLine)).toEqual({
      subtotal: '10.000',
      discount: '0.000',
      net: '10.000',
      special_tax: '0.000',
      taxable_amount: '10.000',
      tax: '0.000',
      gross: '10.000',
    });
  });

  it('totals the rounded lines', () => {
    expect(document.currency).toBe('JOD');
    expect(printed(document.totals)).toEqual({
      subtotal: '11.005',
      discount: '0.000',
      net: '11.005',
      special_tax: '0.000',
      taxable_amount: '11.005',
      tax: '0.161',
      gross: '11.166',
    });
    expect(document.totals.gross).toEqual({ amount: 11166, currency: 'JOD' });
  });

  it('breaks the totals down by category and rate', () => {
    expect(
      document.breakdown.map((row) => ({
        category: row.category,
        tax_rate: row.tax_rate,
        net: formatMoney(row.net),
        tax: formatMoney(row.tax),
        gross: formatMoney(row.gross),
      })),
    ).toEqual([
      { category: 'standard', tax_rate: '16', net: '1.005', tax: '0.161', gross: '1.166' },
      { category: 'exempt', tax_rate: '0', net: '10.000', tax: '0.000', gross: '10.000' },
    ]);
  });
});

describe('calculateLineTax', () => {
  it('takes tax out of a tax-inclusive price as gross − round(gross / (1 + rate))', () => {
    // 3 × 0.335 = 1.005 including 16%: 1.005 / 1.16 = 0.86637… → 0.866; tax 1.005 − 0.866 = 0.139
    const result = calculateLineTax(line({ quantity: '3', unit_price: '0.335', price_includes_tax: true }), 'JOD');

    expect(printed(result)).toMatchObject({ subtotal: '1.005', net: '0.866', tax: '0.139', gross: '1.005' });
  });

  it('applies amount and percent discounts before tax', () => {
    // 4 × 2.500 = 10.000 − 1.250 = 8.750; 16% = 1.400; gross 10.150
    const byAmount = calculateLineTax(
      line({ quantity: '4', unit_price: '2.500', discount: { type: 'amount', amount: '1.250' } }),
      'JOD',
    );
    // 10.000 − 12.5% = 1.250 off, the same figures
    const byPercent = calculateLineTax(
      line({ quantity: '4', unit_price: '2.500', discount: { type: 'percent', percent: '12.5' } }),
      'JOD',
    );

    expect(printed(byAmount)).toEqual({
      subtotal: '10.000',
      discount: '1.250',
      net: '8.750',
      special_tax: '0.000',
      taxable_amount: '8.750',
      tax: '1.400',
      gross: '10.150',
    });
    expect(printed(byPercent)).toEqual(printed(byAmount));
  });

  it('puts a fixed special tax into the general tax base (JoFotara guide example)', () => {
    // guide p.67–70: 10 × 50 − 5 = 495; special 10 (1 per unit); 10% of (495 + 10) = 50.50; 555.50
    const result = calculateLineTax(
      line({
        quantity: '10',
        unit_price: '50',
        discount: { type: 'amount', amount: '5' },
        tax_rate: '10',
        special_tax: { type: 'fixed', amount_per_unit: '1' },
      }),
      'JOD',
    );

    expect(printed(result)).toEqual({
      subtotal: '500.000',
      discount: '5.000',
      net: '495.000',
      special_tax: '10.000',
      taxable_amount: '505.000',
      tax: '50.500',
      gross: '555.500',
    });
  });

  it('computes a percent special tax on the net and the general tax on net + special', () => {
    // 2 × 5.000 = 10.000; special 20% = 2.000; 16% of 12.000 = 1.920; gross 13.920
    const exclusive = calculateLineTax(
      line({ quantity: '2', unit_price: '5', special_tax: { type: 'percent', percent: '20' } }),
      'JOD',
    );
    // the same line priced tax-inclusive at 6.960 gives back the same split
    const inclusive = calculateLineTax(
      line({ quantity: '2', unit_price: '6.960', special_tax: { type: 'percent', percent: '20' }, price_includes_tax: true }),
      'JOD',
    );

    const expected = { net: '10.000', special_tax: '2.000', taxable_amount: '12.000', tax: '1.920', gross: '13.920' };
    expect(printed(exclusive)).toMatchObject(expected);
    expect(printed(inclusive)).toMatchObject(expected);
  });

  it('takes a fixed special tax out of a tax-inclusive price', () => {
    // 555.500 inclusive at 10%: 505.000 base, tax 50.500; special 10 × 1 = 10; net 495.000
    const result = calculateLineTax(
      line({ quantity: '10', unit_price: '55.55', tax_rate: '10', special_tax: { type: 'fixed', amount_per_unit: '1' }, price_includes_tax: true }),
      'JOD',
    );

    expect(printed(result)).toMatchObject({ net: '495.000', special_tax: '10.000', taxable_amount: '505.000', tax: '50.500', gross: '555.500' });
  });

  it('keeps zero-rated and exempt lines apart although both carry no tax', () => {
    const zeroRated = calculateLineTax(line({ tax_rate: '0', tax_category: 'zero_rated' }), 'JOD');
    const exempt = calculateLineTax(line({ tax_rate: '0.000', tax_category: 'exempt', price_includes_tax: true }), 'JOD');

    expect(zeroRated).toMatchObject({ category: 'zero_rated', tax_rate: '0', tax: { amount: 0 }, gross: { amount: 1000 } });
    expect(exempt).toMatchObject({ category: 'exempt', tax_rate: '0', tax: { amount: 0 }, net: { amount: 1000 } });
  });

  it('rounds unit prices with more decimals than the currency once, on the line amount', () => {
    // 3 × 0.3333 = 0.9999 → 1.000 JOD; 7 × 1.2345 USD = 8.6415 → 8.64 USD
    expect(calculateLineTax(line({ quantity: '3', unit_price: '0.3333' }), 'JOD').subtotal.amount).toBe(1000);
    const dollars = calculateLineTax(line({ quantity: '7', unit_price: '1.2345', tax_rate: '10' }), 'USD');
    expect(printed(dollars)).toMatchObject({ subtotal: '8.64', tax: '0.86', gross: '9.50' });
  });

  it('accepts numbers as the API does, read through their shortest text', () => {
    const fromNumbers = calculateLineTax(line({ quantity: 3, unit_price: 0.335, tax_rate: 16 }), 'JOD');
    const fromText = calculateLineTax(line({ quantity: '3', unit_price: '0.335', tax_rate: '16' }), 'JOD');

    expect(fromNumbers).toEqual(fromText);
  });

  it('refuses lines that cannot be computed, naming the field', () => {
    const cases: Array<[Partial<TaxLineInput>, (string | number)[], RegExp]> = [
      [{ quantity: '0' }, ['quantity'], /greater than zero/],
      [{ quantity: '-1' }, ['quantity'], /greater than zero/],
      [{ quantity: '1.2345' }, ['quantity'], /at most 3 decimal places/],
      [{ quantity: 'abc' }, ['quantity'], /Not a decimal/],
      [{ unit_price: '-0.001' }, ['unit_price'], /zero or more/],
      [{ unit_price: '0.0000000001' }, ['unit_price'], /at most 9 decimal places/],
      [{ tax_rate: '-16' }, ['tax_rate'], /zero or more/],
      [{ tax_rate: '0' }, ['tax_category'], /zero_rated or exempt/],
      [{ tax_rate: '16', tax_category: 'exempt' }, ['tax_category'], /0% tax rate/],
      [{ tax_rate: '0', tax_category: 'standard' }, ['tax_rate'], /above 0%/],
      [{ tax_category: 'reduced' as TaxCategory }, ['tax_category'], /one of/],
      [{ discount: { type: 'amount', amount: '1.001' } }, ['discount', 'amount'], /larger than the line amount/],
      [{ discount: { type: 'amount', amount: '0.0001' } }, ['discount', 'amount'], /at most 3 decimal places/],
      [{ discount: { type: 'amount', amount: '-1' } }, ['discount', 'amount'], /zero or more/],
      [{ discount: { type: 'percent', percent: '100.01' } }, ['discount', 'percent'], /at most 100/],
      [{ discount: { type: 'other' } as unknown as LineDiscount }, ['discount', 'type'], /amount or percent/],
      [{ special_tax: { type: 'fixed', amount_per_unit: '-1' } }, ['special_tax', 'amount_per_unit'], /zero or more/],
      [{ special_tax: { type: 'other' } as unknown as SpecialTax }, ['special_tax', 'type'], /fixed or percent/],
      [
        { special_tax: { type: 'other' } as unknown as SpecialTax, price_includes_tax: true },
        ['special_tax', 'type'],
        /fixed or percent/,
      ],
      [
        { special_tax: { type: 'fixed', amount_per_unit: '2' }, price_includes_tax: true },
        ['special_tax'],
        /larger than the tax-inclusive price/,
      ],
      [{ price_includes_tax: 'yes' as unknown as boolean }, ['price_includes_tax'], /true or false/],
    ];
    for (const [overrides, loc, message] of cases) {
      const error = taxError(() => calculateLineTax(line(overrides), 'JOD', ['lines', 4]));
      expect(error.loc, JSON.stringify(overrides)).toEqual(['lines', 4, ...loc]);
      expect(error.message).toMatch(message);
    }
    expect(taxError(() => calculateLineTax(line({}), 'XYZ')).loc).toEqual(['currency']);
    const tooLarge = taxError(() => calculateLineTax(line({ quantity: '1000000', unit_price: '1000000000000' }), 'JOD', ['lines', 0]));
    expect(tooLarge.loc).toEqual(['lines', 0]);
    expect(tooLarge.message).toMatch(/out of range/);
  });

  it('locates a bad line of a document by its index', () => {
    const error = taxError(() =>
      calculateDocumentTax([line({}), line({ quantity: '0' })], 'JOD'),
    );

    expect(error.loc).toEqual(['lines', 1, 'quantity']);
    expect(taxError(() => calculateDocumentTax([], 'XYZ')).loc).toEqual(['currency']);
  });

  it('returns zero totals for a document without lines', () => {
    const document = calculateDocumentTax([], 'USD');

    expect(document.totals.gross).toEqual({ amount: 0, currency: 'USD' });
    expect(document.breakdown).toEqual([]);
  });

  it('orders the breakdown: standard rates high to low, then zero-rated, then exempt', () => {
    const document = calculateDocumentTax(
      [
        line({ tax_rate: '0', tax_category: 'exempt' }),
        line({ tax_rate: '4' }),
        line({ tax_rate: '0', tax_category: 'zero_rated' }),
        line({ tax_rate: '16.000' }),
        line({ tax_rate: '10' }),
        line({ tax_rate: '16', quantity: '2' }),
      ],
      'JOD',
    );

    expect(document.breakdown.map((row) => `${row.category} ${row.tax_rate}`)).toEqual([
      'standard 16',
      'standard 10',
      'standard 4',
      'zero_rated 0',
      'exempt 0',
    ]);
    expect(document.breakdown[0]).toMatchObject({ net: { amount: 3000 }, tax: { amount: 480 } });
  });
});

// ------------------------------------------------------------------------------------------------
// Properties

const decimalText = (maxCoefficient: number, maxScale: number, min = 0) =>
  fc
    .tuple(fc.integer({ min, max: maxCoefficient }), fc.integer({ min: 0, max: maxScale }))
    .map(([coefficient, scale]) => (coefficient / 10 ** scale).toFixed(scale));

/** A percent in hundredths: "12.50". */
const percentText = (maxHundredths: number, minHundredths = 0) =>
  fc.integer({ min: minHundredths, max: maxHundredths }).map((hundredths) => (hundredths / 100).toFixed(2));

const rateArb = fc.oneof(
  fc.constantFrom('16', '10', '8', '7', '5', '4', '3', '2', '1').map((rate) => ({ tax_rate: rate })),
  fc.constantFrom<TaxCategory>('zero_rated', 'exempt').map((category) => ({ tax_rate: '0', tax_category: category })),
  percentText(10_000, 1).map((rate) => ({ tax_rate: rate })),
);

const specialArb: fc.Arbitrary<SpecialTax | null> = fc.oneof(
  fc.constant(null),
  decimalText(100_000, 3).map((amount) => ({ type: 'fixed' as const, amount_per_unit: amount })),
  percentText(5_000).map((percent) => ({ type: 'percent' as const, percent })),
);

const lineArb: fc.Arbitrary<TaxLineInput> = fc
  .record({
    // up to 100,000 units at up to 10,000,000 JOD keeps every figure inside the safe integer range
    quantity: decimalText(100_000, 3, 1),
    unit_price: decimalText(10_000_000, 9),
    rate: rateArb,
    special: specialArb,
    price_includes_tax: fc.boolean(),
    discount: fc.oneof(
      fc.constant(null),
      percentText(10_000).map((percent): LineDiscount => ({ type: 'percent', percent })),
      // an amount discount, in thousandths of the subtotal, worked out once the subtotal is known
      fc.integer({ min: 0, max: 1000 }).map((perMille) => ({ type: 'share' as const, perMille })),
    ),
  })
  .map(({ quantity, unit_price, rate, special, price_includes_tax, discount }) => {
    const base: TaxLineInput = { quantity, unit_price, ...rate, special_tax: special, price_includes_tax };
    if (discount?.type !== 'share') return { ...base, discount };
    const subtotal = calculateLineTax({ ...base, special_tax: null }, 'JOD').subtotal.amount;
    const discountFils = (BigInt(subtotal) * BigInt(discount.perMille)) / 1000n;
    return { ...base, discount: { type: 'amount', amount: formatMoney(fromMinorUnits(discountFils, 'JOD')) } };
  });

/** Drops fixed special taxes larger than an inclusive price, which the function rightly refuses. */
function computable(input: TaxLineInput): boolean {
  try {
    calculateLineTax(input, 'JOD');
    return true;
  } catch (error) {
    if (error instanceof TaxError && /larger than the tax-inclusive price/.test(error.message)) return false;
    throw error;
  }
}

const figures = ['subtotal', 'discount', 'net', 'special_tax', 'taxable_amount', 'tax', 'gross'] as const;

function expectWholeMinorUnits(money: Money): void {
  expect(Number.isSafeInteger(money.amount)).toBe(true);
  expect(money.currency).toBe('JOD');
}

describe('tax properties', () => {
  it('property: every line balances exactly, in minor units, both for inclusive and exclusive prices', () => {
    fc.assert(
      fc.property(lineArb.filter(computable), (input) => {
        const result = calculateLineTax(input, 'JOD');

        for (const figure of figures) {
          expectWholeMinorUnits(result[figure]);
          expect(result[figure].amount).toBeGreaterThanOrEqual(0);
        }
        expect(add(result.net, result.special_tax)).toEqual(result.taxable_amount);
        expect(add(result.taxable_amount, result.tax)).toEqual(result.gross);
        expect(add(add(result.net, result.special_tax), result.tax)).toEqual(result.gross);
        const discounted = result.subtotal.amount - result.discount.amount;
        expect(input.price_includes_tax ? result.gross.amount : result.net.amount).toBe(discounted);
        if (result.category !== 'standard') expect(result.tax.amount).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the general tax is within half a minor unit of the exact tax', () => {
    fc.assert(
      fc.property(lineArb.filter(computable), (input) => {
        const result = calculateLineTax(input, 'JOD');
        const [whole = '0', fraction = ''] = result.tax_rate.split('.');
        const rateScale = 10n ** BigInt(fraction.length);
        const rate = BigInt(whole + fraction); // percent × rateScale

        // exact tax × 100 × rateScale × (inclusive: (100 × rateScale + rate))
        const taxable = BigInt(input.price_includes_tax ? result.gross.amount : result.taxable_amount.amount);
        const exactNumerator = taxable * rate;
        const exactDenominator = input.price_includes_tax ? 100n * rateScale + rate : 100n * rateScale;
        const distance = BigInt(result.tax.amount) * exactDenominator - exactNumerator;
        expect(2n * (distance < 0n ? -distance : distance) <= exactDenominator).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: document totals and breakdown rows are the sums of the rounded lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb.filter(computable), { maxLength: 15 }), (inputs) => {
        const document = calculateDocumentTax(inputs, 'JOD');

        expect(document.lines).toHaveLength(inputs.length);
        for (const figure of figures) {
          expectWholeMinorUnits(document.totals[figure]);
          expect(document.totals[figure]).toEqual(sum(document.lines.map((l) => l[figure]), 'JOD'));
        }
        for (const figure of ['net', 'special_tax', 'taxable_amount', 'tax', 'gross'] as const) {
          expect(sum(document.breakdown.map((row) => row[figure]), 'JOD')).toEqual(document.totals[figure]);
        }
        const keys = document.breakdown.map((row) => `${row.category}|${row.tax_rate}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect(add(add(document.totals.net, document.totals.special_tax), document.totals.tax)).toEqual(
          document.totals.gross,
        );
      }),
      { numRuns: 100 },
    );
  });
});
