import type { TaxOption } from '@daftar/shared/schemas/taxes';
import type { Language } from '../../lib/i18n';
import type { LineSpecialTaxOption, LineTaxOption } from '../document-lines-editor';

export const taxName = (tax: Pick<TaxOption, 'name' | 'name_ar'>, language: Language) => (language === 'ar' && tax.name_ar ? tax.name_ar : tax.name);

/** Whether a name already shows this rate ("General sales tax 16% (standard)" shows 16, not 6 or 1). */
const namesRate = (name: string, rate: string) => new RegExp(`(^|[^\\d.])${rate.replace(/\./g, '\\.')}\\s?[%٪]`).test(name);

/**
 * A tax as a picker shows it: its name and its rate once, "General sales tax (standard rate) (16%)".
 * Taxes named before the Jordan GST setup dropped the rate from its names (issue 12) keep their
 * name, "General sales tax 16% (standard)", which is shown without the rate again.
 */
export const taxLabel = (tax: Pick<TaxOption, 'name' | 'name_ar'>, language: Language, rate: string) => {
  const name = taxName(tax, language);
  return namesRate(name, rate) ? name : `${name} (${rate}%)`;
};

/** Active general taxes: what a line may carry as its tax (special taxes have their own picker on sales lines). */
export function lineTaxOptions(taxes: readonly TaxOption[], language: Language): LineTaxOption[] {
  return taxes
    .filter((tax) => tax.is_active && tax.tax_category !== 'special')
    .map((tax) => ({
      id: tax.id,
      label: taxLabel(tax, language, tax.rate),
      rate: tax.rate,
      category: tax.tax_category as LineTaxOption['category'],
    }));
}

/**
 * Active special sales taxes: what a sales line may carry on top of its general tax. Empty when the
 * organization has none, and then the editor shows no special tax column.
 */
export function lineSpecialTaxOptions(taxes: readonly TaxOption[], language: Language): LineSpecialTaxOption[] {
  return taxes
    .filter((tax) => tax.is_active && tax.tax_category === 'special')
    .map((tax) => {
      const fixed = tax.special_tax_type === 'fixed';
      return {
        id: tax.id,
        label: `${taxName(tax, language)} (${fixed ? (tax.special_tax_amount ?? '0') : `${tax.rate}%`})`,
        terms: fixed ? { type: 'fixed' as const, amount_per_unit: tax.special_tax_amount ?? '0' } : { type: 'percent' as const, percent: tax.rate },
      };
    });
}
