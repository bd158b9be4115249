import { describe, expect, it } from 'vitest';
import { nameKey, normalizeText, phoneForms, searchPrefixes, searchTerms } from './search.js';

describe('contact search keys', () => {
  it('normalizes case, accents and Arabic spelling variants alike', () => {
    expect(normalizeText('  Café   ÉCLAIR ')).toBe('cafe eclair');
    // Hamza forms of alef, harakat, tatweel, alef maqsura and ta marbuta.
    expect(normalizeText('أحْمَد')).toBe(normalizeText('احمد'));
    expect(normalizeText('إبراهيم')).toBe('ابراهيم');
    expect(normalizeText('مـكتبة')).toBe(normalizeText('مكتبه'));
    expect(normalizeText('مصطفى')).toBe('مصطفي');
    expect(nameKey('Zaid')).toBe('zaid');
    expect(nameKey('###')).toBe('-');
  });

  it('gives Jordanian phone numbers in local and international form', () => {
    expect(phoneForms('+962 79 555 1234').sort()).toEqual(['0795551234', '962795551234']);
    expect(phoneForms('079-555-1234').sort()).toEqual(['0795551234', '962795551234']);
    expect(phoneForms('00962795551234').sort()).toEqual(['0795551234', '962795551234']);
    expect(phoneForms('+44 20 7946 0000')).toEqual(['442079460000']);
  });

  it('indexes every word-start of the names, the e-mail, the phone forms and the tax number', () => {
    const terms = searchTerms({ name: 'Al Noor Trading', name_ar: 'شركة النور', email: 'Sales@Noor.JO', phone: '0795551234', tax_number: '12345678' });
    expect(terms).toEqual(
      expect.arrayContaining(['al noor trading', 'noor trading', 'trading', 'شركه النور', 'النور', 'sales@noor.jo', '0795551234', '962795551234', '12345678']),
    );
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('looks a phone-like search up by its digits as well', () => {
    expect(searchPrefixes('+962 79')).toEqual(['+962 79', '96279']);
    expect(searchPrefixes('0795')).toEqual(['0795']);
    expect(searchPrefixes('Noor')).toEqual(['noor']);
    expect(searchPrefixes('   ')).toEqual([]);
  });
});
