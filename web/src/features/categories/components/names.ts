import type { Language } from '../../../lib/i18n';

/** A name in the reader's language: the Arabic name when there is one and the reader reads Arabic. */
export const localName = (item: { name: string; name_ar?: string | null }, language: Language) =>
  language === 'ar' && item.name_ar ? item.name_ar : item.name;

/** The other language's name, shown beside the first when it differs. */
export const otherName = (item: { name: string; name_ar?: string | null }, language: Language) => {
  const other = language === 'ar' ? item.name : item.name_ar;
  return other && other !== localName(item, language) ? other : null;
};
