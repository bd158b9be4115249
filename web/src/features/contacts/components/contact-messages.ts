import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/** The shared contact rules' messages (English) by meaning, in the reader's language. */
const RULES: Record<string, string> = {
  'Tax number must be 7 to 15 digits': 'taxNumber',
  'National ID must be 10 digits': 'nationalId',
  'Personal number must be 3 to 20 letters or digits': 'personalNumber',
  'Postal code must be 5 digits': 'postalCode',
  'Phone must be digits, optionally with +, spaces or dashes': 'phone',
  'Phone must have 4 to 15 digits': 'phone',
};

export function useContactMessages() {
  const { t } = useTranslation();
  return (message: string, path: string): string => {
    const rule = RULES[message];
    if (rule) return t(`contacts.errors.${rule}`);
    if (/^Scheme \w+ needs /.test(message)) return t('contacts.errors.schemeNeedsId');
    if (message.startsWith('A contact with tax number')) return t('contacts.errors.duplicateTaxNumber');
    if (path === 'payment_terms_days') return t('contacts.errors.paymentTerms');
    if (path === 'credit_limit') return t('contacts.errors.creditLimit');
    return translateValidationMessage(message);
  };
}
