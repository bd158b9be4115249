import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/**
 * The shared banking schema and the server speak English. The forms' own checks have a known
 * meaning per field and are shown in the reader's language; a server's 422 may give a reason the
 * form cannot know (an inactive account, a closed period) and is shown as written unless known.
 */
export function useBankingMessages() {
  const { t } = useTranslation();
  const byMessage = (message: string): string | null => {
    const ibanLength = /^A Jordanian IBAN has 30 characters, this one has (\d+)$/.exec(message);
    if (ibanLength) return t('banking.errors.ibanLength', { length: ibanLength[1] });
    if (message.startsWith('A Jordanian IBAN is JO')) return t('banking.errors.ibanJordanLayout');
    if (message.startsWith('An IBAN is a 2-letter country code')) return t('banking.errors.ibanLayout');
    if (message.startsWith('The IBAN check digits do not match')) return t('banking.errors.ibanChecksum');
    switch (message) {
      case 'Name is required':
        return t('banking.errors.nameRequired');
      case 'Bank name is required':
        return t('banking.errors.bankNameRequired');
      case 'Description is required':
        return t('banking.errors.descriptionRequired');
      case 'An opening balance needs the date it was the balance on':
        return t('banking.errors.openingDateRequired');
      case 'Account number is letters, digits, spaces, dashes or slashes':
        return t('banking.errors.accountNumber');
      case 'Map either an amount column or debit/credit columns':
        return t('banking.errors.mappingAmount');
      default:
        return null;
    }
  };
  const client = (message: string, path: string): string => {
    const known = byMessage(message);
    if (known) return known;
    if (path === 'account_id') return t('banking.errors.ledgerAccountRequired');
    if (path === 'create.account_id') return t('banking.errors.counterAccountRequired');
    if (path === 'amount' || path === 'opening_balance') return t('banking.errors.signedAmount');
    if (path === 'date' || path === 'opening_balance_date') return t('banking.errors.date');
    return translateValidationMessage(message);
  };
  const server = (message: string): string => byMessage(message) ?? translateValidationMessage(message);
  return { client, server };
}
