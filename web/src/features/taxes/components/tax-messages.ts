import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/** The shared tax rules' messages (English) by meaning, in the reader's language. */
const RULES: Record<string, string> = {
  'A standard tax needs a rate above 0%': 'standardRate',
  'An exempt tax has a 0% rate': 'zeroRate',
  'A zero-rated tax has a 0% rate': 'zeroRate',
  'A special tax is of type fixed or percent': 'specialType',
  'A percent special tax needs a rate above 0%': 'specialRate',
  'A percent special tax has a rate, not an amount': 'specialRateNotAmount',
  'A fixed special tax needs an amount per unit above 0': 'specialAmount',
  'A fixed special tax has an amount per unit, not a rate': 'specialAmountNotRate',
  'A special tax cannot be the default tax': 'specialDefault',
  'An inactive tax cannot be the default tax': 'inactiveDefault',
  'GST registration number must be 7 to 10 digits': 'gstNumber',
};

export function useTaxMessages() {
  const { t } = useTranslation();
  return (message: string, path: string): string => {
    const rule = RULES[message];
    if (rule) return t(`taxes.errors.${rule}`);
    if (message.startsWith('A tax with code')) return t('taxes.errors.duplicateCode');
    if (path === 'code') return t('taxes.errors.code');
    if (path === 'rate') return t('taxes.errors.rate');
    if (path === 'special_tax_amount') return t('taxes.errors.amount');
    return translateValidationMessage(message);
  };
}
