import { describe, expect, it } from 'vitest';
import { exactLineTax, terminatingDecimal } from './exact-tax';
import { ratio } from '@daftar/shared/money';

describe('tax before rounding', () => {
  it('is the exact product of the taxable amount and the rate', () => {
    expect(exactLineTax('1.005', '16', false)).toBe('0.1608');
    expect(exactLineTax('10.000', '7.5', false)).toBe('0.75');
    expect(exactLineTax('2.000', '0', false)).toBe('0');
  });

  it('is not shown when prices include tax or the figures cannot be read', () => {
    expect(exactLineTax('1.005', '16', true)).toBeNull();
    expect(exactLineTax('abc', '16', false)).toBeNull();
  });

  it('writes only decimals that end', () => {
    expect(terminatingDecimal(ratio(1n, 8n))).toBe('0.125');
    expect(terminatingDecimal(ratio(1n, 3n))).toBeNull();
  });
});
