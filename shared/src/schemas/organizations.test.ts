import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALE_BARCODES, SCALE_LAYOUT_MESSAGES } from '../barcodes.js';
import { organizationCreate, organizationUpdate, scaleBarcodeLayout, scaleBarcodesOf } from './organizations.js';

const issuesOf = (value: unknown) => {
  const result = scaleBarcodeLayout.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('scale-label layout (issue 14)', () => {
  it('accepts the default layout and others that make a 13-digit label', () => {
    expect(scaleBarcodeLayout.parse(DEFAULT_SCALE_BARCODES)).toEqual(DEFAULT_SCALE_BARCODES);
    expect(issuesOf({ prefixes: [{ prefix: '02', value: 'price' }, { prefix: '21', value: 'weight' }], item_digits: 5 })).toEqual([]);
    expect(issuesOf({ prefixes: [{ prefix: '2', value: 'weight' }], item_digits: 6 })).toEqual([]);
    expect(issuesOf({ prefixes: [{ prefix: '250', value: 'price' }, { prefix: '029', value: 'weight' }], item_digits: 4 })).toEqual([]);
    expect(scaleBarcodeLayout.parse({ prefixes: [{ prefix: ' 20 ', value: 'weight' }], item_digits: 5 }).prefixes[0]!.prefix).toBe('20');
  });

  it('refuses prefixes outside the GS1 in-store ranges, each at its row', () => {
    expect(issuesOf({ prefixes: [{ prefix: '20', value: 'weight' }, { prefix: '30', value: 'price' }, { prefix: '0', value: 'price' }, { prefix: '2a', value: 'price' }], item_digits: 5 })).toEqual([
      { path: 'prefixes.1.prefix', message: SCALE_LAYOUT_MESSAGES.prefixFormat },
      { path: 'prefixes.2.prefix', message: SCALE_LAYOUT_MESSAGES.prefixFormat },
      { path: 'prefixes.3.prefix', message: SCALE_LAYOUT_MESSAGES.prefixFormat },
    ]);
    expect(issuesOf({ prefixes: [{ prefix: '2000', value: 'weight' }], item_digits: 4 })).toEqual([{ path: 'prefixes.0.prefix', message: SCALE_LAYOUT_MESSAGES.prefixFormat }]);
  });

  it('refuses a prefix listed twice', () => {
    expect(issuesOf({ prefixes: [{ prefix: '21', value: 'weight' }, { prefix: '21', value: 'price' }], item_digits: 5 })).toEqual([
      { path: 'prefixes.1.prefix', message: 'This prefix is listed twice' },
    ]);
  });

  it('refuses a prefix whose length and the item code do not make 13 digits, saying how long it must be', () => {
    expect(issuesOf({ prefixes: [{ prefix: '21', value: 'weight' }, { prefix: '2', value: 'price' }], item_digits: 6 })).toEqual([
      { path: 'prefixes.0.prefix', message: 'With 6-digit item codes a prefix has 1 digit: prefix, item code, 5 value digits and the check digit make 13' },
    ]);
    expect(issuesOf({ prefixes: [{ prefix: '2', value: 'weight' }], item_digits: 4 })).toEqual([
      { path: 'prefixes.0.prefix', message: 'With 4-digit item codes a prefix has 3 digits: prefix, item code, 5 value digits and the check digit make 13' },
    ]);
  });

  it('needs 1 to 10 prefixes and item codes of 4 to 6 digits', () => {
    const eleven = ['02', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((prefix) => ({ prefix, value: 'weight' }));
    expect(issuesOf({ prefixes: [], item_digits: 5 })).toEqual([{ path: 'prefixes', message: SCALE_LAYOUT_MESSAGES.prefixesNeeded }]);
    expect(issuesOf({ prefixes: eleven, item_digits: 5 })).toEqual([{ path: 'prefixes', message: 'At most 10 scale prefixes' }]);
    expect(issuesOf({ prefixes: [{ prefix: '20', value: 'weight' }], item_digits: 7 })).toEqual([{ path: 'item_digits', message: 'An item code has 4 to 6 digits' }]);
    expect(issuesOf({ prefixes: [{ prefix: '20', value: 'weight' }], item_digits: 5.5 })).toEqual([{ path: 'item_digits', message: 'An item code has 4 to 6 digits' }]);
    expect(issuesOf({ prefixes: [{ prefix: '20', value: 'kilos' }], item_digits: 5 })).toMatchObject([{ path: 'prefixes.0.value' }]);
    expect(issuesOf({ prefixes: [{ prefix: '20', value: 'weight', extra: 1 }], item_digits: 5 })).toMatchObject([{ path: 'prefixes.0' }]);
  });

  it('is optional on an organization; null in an update goes back to the default', () => {
    expect(organizationCreate.parse({ name: 'Nour' }).scale_barcodes).toBeUndefined();
    expect(organizationUpdate.parse({ scale_barcodes: null })).toEqual({ scale_barcodes: null });
    expect(organizationUpdate.safeParse({ scale_barcodes: { prefixes: [{ prefix: '20', value: 'weight' }], item_digits: 6 } }).success).toBe(false);
    expect(scaleBarcodesOf(undefined)).toEqual(DEFAULT_SCALE_BARCODES);
    expect(scaleBarcodesOf(null)).not.toBe(DEFAULT_SCALE_BARCODES);
  });
});
