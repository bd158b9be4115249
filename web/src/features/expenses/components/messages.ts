import { i18n } from '../../../lib/i18n';
import { translateValidationMessage } from '../../../lib/validation';

const KNOWN: Record<string, string> = {
  'Description is required': 'expenses.errors.description',
  'Amount must be a positive decimal such as 11.600': 'expenses.errors.amount',
  'Amount must be more than zero': 'expenses.errors.amountPositive',
  'Give the account the expense was paid from, or mark it reimbursable': 'expenses.errors.paidFrom',
  'A reimbursable expense was paid by the employee; give no paid-from account': 'expenses.errors.reimbursableWithAccount',
  'A reason is required': 'expenses.errors.reason',
  'Not a valid calendar date': 'expenses.errors.date',
};

/** The shared schemas and the API speak English: known messages are shown in the reader's language. */
export function expenseMessage(message: string): string {
  const key = KNOWN[message];
  return key ? i18n.t(key) : translateValidationMessage(message);
}

/** Form errors from `validateForm`, with the expense schema's own messages translated too. */
export const expenseErrors = (errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message === undefined ? message : expenseMessage(message)]));
