import type { TaxOption } from '@daftar/shared/schemas/taxes';
import type { Language } from '../../lib/i18n';
import type { LineTaxOption } from '../document-lines-editor';

export const taxName = (tax: Pick<TaxOption, 'name' | 'name_ar'>, language: Language) => (language === 'ar' && tax.name_ar ? tax.name_ar : tax.name);

/** Active general taxes: what a line may carry (special taxes are not offered on lines). */
export function lineTaxOptions(taxes: readonly TaxOption[], language: Language): LineTaxOption[] {
  return taxes
    .filter((tax) => tax.is_active && tax.tax_category !== 'special')
    .map((tax) => ({
      id: tax.id,
      label: `${taxName(tax, language)} (${tax.rate}%)`,
      rate: tax.rate,
      category: tax.tax_category as LineTaxOption['category'],
    }));
}
