import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from './i18n';

/**
 * Names kept in two languages (contacts, organizations, accounts, categories): `name` is the one
 * every record has, `name_ar` the optional Arabic one. An Arabic reader sees the Arabic name when
 * there is one; everyone else, and records without it, keep `name`.
 */
export interface BilingualName {
  name: string;
  name_ar?: string | null;
}

/** A blank Arabic name (old records, '' from a form) counts as none. */
const arabicOf = (nameAr: string | null | undefined) => (nameAr?.trim() ? nameAr : null);

/** The name in `language`: the Arabic name for an Arabic reader when there is one, else `name`. */
export function displayName(name: string, nameAr: string | null | undefined, language: Language): string {
  return language === 'ar' ? (arabicOf(nameAr) ?? name) : name;
}

/** The same for a record with `name` and `name_ar`. */
export const localName = (item: BilingualName, language: Language) => displayName(item.name, item.name_ar, language);

/** The other language's name, to show beside the first when it says something more; null when not. */
export function otherName(item: BilingualName, language: Language): { text: string; lang: Language } | null {
  const arabic = arabicOf(item.name_ar);
  if (!arabic || arabic === item.name) return null;
  return language === 'ar' ? { text: item.name, lang: 'en' } : { text: arabic, lang: 'ar' };
}

/**
 * `(name, nameAr) => string` in the reader's language. A hook so that the component re-renders
 * when the language changes (react-i18next subscribes it), not only on its next unrelated render.
 */
export function useDisplayName(): (name: string, nameAr?: string | null) => string {
  useTranslation();
  const language = currentLanguage();
  return useCallback((name: string, nameAr?: string | null) => displayName(name, nameAr, language), [language]);
}

/**
 * Names by id in the reader's language, for lists whose rows carry only a contact id and read the
 * names from the contacts' short list. `search` holds both names of each, so that a search finds
 * a contact by either.
 */
export function useNamesById(items: readonly (BilingualName & { id: string })[] | undefined) {
  const name = useDisplayName();
  return useMemo(() => {
    const shown = new Map<string, string>();
    const search = new Map<string, string[]>();
    for (const item of items ?? []) {
      shown.set(item.id, name(item.name, item.name_ar));
      search.set(item.id, [item.name, item.name_ar ?? ''].filter(Boolean));
    }
    return { get: (id: string) => shown.get(id), searchTexts: (id: string) => search.get(id) ?? [] };
  }, [items, name]);
}
