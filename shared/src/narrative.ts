/**
 * What the server says happened, in the reader's language.
 *
 * Journal memos, posting-line descriptions and audit summaries used to be English sentences
 * written once, on the server ("Invoice INV-000001 tax"), so an Arabic reader saw English in the
 * journal, the ledger, the audit log and the home page's recent activity. Now the server stores a
 * narrative — a message key and the values it names — beside the English text it keeps for API
 * clients, exports and old records, and every screen renders the narrative in its own language
 * with the same catalogue the server used (shared, so the two cannot drift).
 *
 * Templates name their values in braces: `{number}` inserts a value as it is (a document number, a
 * name someone typed, an amount); `{status:term}` translates a value from TERMS (statuses,
 * document kinds, roles), falling back to the value itself. A value `{name}` with a `name_ar`
 * beside it in the params (a contact's Arabic name) is shown in that form in Arabic. In Arabic every inserted value is
 * wrapped in first-strong isolates (U+2068 … U+2069) so a Latin number or name keeps its own
 * direction inside the Arabic sentence ("فاتورة ⁨INV-000001⁩ مؤكدة") instead of reordering it.
 */
import { NARRATIVES, type NarrativeKey } from './narratives/index.js';
import { TERMS } from './narratives/terms.js';

export type NarrativeLanguage = 'en' | 'ar';
export type NarrativeParams = Record<string, string | number | null | undefined>;

/** A stored narrative: which message, and the values it names. */
export interface Narrative {
  key: NarrativeKey;
  params?: NarrativeParams;
}

export type { NarrativeKey };
export { NARRATIVES, TERMS };

const FSI = '\u2068';
const PDI = '\u2069';
const PLACEHOLDER = /\{(\w+)(?::(term))?\}/g;

export function isNarrativeKey(key: unknown): key is NarrativeKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(NARRATIVES, key);
}

/** One term (a status, a document kind) in a language, or the value itself when it is not one. */
export function termOf(value: string, language: NarrativeLanguage): string {
  const term = (TERMS as Record<string, { en: string; ar: string } | undefined>)[value];
  return term ? term[language] : value;
}

/**
 * The narrative as a sentence in `language`. Unknown keys (a record written by a newer server,
 * or corrupted) answer null so the caller shows the stored English text instead.
 */
export function narrate(narrative: { key: string; params?: NarrativeParams | null } | null | undefined, language: NarrativeLanguage): string | null {
  if (!narrative || !isNarrativeKey(narrative.key)) return null;
  const template = NARRATIVES[narrative.key][language];
  const params = narrative.params ?? {};
  return template.replace(PLACEHOLDER, (_, name: string, kind?: string) => {
    // A value with an Arabic form beside it (`contact` and `contact_ar`: a name written in both
    // scripts) reads in Arabic in an Arabic sentence.
    const arabic = language === 'ar' ? params[`${name}_ar`] : undefined;
    const raw = arabic !== null && arabic !== undefined && arabic !== '' ? arabic : params[name];
    if (raw === null || raw === undefined || raw === '') return '';
    const text = kind === 'term' ? termOf(String(raw), language) : String(raw);
    return language === 'ar' && kind !== 'term' ? `${FSI}${text}${PDI}` : text;
  }).replace(/\s{2,}/g, ' ').trim();
}

/** The English sentence the server stores beside the narrative (API clients, exports, old readers). */
export const inEnglish = (narrative: Narrative) => narrate(narrative, 'en')!;

/** A narrative as stored and answered: its values without the undefined ones (DynamoDB and JSON drop them anyway). */
export interface StoredNarrative {
  key: string;
  params: Record<string, string | number | null>;
}
export function storedNarrative(narrative: Narrative): StoredNarrative {
  const params: Record<string, string | number | null> = {};
  for (const [name, value] of Object.entries(narrative.params ?? {})) if (value !== undefined) params[name] = value;
  return { key: narrative.key, params };
}
