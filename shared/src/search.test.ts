import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch, searchText, searchWords } from './search.js';

describe('normalizeForSearch', () => {
  it('folds the alef forms, final yaa, taa marbuta and hamza seats', () => {
    expect(normalizeForSearch('أحمد إبراهيم آمال ٱلله')).toBe('احمد ابراهيم امال الله');
    expect(normalizeForSearch('عربى')).toBe('عربي');
    expect(normalizeForSearch('كعكة')).toBe('كعكه');
    expect(normalizeForSearch('مؤسسة')).toBe('موسسه');
    expect(normalizeForSearch('رئيس')).toBe('رييس');
  });

  it('drops tashkeel, the superscript alef and tatweel', () => {
    expect(normalizeForSearch('خُبْزٌ عَرَبِيّ')).toBe('خبز عربي');
    expect(normalizeForSearch('هٰذا')).toBe('هذا');
    expect(normalizeForSearch('عـــربي')).toBe('عربي');
  });

  it('lower-cases Latin text, removes accents, turns Arabic-Indic digits Latin and collapses spaces', () => {
    expect(normalizeForSearch('  Café   CRÈME ')).toBe('cafe creme');
    expect(normalizeForSearch('٦٢٥١٢٣')).toBe('625123');
    expect(normalizeForSearch('۱۲۳')).toBe('123');
    expect(normalizeForSearch('a#b')).toBe('a b');
    expect(normalizeForSearch('')).toBe('');
  });
});

describe('searchText and matchesSearch', () => {
  const stored = searchText(['Arabic bread', 'خبز عربي', 'BRD-001', null, '6251234567898']);

  it('stores the normalized parts, skipping empty ones', () => {
    expect(stored).toBe('arabic bread خبز عربي brd-001 6251234567898');
  });

  it('matches when every word of the term is contained, in any order and spelling', () => {
    expect(matchesSearch(stored, 'خبز')).toBe(true);
    expect(matchesSearch(stored, 'عربى')).toBe(true);
    expect(matchesSearch(stored, 'عَرَبِي خُبز')).toBe(true);
    expect(matchesSearch(stored, 'brd-00')).toBe(true);
    expect(matchesSearch(stored, '٦٢٥١٢٣')).toBe(true);
    expect(matchesSearch(stored, 'BREAD arabic')).toBe(true);
    expect(matchesSearch(stored, 'خبز فرنسي')).toBe(false);
    expect(matchesSearch(stored, '   ')).toBe(true);
  });

  it('gives each word of a term once', () => {
    expect(searchWords('خبز  خبز عربى')).toEqual(['خبز', 'عربي']);
  });
});
