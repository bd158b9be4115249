import { describe, expect, it } from 'vitest';
import { barcodeProblem, DEFAULT_SCALE_BARCODES, gtinCheckDigit, isValidGtin, parseScaleBarcode } from './barcodes.js';

/** A 13-digit label with its right check digit. */
const label = (first12: string) => first12 + gtinCheckDigit(first12);

describe('isValidGtin', () => {
  it('accepts EAN-13, UPC-A and EAN-8 codes with the right check digit', () => {
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13
    expect(isValidGtin('6251234567898')).toBe(true); // a Jordanian (625) EAN-13
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
  });

  it('refuses a wrong check digit and codes that are not GTIN-shaped', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('96385075')).toBe(false);
    expect(isValidGtin('12345')).toBe(false);
    expect(isValidGtin('ABC-12345678')).toBe(false);
  });
});

describe('barcodeProblem', () => {
  it('names a GTIN-shaped code with a wrong check digit and accepts shop codes as written', () => {
    expect(barcodeProblem('6251234567893')).toBe('The check digit of barcode 6251234567893 is wrong');
    expect(barcodeProblem('036000291453')).toBe('The check digit of barcode 036000291453 is wrong');
    expect(barcodeProblem('6251234567898')).toBeNull();
    expect(barcodeProblem('2012345')).toBeNull();
    expect(barcodeProblem('SHOP-0001')).toBeNull();
    expect(barcodeProblem('12345678901')).toBeNull();
  });
});

describe('parseScaleBarcode', () => {
  it('reads the weight in grams from a weight prefix as kilograms', () => {
    expect(parseScaleBarcode(label('201234501250'))).toEqual({
      productCode: '2012345',
      prefix: '20',
      itemCode: '12345',
      quantity: '1.250',
      amount: null,
    });
    expect(parseScaleBarcode(label('240000700075'))?.quantity).toBe('0.075');
  });

  it('reads the price in fils from a price prefix as JOD', () => {
    expect(parseScaleBarcode(label('280004203450'))).toEqual({
      productCode: '2800042',
      prefix: '28',
      itemCode: '00042',
      quantity: null,
      amount: '3.450',
    });
  });

  it('is null for other codes, a wrong check digit, or prefixes outside the settings', () => {
    const good = label('201234501250');
    const bad = good.slice(0, 12) + ((Number(good[12]) + 1) % 10);
    expect(parseScaleBarcode(bad)).toBeNull();
    expect(parseScaleBarcode('6251234567898')).toBeNull();
    expect(parseScaleBarcode('2012345')).toBeNull();
    expect(parseScaleBarcode(label('201234501250'), { ...DEFAULT_SCALE_BARCODES, prefixes: [{ prefix: '29', value: 'price' }] })).toBeNull();
  });

  it('follows configured prefixes and item-code lengths', () => {
    const settings = { prefixes: [{ prefix: '2', value: 'weight' as const }], itemDigits: 6 };
    expect(parseScaleBarcode(label('212345600500'), settings)).toMatchObject({ productCode: '2123456', itemCode: '123456', quantity: '0.500' });
  });
});
