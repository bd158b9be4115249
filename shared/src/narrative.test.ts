import { describe, expect, it } from 'vitest';
import { NARRATIVES, TERMS, narrate, inEnglish } from './narrative.js';

const ARABIC = /[\u0600-\u06FF]/;

describe('narratives', () => {
  it('has every message in English and Arabic, with the same placeholders in both', () => {
    for (const [key, template] of Object.entries(NARRATIVES)) {
      expect(template.en.trim(), key).not.toBe('');
      expect(template.ar, key).toMatch(ARABIC);
      const names = (text: string) => [...text.matchAll(/\{(\w+(?::term)?)\}/g)].map((m) => m[1]).sort();
      expect(names(template.ar), key).toEqual(names(template.en));
    }
    for (const [value, term] of Object.entries(TERMS)) expect(term.ar, value).toMatch(ARABIC);
  });

  it('inserts values as they are, translates terms, and isolates inserted values in Arabic', () => {
    const n = { key: 'audit.document.status', params: { kind: 'invoice', number: 'INV-000001', from: 'draft', to: 'confirmed' } } as const;
    expect(inEnglish(n)).toBe('Status of invoice INV-000001: draft → confirmed');
    expect(narrate(n, 'ar')).toBe('حالة فاتورة \u2068INV-000001\u2069: من مسودة إلى مؤكدة');
  });

  it('answers null for a key it does not know, so the stored English text is shown', () => {
    expect(narrate({ key: 'no.such.key' }, 'ar')).toBeNull();
    expect(narrate(null, 'en')).toBeNull();
  });

  it('drops a missing value without leaving double spaces', () => {
    expect(narrate({ key: 'ledger.reversal', params: {} }, 'en')).toBe('Reversal of');
  });
});
