import type { Language } from '../../../lib/i18n';

interface Named {
  name: string;
  name_ar: string | null;
}

/** The contact's name in the reader's language (the Arabic name when there is one). */
export const contactName = (contact: Named, language: Language) => (language === 'ar' && contact.name_ar ? contact.name_ar : contact.name);

/** The other language's name, shown beside the first; null when there is none. */
export function otherContactName(contact: Named, language: Language): { text: string; lang: Language } | null {
  if (language === 'ar') return contact.name_ar && contact.name_ar !== contact.name ? { text: contact.name, lang: 'en' } : null;
  return contact.name_ar ? { text: contact.name_ar, lang: 'ar' } : null;
}
