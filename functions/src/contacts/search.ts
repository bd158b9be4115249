/**
 * Search keys for contacts. DynamoDB has no case-insensitive or substring query, so every contact
 * writes its normalized terms as items (db/contact.ts ContactSearchKey) and a search is a
 * `begins_with` Query on the normalized prefix.
 *
 * Normalization is shared/src/search.ts `normalizeForSearch` (Arabic spelling variants, diacritics,
 * tatweel, case, digits). The same function builds the sort key of lists, so "ahmad" and "Ahmad"
 * sort together.
 */

import { normalizeForSearch } from '@daftar/shared/search';

/** DynamoDB key parts stay short; longer text is cut (a prefix search never needs more). */
const MAX_TERM_LENGTH = 80;
/** Word-starts indexed per name: enough for long trading names, bounded for the transaction size. */
const MAX_WORD_STARTS = 6;

/** One normalizer for every search in Daftar (shared/src/search.ts); kept under this name for the contact code. */
export const normalizeText = normalizeForSearch;

/** The sort key of a name. */
export const nameKey = (name: string) => normalizeText(name).slice(0, 200) || '-';

/**
 * A phone's digits in the forms people type: as written, and for Jordanian numbers both the local
 * (07…) and the international (9627…) form, so "0795", "+96279" and "96279" all find +962 79 5….
 */
export function phoneForms(phone: string): string[] {
  let digits = phone.replace(/\D/g, '');
  if (!digits) return [];
  if (digits.startsWith('00')) digits = digits.slice(2);
  const forms = new Set([digits]);
  if (digits.startsWith('962')) forms.add(`0${digits.slice(3)}`);
  else if (digits.startsWith('0')) forms.add(`962${digits.slice(1)}`);
  return [...forms];
}

/** Every suffix of the name that starts at a word: "al noor trading" → itself, "noor trading", "trading". */
function wordStarts(name: string): string[] {
  const normalized = normalizeText(name);
  if (!normalized) return [];
  const words = normalized.split(' ');
  return words.slice(0, MAX_WORD_STARTS).map((_, i) => words.slice(i).join(' '));
}

export interface SearchableContact {
  name: string;
  name_ar?: string | null;
  email?: string | null;
  phone?: string | null;
  tax_number?: string | null;
}

/** The distinct search terms of a contact. */
export function searchTerms(contact: SearchableContact): string[] {
  const terms = new Set<string>();
  const add = (term: string) => {
    const cut = term.slice(0, MAX_TERM_LENGTH).trim();
    if (cut) terms.add(cut);
  };
  wordStarts(contact.name).forEach(add);
  if (contact.name_ar) wordStarts(contact.name_ar).forEach(add);
  if (contact.email) add(normalizeText(contact.email));
  if (contact.phone) phoneForms(contact.phone).forEach(add);
  if (contact.tax_number) add(contact.tax_number);
  return [...terms];
}

/**
 * The prefixes a search text is looked up by: the normalized text, and, when it looks like a phone
 * number, its digits (so "+962 79" finds 96279…).
 */
export function searchPrefixes(search: string): string[] {
  const prefixes = new Set<string>();
  const text = normalizeText(search).slice(0, MAX_TERM_LENGTH);
  if (text) prefixes.add(text);
  if (/^[+\d\s().-]+$/.test(search) && /\d/.test(search)) {
    let digits = search.replace(/\D/g, '');
    if (digits.startsWith('00')) digits = digits.slice(2);
    if (digits) prefixes.add(digits.slice(0, MAX_TERM_LENGTH));
  }
  return [...prefixes];
}
