import { i18n } from '../../../lib/i18n';

/**
 * The expense forms' messages, by where an issue is and its code (zod's, or a 422's `type`),
 * never by its English text: the shared schemas' own checks on a field have one meaning each and
 * are said in the reader's language; anything else (undefined) keeps its message, translated by
 * its code, or as the server wrote it (a reason the form cannot know: an inactive category).
 */
export function expenseMessage({ path, code, type }: { path: string; code?: string; type?: string }): string | undefined {
  const kind = code ?? type ?? '';
  switch (path) {
    case 'description':
      return kind === 'too_small' ? i18n.t('expenses.errors.description') : undefined;
    case 'amount':
      if (kind === 'invalid_format' || kind === 'invalid_union') return i18n.t('expenses.errors.amount');
      return kind === 'custom' ? i18n.t('expenses.errors.amountPositive') : undefined;
    case 'paid_from_account_id':
      // The form sends no account for a reimbursable expense: the one check it can meet is "missing".
      return kind === 'custom' ? i18n.t('expenses.errors.paidFrom') : undefined;
    case 'reason':
      return kind === 'too_small' ? i18n.t('expenses.errors.reason') : undefined;
    case 'date':
      return kind === 'custom' ? i18n.t('expenses.errors.date') : undefined;
    default:
      return undefined;
  }
}
