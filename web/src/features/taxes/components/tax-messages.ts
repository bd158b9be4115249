import { useTranslation } from 'react-i18next';
import { translateIssue } from '../../../lib/form-errors';

/** What a message about a tax field depends on: the field, the issue's code, the tax as the form has it. */
export interface TaxIssue {
  /** Dotted path (`rate`), or a 422 entry's `loc` without `body`. */
  path: string;
  /** zod's issue code, or a 422 entry's `type` (`custom` for the shared tax rules). */
  code?: string;
  message: string;
}

export interface TaxState {
  tax_category: string;
  special_tax_type: string;
  rate: string;
  special_tax_amount?: string;
}

/** A rate the rules can read (0–100, at most 4 decimals): its problem is then a rule, not its form. */
const READABLE_RATE = /^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/;
const READABLE_AMOUNT = /^\d+(\.\d{1,9})?$/;

/**
 * The shared tax rules (shared/src/schemas/taxes `taxRuleIssues`) and the API name the field and
 * give code `custom`; which rule it is follows from the tax itself (its category and type), so a
 * message is chosen by field, code and the form's values, never by the English text.
 */
export function useTaxMessages() {
  const { t } = useTranslation();
  return (issue: TaxIssue, tax?: TaxState): string => {
    const rule = issue.code === 'custom' || issue.code === 'value_error';
    const special = tax?.tax_category === 'special';
    switch (issue.path) {
      case 'rate':
        if (rule && tax && READABLE_RATE.test(tax.rate.trim())) {
          if (tax.tax_category === 'standard') return t('taxes.errors.standardRate');
          if (!special) return t('taxes.errors.zeroRate');
          return tax.special_tax_type === 'fixed' ? t('taxes.errors.specialAmountNotRate') : t('taxes.errors.specialRate');
        }
        return t('taxes.errors.rate');
      case 'special_tax_amount':
        if (rule && tax && special && tax.special_tax_type === 'percent') return t('taxes.errors.specialRateNotAmount');
        if (rule && tax && special && (!tax.special_tax_amount?.trim() || READABLE_AMOUNT.test(tax.special_tax_amount.trim()))) return t('taxes.errors.specialAmount');
        return t('taxes.errors.amount');
      case 'special_tax_type':
        return t('taxes.errors.specialType');
      case 'is_default':
        return special ? t('taxes.errors.specialDefault') : t('taxes.errors.inactiveDefault');
      case 'code':
        return t('taxes.errors.code');
      case 'gst_registration_number':
        return t('taxes.errors.gstNumber');
      default:
        return translateIssue(issue);
    }
  };
}
