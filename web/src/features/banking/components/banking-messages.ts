import { useTranslation } from 'react-i18next';
import type { ServerIssue } from '../../../lib/forms';

/**
 * The banking forms' messages in the reader's language.
 *
 * - `client`: the form's own check (the shared schema run here): a message the schema wrote on
 *   purpose is known by its text, and each field has a known meaning otherwise.
 * - `server`: a 422 answer's issues, by where they are and their `type`, never by their English
 *   text; undefined shows the server's reason as written (an inactive account, a closed period).
 */
export function useBankingMessages() {
  const { t } = useTranslation();
  const byMessage = (message: string): string | undefined => {
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
        return undefined;
    }
  };
  const byPath = (path: string): string | undefined => {
    if (path === 'account_id') return t('banking.errors.ledgerAccountRequired');
    if (path === 'create.account_id') return t('banking.errors.counterAccountRequired');
    if (path === 'amount' || path === 'opening_balance') return t('banking.errors.signedAmount');
    if (path === 'date' || path === 'opening_balance_date') return t('banking.errors.date');
    return undefined;
  };
  const client = ({ path, message }: { path: string; message: string }): string | undefined => byMessage(message) ?? byPath(path);
  const server = ({ path, type }: ServerIssue): string | undefined => {
    if (type !== 'too_small') return undefined;
    if (path === 'name') return t('banking.errors.nameRequired');
    if (path === 'bank_name') return t('banking.errors.bankNameRequired');
    if (path === 'description' || path === 'create.description') return t('banking.errors.descriptionRequired');
    return undefined;
  };
  return { client, server };
}
