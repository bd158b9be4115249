import { i18n } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation';

/** The shared schema's budget messages in the reader's language; any other as the shared list says it. */
export function budgetMessage(message: string): string {
  switch (message) {
    case 'Fiscal year is a year such as 2025':
      return i18n.t('budgets.errors.fiscalYear');
    case 'Amount must be zero or a positive decimal such as 1500.000':
    case 'Amount must not be negative':
      return i18n.t('budgets.errors.amount');
    default:
      return translateValidationMessage(message);
  }
}

/** Form errors from `validateForm`, with the budget's own messages translated too. */
export const budgetErrors = (errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message === undefined ? message : budgetMessage(message)]));
