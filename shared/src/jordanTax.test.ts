import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JORDAN_GST_RATES,
  JORDAN_GST_SETUP_RATES,
  JORDAN_SPECIAL_SALES_TAX,
  JORDAN_STANDARD_GST_RATE,
  findJordanGstRate,
  gstPeriodFor,
  jofotaraTaxCategory,
  jordanGstRateByCode,
} from './jordanTax.js';
import { calculateLineTax } from './tax.js';

describe('Jordan GST rate set', () => {
  it('holds 16% standard, the reduced rates JoFotara accepts, zero-rated and exempt', () => {
    const rates = JORDAN_GST_RATES.map((rate) => `${rate.rate}/${rate.category}`);

    expect(rates).toEqual([
      '16/standard',
      '10/standard',
      '8/standard',
      '7/standard',
      '5/standard',
      '4/standard',
      '3/standard',
      '2/standard',
      '1/standard',
      '0/zero_rated',
      '0/exempt',
    ]);
    expect(JORDAN_STANDARD_GST_RATE).toBe('16');
  });

  it('maps positive rates to S, zero-rated to O and exempt to Z (JORDAN.md §1.3)', () => {
    const byCategory = Object.fromEntries(
      JORDAN_GST_RATES.map((rate) => [`${rate.category} ${rate.rate}`, rate.jofotara_category]),
    );

    expect(byCategory).toMatchObject({ 'standard 16': 'S', 'standard 1': 'S', 'zero_rated 0': 'O', 'exempt 0': 'Z' });
    for (const rate of JORDAN_GST_RATES) {
      expect(jofotaraTaxCategory(rate.category, rate.rate)).toBe(rate.jofotara_category);
    }
    expect(JORDAN_SPECIAL_SALES_TAX).toMatchObject({ jofotara_category: 'S', jofotara_tax_scheme: 'OTH' });
  });

  it('gives every rate a unique code and an English and an Arabic name', () => {
    const codes = JORDAN_GST_RATES.map((rate) => rate.code);

    expect(new Set(codes).size).toBe(codes.length);
    for (const rate of JORDAN_GST_RATES) {
      expect(rate.name_en).toMatch(/sales tax/i);
      expect(rate.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(jordanGstRateByCode(rate.code)).toBe(rate);
    }
    expect(jordanGstRateByCode('JO_GST_16')).toMatchObject({ name_en: 'General sales tax (standard rate)', name_ar: 'ضريبة المبيعات العامة (النسبة العامة)' });
    expect(jordanGstRateByCode('JO_GST_4')).toMatchObject({ name_en: 'General sales tax (reduced rate)', name_ar: 'ضريبة المبيعات العامة (نسبة مخفضة)' });
    expect(jordanGstRateByCode('JO_GST_EXEMPT')?.name_ar).toBe('معفى من ضريبة المبيعات العامة');
    expect(jordanGstRateByCode('JO_GST_6')).toBeUndefined();
  });

  it('names no rate in a name (screens show the rate beside it), in English or Arabic', () => {
    for (const rate of JORDAN_GST_RATES) {
      expect(rate.name_en).not.toMatch(/\d|%/);
      expect(rate.name_ar).not.toMatch(/[\d٠-٩%٪]/);
    }
  });

  it('sets up every rate but exempt: a line without a tax is the one exempt choice', () => {
    expect(JORDAN_GST_SETUP_RATES.map((rate) => rate.code)).toEqual(JORDAN_GST_RATES.filter((rate) => rate.code !== 'JO_GST_EXEMPT').map((rate) => rate.code));
    expect(JORDAN_GST_SETUP_RATES.some((rate) => rate.category === 'exempt')).toBe(false);
  });

  it('finds a rate by value and category, whatever the decimal spelling', () => {
    expect(findJordanGstRate('16.000', 'standard')?.code).toBe('JO_GST_16');
    expect(findJordanGstRate(7, 'standard')?.code).toBe('JO_GST_7');
    expect(findJordanGstRate('0', 'zero_rated')?.jofotara_category).toBe('O');
    expect(findJordanGstRate('0.00', 'exempt')?.jofotara_category).toBe('Z');
    expect(findJordanGstRate('6', 'standard')).toBeUndefined();
    expect(findJordanGstRate('16', 'exempt')).toBeUndefined();
    expect(findJordanGstRate('sixteen', 'standard')).toBeUndefined();
  });

  it('refuses a JoFotara category for a rate that contradicts it', () => {
    expect(() => jofotaraTaxCategory('standard', '0')).toThrow(RangeError);
    expect(() => jofotaraTaxCategory('exempt', '16')).toThrow(RangeError);
    expect(() => jofotaraTaxCategory('zero_rated', '0.5')).toThrow(RangeError);
  });

  it('computes a line at every Jordan rate through the tax module', () => {
    for (const rate of JORDAN_GST_RATES) {
      const result = calculateLineTax(
        { quantity: '1', unit_price: '100', tax_rate: rate.rate, tax_category: rate.category, price_includes_tax: false },
        'JOD',
      );

      expect(result.category).toBe(rate.category);
      expect(result.tax.amount).toBe(Number(rate.rate) * 1000); // r% of 100.000 JOD, in fils
    }
  });
});

describe('gstPeriodFor', () => {
  it('returns the two-month period of a date', () => {
    expect(gstPeriodFor('2025-01-15')).toEqual({
      start: '2025-01-01',
      end: '2025-02-28',
      label: 'January–February 2025',
      label_ar: 'كانون الثاني–شباط 2025',
    });
    expect(gstPeriodFor('2025-04-30')).toMatchObject({ start: '2025-03-01', end: '2025-04-30', label: 'March–April 2025' });
    expect(gstPeriodFor('2025-06-01')).toMatchObject({ start: '2025-05-01', end: '2025-06-30' });
    expect(gstPeriodFor('2025-07-31')).toMatchObject({ start: '2025-07-01', end: '2025-08-31' });
    expect(gstPeriodFor('2025-10-01')).toMatchObject({ start: '2025-09-01', end: '2025-10-31' });
    expect(gstPeriodFor('2025-12-31')).toEqual({
      start: '2025-11-01',
      end: '2025-12-31',
      label: 'November–December 2025',
      label_ar: 'تشرين الثاني–كانون الأول 2025',
    });
  });

  it('ends February on the 29th in leap years', () => {
    expect(gstPeriodFor('2024-02-29').end).toBe('2024-02-29');
    expect(gstPeriodFor('2000-01-01').end).toBe('2000-02-29');
    expect(gstPeriodFor('2100-01-01').end).toBe('2100-02-28');
  });

  it('places an instant on the Amman calendar', () => {
    // 22:30 UTC on 28 February is 01:30 on 1 March in Amman (UTC+3)
    expect(gstPeriodFor(new Date('2025-02-28T22:30:00Z')).start).toBe('2025-03-01');
    expect(gstPeriodFor(new Date('2025-02-28T20:59:00Z')).start).toBe('2025-01-01');
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-1-5', '15/01/2025', '', '2025-01-15T10:00:00Z']) {
      expect(() => gstPeriodFor(bad), bad).toThrow(RangeError);
    }
    expect(() => gstPeriodFor(new Date('nonsense'))).toThrow(RangeError);
  });

  it('property: every day lies in exactly one period, and periods tile the year', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (instant) => {
        const day = instant.toISOString().slice(0, 10);
        const period = gstPeriodFor(day);

        expect(period.start <= day && day <= period.end).toBe(true);
        const startMonth = Number(period.start.slice(5, 7));
        expect(startMonth % 2).toBe(1);
        expect(period.start.slice(8)).toBe('01');
        // the day after the period's end starts the next period
        const next = new Date(`${period.end}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        const nextDay = next.toISOString().slice(0, 10);
        expect(gstPeriodFor(nextDay).start).toBe(nextDay);
        expect(gstPeriodFor(period.start)).toEqual(period);
        expect(gstPeriodFor(period.end)).toEqual(period);
      }),
    );
  });
});
