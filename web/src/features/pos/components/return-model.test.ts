import { describe, expect, it } from 'vitest';
import { normalizeReceiptNumber } from '../api/list-session-receipts';
import { clampQuantity, lineRefund, lineShare, mayReturnWithoutReceipt, stepReturnQuantity } from './return-model';

const detail = (returned: string, unitRefund = '3.334') => ({
  line_id: 'l1',
  product_id: 'p1',
  name: 'Olive oil',
  name_ar: null,
  sold_quantity: '3',
  returned_quantity: returned,
  returnable_quantity: String(3 - Number(returned)),
  unit_price: '3.334',
  unit_refund: unitRefund,
});
// 3 units whose line came to 10.000 with tax 1.379: a unit is not a whole number of fils.
const sold = { gross: '10.000', tax: '1.379', quantity: '3' } as Parameters<typeof lineRefund>[0];

describe('return figures', () => {
  it('refunds a proportional share, and the return that empties the line takes exactly what is left', () => {
    expect(lineRefund(sold, detail('0'), '1', 'JOD')).toBe(3333);
    expect(lineRefund(sold, detail('0'), '3', 'JOD')).toBe(10000);
    // After one unit came back (3.333), the last two take 6.667, so the line refunds 10.000 in all.
    expect(lineRefund(sold, detail('1'), '2', 'JOD')).toBe(6667);
    expect(lineRefund(sold, detail('1'), '0', 'JOD')).toBe(0);
    // Tax comes back the same way: 1.379 / 3 rounded, then what is left.
    expect(lineShare(sold, detail('0'), '1', 'JOD')).toEqual({ gross: 3333, tax: 460 });
    expect(lineShare(sold, detail('1'), '2', 'JOD')).toEqual({ gross: 6667, tax: 919 });
    // Without the sold line, the per-unit refund the server gave.
    expect(lineRefund(undefined, detail('0', '3.334'), '2', 'JOD')).toBe(6668);
  });

  it('holds quantities between nothing and the returnable, weighed ones included', () => {
    expect(clampQuantity('5', '2')).toBe('2');
    expect(clampQuantity('abc', '2')).toBe('0');
    expect(clampQuantity('0.5', '2')).toBe('0.5');
    expect(stepReturnQuantity('0', '1.25', 1)).toBe('1');
    expect(stepReturnQuantity('1', '1.25', 1)).toBe('1.25');
    expect(stepReturnQuantity('0', '1.25', -1)).toBe('0');
  });

  it('reads a receipt number as typed or scanned', () => {
    expect(normalizeReceiptNumber(' ft-000012 ', 'FT')).toBe('FT-000012');
    expect(normalizeReceiptNumber('12', 'FT')).toBe('FT-000012');
    expect(normalizeReceiptNumber('B2-7', 'FT')).toBe('B2-000007');
    expect(normalizeReceiptNumber('twelve', 'FT')).toBeNull();
  });

  it('lets the policy decide who returns without a receipt', () => {
    expect(mayReturnWithoutReceipt('admins', false)).toBe(false);
    expect(mayReturnWithoutReceipt('admins', true)).toBe(true);
    expect(mayReturnWithoutReceipt('everyone', false)).toBe(true);
    expect(mayReturnWithoutReceipt('never', true)).toBe(false);
    // Not known (offline before the organization loaded): as the server's default.
    expect(mayReturnWithoutReceipt(undefined, false)).toBe(false);
  });
});
