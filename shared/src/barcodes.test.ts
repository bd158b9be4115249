import { describe, expect, it } from 'vitest';
import { barcodeProblem, DEFAULT_SCALE_BARCODES, exampleScaleLabel, gtinCheckDigit, isValidGtin, parseScaleBarcode, restrictedCirculationCode } from './barcodes.js';

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
    const settings = { prefixes: [{ prefix: '2', value: 'weight' as const }], item_digits: 6 };
    expect(parseScaleBarcode(label('212345600500'), settings)).toMatchObject({ productCode: '2123456', itemCode: '123456', quantity: '0.500' });
    const threeDigits = { prefixes: [{ prefix: '231', value: 'price' as const }], item_digits: 4 };
    expect(parseScaleBarcode(label('231004201999'), threeDigits)).toEqual({ productCode: '2310042', prefix: '231', itemCode: '0042', quantity: null, amount: '1.999' });
    expect(parseScaleBarcode(label('232004201999'), threeDigits)).toBeNull();
  });

  it('ignores a prefix whose length does not fit the item code (the label would not be 13 digits)', () => {
    expect(parseScaleBarcode(label('201234501250'), { prefixes: [{ prefix: '20', value: 'weight' }], item_digits: 6 })).toBeNull();
  });

  it('reads UPC-A number system 2 labels under prefix 02, scanned as 13 or as 12 digits', () => {
    const settings = { prefixes: [{ prefix: '02', value: 'price' as const }], item_digits: 5 };
    const ean = label('021234503450');
    const upc = ean.slice(1);
    expect(parseScaleBarcode(ean, settings)).toEqual({ productCode: '0212345', prefix: '02', itemCode: '12345', quantity: null, amount: '3.450' });
    expect(parseScaleBarcode(upc, settings)).toEqual(parseScaleBarcode(ean, settings));
    expect(parseScaleBarcode(upc)).toBeNull(); // not with the default layout (20–29)
  });
});

describe('restrictedCirculationCode', () => {
  it('gives the 13-digit form of codes in the 2 and 02 ranges only', () => {
    expect(restrictedCirculationCode(label('201234501250'))).toBe(label('201234501250'));
    expect(restrictedCirculationCode(label('021234503450').slice(1))).toBe(label('021234503450'));
    expect(restrictedCirculationCode('6251234567898')).toBeNull();
    expect(restrictedCirculationCode('036000291452')).toBeNull(); // UPC-A number system 0
    expect(restrictedCirculationCode('2012345')).toBeNull();
  });
});

describe('exampleScaleLabel', () => {
  it('makes a label with its check digit, or null when the prefix does not fit', () => {
    expect(exampleScaleLabel('20', 5, 1250)).toBe('2012345012509');
    expect(parseScaleBarcode(exampleScaleLabel('20', 5, 1250)!)).toMatchObject({ productCode: '2012345', quantity: '1.250' });
    expect(exampleScaleLabel('2', 6, 3450)).toBe(label('212345603450'));
    expect(exampleScaleLabel('20', 6, 1250)).toBeNull();
    expect(exampleScaleLabel('30', 5, 1250)).toBeNull();
  });
});
