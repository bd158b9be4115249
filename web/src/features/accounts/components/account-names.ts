import type { Language } from '../../../lib/i18n';

interface Named {
  name: string;
  name_ar: string | null;
}

/** The account's name in the reader's language (the Arabic name when there is one). */
export const accountName = (account: Named, language: Language) => (language === 'ar' && account.name_ar ? account.name_ar : account.name);

/** The other language's name, shown beside the first for bilingual books; null when there is none. */
export function otherName(account: Named, language: Language): { text: string; lang: Language } | null {
  if (language === 'ar') return account.name_ar && account.name !== account.name_ar ? { text: account.name, lang: 'en' } : null;
  return account.name_ar ? { text: account.name_ar, lang: 'ar' } : null;
}
