import { useTranslation } from 'react-i18next';
import type { ServerIssue } from '../../../lib/forms';

/**
 * The payment form's messages, by where an issue is and its code (zod's, or a 422's `type`), never
 * by its English text. The form's own checks have a known meaning per field and are shown in the
 * reader's language; a server's 422 may name a reason the form cannot know (an inactive contact, a
 * closed period) and is shown as written (undefined) unless its place and type say what it is.
 */
export function usePaymentMessages() {
  const { t } = useTranslation();
  const client = ({ path, code }: { path: string; code?: string }): string | undefined => {
    if (path === 'contact_id') return t('payments.errors.contactRequired');
    if (path === 'amount') return t('payments.errors.amount');
    if (path === 'date') return t('payments.errors.date');
    // An allocation's own message is on its document's amount (`allocations.<document id>`).
    if (path.startsWith('allocations.')) return code === 'custom' ? t('payments.errors.duplicateAllocation') : t('payments.errors.allocationAmount');
    return undefined;
  };
  const server = ({ path, type }: ServerIssue): string | undefined => {
    if (path === 'amount' && type === 'custom') return t('payments.errors.amount');
    return undefined;
  };
  return { client, server };
}
