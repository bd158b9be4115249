import { useTranslation } from 'react-i18next';
import { minorUnitsOf } from '@daftar/shared/money';
import { translateValidationMessage } from '../../../lib/validation';
import type { LineProblem } from './entry-lines';

/**
 * The ledger's and the schema's messages (English) in the reader's language, by what they mean;
 * anything unknown is shown as the server wrote it.
 */
export function useEntryMessages(currency: string) {
  const { t } = useTranslation();
  const problem = (p: LineProblem) => {
    switch (p) {
      case 'account':
        return t('journal.errors.account');
      case 'debitFormat':
        return t('journal.errors.debitFormat');
      case 'creditFormat':
        return t('journal.errors.creditFormat');
      case 'decimals':
        return t('journal.errors.decimals', { currency, digits: minorUnitsOf(currency) });
      case 'both':
        return t('journal.errors.both');
      case 'neither':
        return t('journal.errors.neither');
    }
  };
  const message = (text: string, path: string): string => {
    if (text === 'A line has a debit or a credit, not both') return problem('both');
    if (text === 'A line needs a debit or a credit') return problem('neither');
    if (text === 'Account not found') return t('journal.errors.accountMissing');
    if (/^Account .* is inactive$/.test(text)) return t('journal.errors.accountInactive');
    if (text.startsWith('Debits (')) return t('journal.errors.unbalancedServer');
    if (text === 'A journal entry needs at least two lines') return t('journal.errors.atLeastTwo');
    if (/at most \d+ decimal places/.test(text)) return problem('decimals');
    if (/^lines\.\d+\.account_id$/.test(path)) return problem('account');
    if (path === 'date') return t('journal.errors.date');
    if (/^lines\.\d+\.debit$/.test(path)) return problem('debitFormat');
    if (/^lines\.\d+\.credit$/.test(path)) return problem('creditFormat');
    return translateValidationMessage(text);
  };
  return { problem, message };
}
