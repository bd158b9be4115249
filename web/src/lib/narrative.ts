import { useTranslation } from 'react-i18next';
import { narrate, type NarrativeParams } from '@daftar/shared/narrative';
import { currentLanguage } from './i18n';

type StoredNarrative = { key: string; params?: NarrativeParams | null } | null | undefined;

/**
 * What the server says happened (a journal memo, an audit summary), in the reader's language:
 * the stored narrative rendered with the shared catalogue, or — for records written before
 * narratives, or by a newer server — the English text stored beside it.
 */
export function useNarrate() {
  useTranslation(); // re-renders the caller when the language changes
  const language = currentLanguage();
  return (narrative: StoredNarrative, english: string | null | undefined): string => narrate(narrative, language) ?? english ?? '';
}
