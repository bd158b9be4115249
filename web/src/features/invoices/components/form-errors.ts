import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/**
 * The shared schemas and the server speak English; known messages and line fields are shown in
 * the reader's language, anything else as the server wrote it.
 */
export function useInvoiceMessages() {
  const { t } = useTranslation();
  const byMessage = (message: string): string | null => {
    switch (message) {
      case 'A line needs a description':
        return t('invoices.errors.lineDescription');
      case 'At least one line is required':
        return t('invoices.errors.linesRequired');
      case 'The due date cannot be before the issue date':
        return t('invoices.errors.dueBeforeIssue');
      default:
        return null;
    }
  };
  const byLineField = (path: string): string | null => {
    const field = /^lines\.\d+\.(\w+)/.exec(path)?.[1];
    switch (field) {
      case 'quantity':
        return t('invoices.lines.problems.quantity');
      case 'unit_price':
        return t('invoices.lines.problems.unitPrice');
      case 'discount':
        return t('invoices.lines.problems.discount');
      case 'tax_id':
        return t('invoices.lines.problems.tax');
      default:
        return null;
    }
  };
  /** Messages of the form's own check: every field has a known meaning. */
  const client = (message: string, path: string) => {
    if (path === 'contact_id') return t('invoices.errors.customerRequired');
    if (path === 'issue_date') return t('invoices.errors.issueDate');
    if (path === 'due_date' && message !== 'The due date cannot be before the issue date') return t('invoices.errors.dueDate');
    return byMessage(message) ?? byLineField(path) ?? translateValidationMessage(message);
  };
  /** Messages of a 422 answer: the server may name a reason the form cannot know (an inactive customer). */
  const server = (message: string, path: string) => byMessage(message) ?? byLineField(path) ?? translateValidationMessage(message);
  return { client, server };
}
