/**
 * Text normalization for search and for name-ordered keys, shared by the server (stored keys,
 * filters) and the web (highlighting, local pickers), so both agree on what matches.
 *
 * Arabic is written with many interchangeable spellings: alef with or without hamza or madda
 * (أ إ آ ٱ ا), final yaa with or without dots (ى ي), taa marbuta or haa (ة ه), hamza on waw or yaa
 * (ؤ ئ), optional diacritics (tashkeel) and tatweel (ـ) stretching. A shopper typing «عربى» means
 * «عربي»; «كعكه» means «كعكة». Everything is folded to one form; Latin text is lower-cased and its
 * accents removed; Arabic-Indic digits become Latin digits (a barcode typed on an Arabic keyboard).
 * `#` is a key separator in DynamoDB sort keys and becomes a space.
 */

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

export function normalizeForSearch(text: string): string {
  return (
    text
      // NFKD splits precomposed letters (é, and أ إ آ ؤ ئ into a base letter plus a hamza or madda
      // mark), so removing marks afterwards covers Latin accents and Arabic harakat alike.
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\u064B-\u065F\u0670]/g, '')
      .replace(/\u0640/g, '')
      .replace(/[أإآٱ]/g, 'ا')
      .replace(/ى/g, 'ي')
      .replace(/ة/g, 'ه')
      .replace(/ؤ/g, 'و')
      .replace(/ئ/g, 'ي')
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - EXTENDED_ARABIC_INDIC_ZERO))
      .replace(/#/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The stored search text of a record: its searchable parts, normalized, one space apart. */
export function searchText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .map(normalizeForSearch)
    .filter(Boolean)
    .join(' ');
}

/** The words of a search as typed, normalized (what every match must contain). */
export const searchWords = (term: string): string[] => {
  const normalized = normalizeForSearch(term);
  return normalized ? [...new Set(normalized.split(' '))] : [];
};

/** Whether `stored` (a `searchText`) contains every word of `term`; an empty term matches everything. */
export function matchesSearch(stored: string, term: string): boolean {
  return searchWords(term).every((word) => stored.includes(word));
}
