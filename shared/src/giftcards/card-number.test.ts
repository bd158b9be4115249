import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCardNumber, isValidCardNumber, luhnCheckDigit, makeCardNumber, maskCardNumber, normalizeCardNumber } from './card-number.js';

describe('gift card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // 7992739871 → 3 (the textbook example), 4111 1111 1111 111 → 1 (the test Visa number).
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('411111111111111')).toBe(1);
  });

  it('makes 16-digit numbers starting with 9 that validate', () => {
    const number = makeCardNumber((n) => '3'.repeat(n));
    expect(number).toHaveLength(16);
    expect(number.startsWith('9')).toBe(true);
    expect(isValidCardNumber(number)).toBe(true);
  });

  it('accepts the groups a person types and formats and masks them', () => {
    const number = makeCardNumber((n) => '12345678901234'.slice(0, n));
    const typed = formatCardNumber(number);
    expect(typed).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(isValidCardNumber(typed)).toBe(true);
    expect(isValidCardNumber(typed.replace(/ /g, '-'))).toBe(true);
    expect(normalizeCardNumber(typed)).toBe(number);
    expect(maskCardNumber(number)).toBe(`•••• •••• •••• ${number.slice(-4)}`);
  });

  it('refuses wrong lengths and letters', () => {
    expect(isValidCardNumber('')).toBe(false);
    expect(isValidCardNumber('9'.repeat(15))).toBe(false);
    expect(isValidCardNumber('9abc567890123456')).toBe(false);
  });

  it('catches every single mistyped digit and every swap of two different neighbours', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{14}$/), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (random, position, shift) => {
        const number = makeCardNumber(() => random);
        const digits = number.split('');
        const wrong = [...digits];
        wrong[position] = String((Number(wrong[position]) + shift) % 10);
        expect(isValidCardNumber(wrong.join(''))).toBe(false);
        if (position < 15 && digits[position] !== digits[position + 1]) {
          const swapped = [...digits];
          [swapped[position], swapped[position + 1]] = [swapped[position + 1]!, swapped[position]!];
          // Luhn misses only the 0↔9 swap.
          const pair = `${digits[position]}${digits[position + 1]}`;
          if (pair !== '09' && pair !== '90') expect(isValidCardNumber(swapped.join(''))).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
