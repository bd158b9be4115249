import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

describe('formatting for Jordan', () => {
  it('formats dinars with three decimals (fils), from the decimal string the API sends', () => {
    expect(formatMoney('1234.5', 'JOD', 'en')).toMatch(/1,234\.500/);
    expect(formatMoney('0.005', 'JOD', 'en')).toMatch(/0\.005/);
    expect(formatMoney('12345678901234.125', 'JOD', 'en')).toMatch(/12,345,678,901,234\.125/);
    expect(formatMoney('10', 'USD', 'en')).toMatch(/10\.00/);
  });

  it('uses Latin digits in Arabic', () => {
    const arabic = formatMoney('1234.5', 'JOD', 'ar');
    expect(arabic).toMatch(/1[,٬]?234[.٫]500/);
    expect(arabic).not.toMatch(/[٠-٩]/);
    expect(formatNumber(2025, 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatDate('2025-03-01', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('keeps an Arabic date left to right and its time, with ص or م, in the words around it', () => {
    const arabic = formatDateTime('2026-11-21T08:05:00Z', 'ar');
    // "⁦21/11/2026⁩، 10:05 ص": only the date in a left-to-right isolate, no right-to-left marks.
    expect(arabic).toMatch(/^\u2066[^\u2066-\u2069]*2026\u2069،\s\d{1,2}:05\s[صم]$/);
    expect(arabic).not.toMatch(/[\u200f٠-٩]/);
    expect(formatDateTime('2026-11-21T08:05:00Z', 'en')).not.toMatch(/[\u2066-\u2069]/);
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatDate('2025-01-01', 'en')).toMatch(/2025/);
    expect(formatDate('2025-01-01', 'en')).toMatch(/\b1\b/);
  });
});
