import { describe, expect, it } from 'vitest';
import { bankAccountCreate, bankIban, bankingLatinDigits, ibanChecksumValid, ibanProblem, isValidIban, normalizeIban } from './banking.js';

describe('IBANs', () => {
  it('accepts Jordanian IBANs written with spaces, lower case or Arabic-Indic digits', () => {
    expect(bankIban.parse('JO94 CBJO 0010 0000 0000 0131 0003 02')).toBe('JO94CBJO0010000000000131000302');
    expect(bankIban.parse('jo30arab1230000000123456789012')).toBe('JO30ARAB1230000000123456789012');
    expect(normalizeIban('JO٣٠ARAB١٢٣٠٠٠٠٠٠٠١٢٣٤٥٦٧٨٩٠١٢')).toBe('JO30ARAB1230000000123456789012');
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
  });

  it('refuses a wrong length, layout or check digits, saying which', () => {
    expect(ibanProblem('JO94CBJO001000000000013100030')).toBe('A Jordanian IBAN has 30 characters, this one has 29');
    expect(ibanProblem('JO94CB1O0010000000000131000302')).toMatch(/4-letter bank code/);
    expect(ibanProblem('JO95CBJO0010000000000131000302')).toMatch(/check digits do not match/);
    expect(ibanProblem('12ABC')).toMatch(/2-letter country code/);
    expect(bankIban.safeParse('JO94CBJO0010000000000131000303').success).toBe(false);
  });

  it('detects every single-character typing mistake in a Jordanian IBAN', () => {
    const iban = 'JO30ARAB1230000000123456789012';
    for (let i = 4; i < iban.length; i++) {
      const wrong = iban.slice(0, i) + (/\d/.test(iban[i]!) ? String((Number(iban[i]) + 1) % 10) : iban[i] === 'Z' ? 'A' : String.fromCharCode(iban.charCodeAt(i) + 1)) + iban.slice(i + 1);
      expect(ibanChecksumValid(wrong), wrong).toBe(false);
    }
  });
});

describe('bank account input', () => {
  it('reads Arabic-Indic digits and separators', () => {
    expect(bankingLatinDigits('١٬٢٣٤٫٥ ۷۸۹')).toBe('1,234.5 789');
  });

  it('needs the date of a non-zero opening balance, and lets "" clear optional fields', () => {
    const base = { name: 'Operating', bank_name: 'Arab Bank', account_id: 'a1' };
    expect(bankAccountCreate.safeParse({ ...base, opening_balance: '-25.5' }).success).toBe(false);
    expect(bankAccountCreate.safeParse({ ...base, opening_balance: '0' }).success).toBe(true);
    expect(bankAccountCreate.parse({ ...base, iban: '', account_number: '' })).toMatchObject({ iban: null, account_number: null, is_active: true });
    expect(bankAccountCreate.safeParse({ ...base, extra: 1 }).success).toBe(false);
  });
});
