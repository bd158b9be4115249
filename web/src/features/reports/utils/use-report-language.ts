import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../../lib/i18n';

/** Reports are laid out by the server in the reader's language (the `lang` of the report calls). */
export function useReportLanguage(): Language {
  const { i18n } = useTranslation();
  const short = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return isLanguage(short) ? short : 'en';
}
