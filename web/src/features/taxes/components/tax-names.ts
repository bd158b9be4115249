import type { Language } from '../../../lib/i18n';

/** The tax's name in the reader's language (the Arabic name when there is one). */
export const taxName = (tax: { name: string; name_ar: string | null }, language: Language) => (language === 'ar' && tax.name_ar ? tax.name_ar : tax.name);
