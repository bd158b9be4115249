import { describe, expect, it } from 'vitest';
import { overallReorderPointMilli, stockStatusOf } from './stock-status.js';

describe('stockStatusOf', () => {
  it('is not_tracked for untracked items whatever the figures', () => {
    expect(stockStatusOf(5000, 1000, false)).toBe('not_tracked');
    expect(stockStatusOf(0, null, false)).toBe('not_tracked');
  });

  it('is out at or below zero, low at or below the reorder point, in stock above it', () => {
    expect(stockStatusOf(0, 1000, true)).toBe('out');
    expect(stockStatusOf(-500, null, true)).toBe('out');
    expect(stockStatusOf(1000, 1000, true)).toBe('low');
    expect(stockStatusOf(1, 1000, true)).toBe('low');
    expect(stockStatusOf(1001, 1000, true)).toBe('in_stock');
    expect(stockStatusOf(1, null, true)).toBe('in_stock');
  });
});

describe('overallReorderPointMilli', () => {
  it('takes the own point, else the sum of the per-location points, else null', () => {
    expect(overallReorderPointMilli(2000, [{ quantity_milli: 5000 }])).toBe(2000);
    expect(overallReorderPointMilli(0, [{ quantity_milli: 5000 }])).toBe(0);
    expect(overallReorderPointMilli(null, [{ quantity_milli: 5000 }, { quantity_milli: 1500 }])).toBe(6500);
    expect(overallReorderPointMilli(undefined, [])).toBeNull();
  });
});
