import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  CurrencyMismatchError,
  MoneyError,
  type CurrencyCode,
  type Money,
  abs,
  add,
  allocate,
  compare,
  equals,
  formatMoney,
  fromMinorUnits,
  isCurrencyCode,
  isNegative,
  isPositive,
  isZero,
  multiply,
  negate,
  parseDecimal,
  parseMoney,
  percentOf,
  subtract,
  sum,
  zero,
} from './money.js';

const jod = (minor: number) => fromMinorUnits(minor, 'JOD');

function moneyError(action: () => unknown): MoneyError {
  try {
    action();
  } catch (error) {
    if (error instanceof MoneyError) return error;
    throw error;
  }
  throw new Error('expected a MoneyError');
}

const currencyArb = fc.constantFrom(...CURRENCY_CODES);
/** Up to a trillion major units in any currency: far beyond real documents, well inside the safe range. */
const moneyArb = (currency?: CurrencyCode) =>
  fc
    .record({ amount: fc.integer({ min: -1e15, max: 1e15 }), currency: currency ? fc.constant(currency) : currencyArb })
    .map(({ amount, currency: code }) => fromMinorUnits(amount, code));

function expectSafeInteger(money: Money): void {
  expect(Number.isSafeInteger(money.amount)).toBe(true);
  expect(Object.is(money.amount, -0)).toBe(false);
}

describe('currency table', () => {
  it('gives each currency its ISO 4217 minor units', () => {
    // prepare / act
    const units = Object.fromEntries(CURRENCY_CODES.map((code) => [code, CURRENCIES[code].minor_units]));

    // assess
    expect(units).toMatchObject({ JOD: 3, USD: 2, EUR: 2, KWD: 3, BHD: 3, OMR: 3, JPY: 0 });
  });

  it('knows which codes exist', () => {
    expect(isCurrencyCode('JOD')).toBe(true);
    expect(isCurrencyCode('jod')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(moneyError(() => zero('XYZ')).code).toBe('unknown_currency');
  });
});

describe('parseMoney and formatMoney', () => {
  it('reads decimal strings and numbers at the currency precision', () => {
    expect(parseMoney('12.345', 'JOD')).toEqual({ amount: 12345, currency: 'JOD' });
    expect(parseMoney(12.345, 'JOD')).toEqual({ amount: 12345, currency: 'JOD' });
    expect(parseMoney('12.3450', 'JOD').amount).toBe(12345);
    expect(parseMoney('12.3', 'USD').amount).toBe(1230);
    expect(parseMoney('-0.005', 'JOD').amount).toBe(-5);
    expect(parseMoney('1234', 'JPY').amount).toBe(1234);
    expect(parseMoney(1e-3, 'JOD').amount).toBe(1);
  });

  it('refuses more decimals than the currency has unless rounding is requested', () => {
    expect(moneyError(() => parseMoney('12.3456', 'JOD')).code).toBe('too_many_decimals');
    expect(moneyError(() => parseMoney('0.5', 'JPY')).code).toBe('too_many_decimals');
    // 0.1 + 0.2 is 0.30000000000000004 as a double: its shortest text is taken as it is
    expect(moneyError(() => parseMoney(0.1 + 0.2, 'JOD')).code).toBe('too_many_decimals');

    expect(parseMoney(0.1 + 0.2, 'JOD', { rounding: 'half-up' }).amount).toBe(300);
    expect(parseMoney('12.3456', 'JOD', { rounding: 'half-up' }).amount).toBe(12346);
  });

  it('rounds halves away from zero, symmetrically for negative amounts', () => {
    const round = (text: string) => parseMoney(text, 'JOD', { rounding: 'half-up' }).amount;

    expect(round('0.0005')).toBe(1);
    expect(round('-0.0005')).toBe(-1);
    expect(round('0.00049999')).toBe(0);
    expect(round('-0.00049999')).toBe(0);
    expect(round('2.4995')).toBe(2500);
    expect(round('-2.4995')).toBe(-2500);
    expect(Object.is(round('-0.0001'), -0)).toBe(false);
  });

  it('rejects text that is not a plain decimal, and non-finite numbers', () => {
    for (const text of ['', ' 1', '1 ', '1,000', '1e3', '.5', '5.', '+1', 'abc', 'NaN', '0x10', '1.2.3']) {
      expect(moneyError(() => parseMoney(text, 'JOD')).code, text).toBe('invalid_decimal');
    }
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(moneyError(() => parseMoney(value, 'JOD')).code).toBe('invalid_decimal');
    }
    expect(moneyError(() => parseMoney('1'.repeat(65), 'JOD')).code).toBe('invalid_decimal');
  });

  it('refuses amounts beyond the safe integer range instead of losing fils', () => {
    expect(moneyError(() => parseMoney(1e21, 'JOD')).code).toBe('overflow');
    expect(moneyError(() => parseMoney('9007199254740.992', 'JOD')).code).toBe('overflow');
    expect(parseMoney('9007199254740.991', 'JOD').amount).toBe(Number.MAX_SAFE_INTEGER);
    expect(moneyError(() => add(jod(Number.MAX_SAFE_INTEGER), jod(1))).code).toBe('overflow');
    expect(moneyError(() => fromMinorUnits(1.5, 'JOD')).code).toBe('invalid_decimal');
  });

  it('formats at the currency precision with a minus sign for negatives', () => {
    expect(formatMoney(jod(12345))).toBe('12.345');
    expect(formatMoney(jod(-5))).toBe('-0.005');
    expect(formatMoney(jod(0))).toBe('0.000');
    expect(formatMoney(fromMinorUnits(1230, 'USD'))).toBe('12.30');
    expect(formatMoney(fromMinorUnits(-1234, 'JPY'))).toBe('-1234');
    expect(formatMoney(negate(jod(0)))).toBe('0.000');
  });

  it('reads numbers through their shortest text, which is exponent form at the extremes', () => {
    expect(parseDecimal(1.5e-7)).toEqual({ coefficient: 15n, scale: 8 });
    expect(parseDecimal(1e21)).toEqual({ coefficient: 10n ** 21n, scale: 0 });
    expect(parseDecimal('-0')).toEqual({ coefficient: 0n, scale: 0 });
  });

  it('property: format then parse gives the same money back', () => {
    fc.assert(
      fc.property(moneyArb(), (money) => {
        expect(parseMoney(formatMoney(money), money.currency)).toEqual(money);
      }),
    );
  });

  it('property: parse then format gives the canonical text back', () => {
    fc.assert(
      fc.property(currencyArb, fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.nat(), (currency, negative, whole, fraction) => {
        const digits = CURRENCIES[currency].minor_units;
        const fractionText = digits === 0 ? '' : `.${String(fraction % 10 ** digits).padStart(digits, '0')}`;
        const isZeroText = whole === 0n && /^\.?0*$/.test(fractionText);
        const text = `${negative && !isZeroText ? '-' : ''}${whole}${fractionText}`;

        expect(formatMoney(parseMoney(text, currency))).toBe(text);
      }),
    );
  });

  it('property: a number that is k minor units in decimal parses to exactly k', () => {
    // k / 10^n as a double is not exact, but its shortest text is the decimal for |k| < 10^15.
    fc.assert(
      fc.property(currencyArb, fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), (currency, minor) => {
        const value = minor / 10 ** CURRENCIES[currency].minor_units;

        expect(parseMoney(value, currency).amount).toBe(minor);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds, subtracts, negates and compares within one currency', () => {
    const a = parseMoney('1.005', 'JOD');
    const b = parseMoney('0.161', 'JOD');

    expect(formatMoney(add(a, b))).toBe('1.166');
    expect(formatMoney(subtract(b, a))).toBe('-0.844');
    expect(formatMoney(negate(a))).toBe('-1.005');
    expect(formatMoney(abs(negate(a)))).toBe('1.005');
    expect(compare(a, b)).toBe(1);
    expect(compare(b, a)).toBe(-1);
    expect(compare(a, jod(1005))).toBe(0);
    expect(equals(a, jod(1005))).toBe(true);
    expect(isZero(subtract(a, a))).toBe(true);
    expect(isNegative(negate(a))).toBe(true);
    expect(isPositive(a)).toBe(true);
  });

  it('refuses to mix currencies', () => {
    const dinars = parseMoney('1', 'JOD');
    const dollars = parseMoney('1', 'USD');

    const error = moneyError(() => add(dinars, dollars));
    expect(error).toBeInstanceOf(CurrencyMismatchError);
    expect(error.code).toBe('currency_mismatch');
    expect(error.message).toBe('Cannot combine JOD and USD amounts');
    expect(() => subtract(dinars, dollars)).toThrow(CurrencyMismatchError);
    expect(() => compare(dinars, dollars)).toThrow(CurrencyMismatchError);
    expect(() => sum([dinars, dollars], 'JOD')).toThrow(CurrencyMismatchError);
    expect(() => sum([dollars], 'JOD')).toThrow(CurrencyMismatchError);
  });

  it('sums a list, and an empty list is zero in the given currency', () => {
    expect(sum([], 'USD')).toEqual({ amount: 0, currency: 'USD' });
    expect(formatMoney(sum([jod(1005), jod(10000), jod(161)], 'JOD'))).toBe('11.166');
  });

  it('multiplies by decimal quantities and rates exactly, rounding once', () => {
    const price = parseMoney('0.335', 'JOD');

    expect(formatMoney(multiply(price, '3'))).toBe('1.005');
    // 3 × 0.335 × 0.16 = 0.1608 → 0.161
    expect(formatMoney(multiply(price, '3', '0.16'))).toBe('0.161');
    // 0.335 × 0.5 = 0.1675 → 0.168, and −0.1675 → −0.168
    expect(formatMoney(multiply(price, '0.5'))).toBe('0.168');
    expect(formatMoney(multiply(jod(-335), '0.5'))).toBe('-0.168');
    // one rounding for the whole product: 0.001 × 0.5 × 3 = 0.0015 → 0.002, where rounding after
    // each factor would give 0.001 → 0.003
    expect(multiply(jod(1), '0.5', '3').amount).toBe(2);
    expect(multiply(multiply(jod(1), '0.5'), '3').amount).toBe(3);
    expect(formatMoney(multiply(price, 2.5))).toBe('0.838');
    expect(moneyError(() => multiply(price, 'abc')).code).toBe('invalid_decimal');
  });

  it('takes percentages with half-away-from-zero rounding', () => {
    expect(formatMoney(percentOf(parseMoney('1.005', 'JOD'), '16'))).toBe('0.161');
    expect(percentOf(jod(5), '10').amount).toBe(1); // 0.5 fils → 1
    expect(percentOf(jod(-5), '10').amount).toBe(-1);
    expect(percentOf(jod(4), '10').amount).toBe(0);
    expect(percentOf(jod(1000), '7.5').amount).toBe(75);
  });

  it('property: addition is commutative and associative, with zero as identity', () => {
    fc.assert(
      fc.property(currencyArb.chain((c) => fc.tuple(moneyArb(c), moneyArb(c), moneyArb(c))), ([a, b, c]) => {
        expect(add(a, b)).toEqual(add(b, a));
        expect(add(add(a, b), c)).toEqual(add(a, add(b, c)));
        expect(add(a, zero(a.currency))).toEqual(a);
        expect(subtract(add(a, b), b)).toEqual(a);
        expect(isZero(add(a, negate(a)))).toBe(true);
      }),
    );
  });

  it('property: multiply is within half a minor unit of the exact product, or refuses to overflow', () => {
    fc.assert(
      fc.property(moneyArb(), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }), (money, coefficient, scale) => {
        const factor = (coefficient / 10 ** scale).toFixed(scale);
        const exactTimesDenominator = BigInt(money.amount) * BigInt(coefficient);
        const denominator = 10n ** BigInt(scale);
        const magnitude = exactTimesDenominator < 0n ? -exactTimesDenominator : exactTimesDenominator;
        const roundedMagnitude = magnitude / denominator + (2n * (magnitude % denominator) >= denominator ? 1n : 0n);
        if (roundedMagnitude > BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(moneyError(() => multiply(money, factor)).code).toBe('overflow');
          return;
        }

        const result = multiply(money, factor);

        expectSafeInteger(result);
        const error = BigInt(result.amount) * denominator - exactTimesDenominator;
        expect(2n * (error < 0n ? -error : error) <= denominator).toBe(true);
      }),
    );
  });
});

describe('allocate', () => {
  it('gives the leftover minor units to the largest remainders, earlier parts first', () => {
    const parts = (total: Money, ratios: (string | number)[]) => allocate(total, ratios).map((m) => m.amount);

    expect(parts(jod(100), [1, 1, 1])).toEqual([34, 33, 33]);
    expect(parts(jod(-100), [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(parts(jod(5), [1, 0, 1])).toEqual([3, 0, 2]);
    expect(parts(jod(1000), ['0.5', '0.25', '0.25'])).toEqual([500, 250, 250]);
    expect(parts(jod(10), ['1', '2', '3.5'])).toEqual([2, 3, 5]);
    expect(parts(jod(0), [1, 2])).toEqual([0, 0]);
    expect(allocate(jod(7), [1])[0]).toEqual(jod(7));
  });

  it('refuses ratios that cannot split anything', () => {
    expect(moneyError(() => allocate(jod(100), [])).code).toBe('invalid_ratios');
    expect(moneyError(() => allocate(jod(100), [0, 0])).code).toBe('invalid_ratios');
    expect(moneyError(() => allocate(jod(100), [1, -1])).code).toBe('invalid_ratios');
    expect(moneyError(() => allocate(jod(100), ['x'])).code).toBe('invalid_decimal');
  });

  const ratiosArb = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }).filter((r) => r.some((x) => x > 0));

  it('property: parts add up to the total exactly and each is within one unit of its exact share', () => {
    fc.assert(
      fc.property(moneyArb(), ratiosArb, (total, ratios) => {
        const parts = allocate(total, ratios);

        expect(parts).toHaveLength(ratios.length);
        expect(sum(parts, total.currency)).toEqual(total);
        const totalWeight = BigInt(ratios.reduce((a, b) => a + b, 0));
        parts.forEach((part, index) => {
          expectSafeInteger(part);
          expect(part.currency).toBe(total.currency);
          const distance = BigInt(part.amount) * totalWeight - BigInt(total.amount) * BigInt(ratios[index] as number);
          expect((distance < 0n ? -distance : distance) < totalWeight).toBe(true);
          if (ratios[index] === 0) expect(part.amount).toBe(0);
        });
      }),
    );
  });

  it('property: equal ratios give parts that differ by at most one minor unit, largest first', () => {
    fc.assert(
      fc.property(moneyArb(), fc.integer({ min: 1, max: 50 }), (total, count) => {
        const amounts = allocate(total, Array(count).fill('1')).map((m) => m.amount);

        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        const magnitudes = amounts.map(Math.abs);
        expect([...magnitudes].sort((a, b) => b - a)).toEqual(magnitudes);
      }),
    );
  });

  it('property: allocating a negative total mirrors allocating the positive one', () => {
    fc.assert(
      fc.property(moneyArb(), ratiosArb, (total, ratios) => {
        expect(allocate(negate(total), ratios)).toEqual(allocate(total, ratios).map(negate));
      }),
    );
  });
});
