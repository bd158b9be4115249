import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/**
 * The shared schema and the server speak English. The form's own checks have a known meaning per
 * field and are shown in the reader's language; a server's 422 may name a reason the form cannot
 * know (an inactive contact, a closed period) and is shown as written unless it is a known text.
 */
export function usePaymentMessages() {
  const { t } = useTranslation();
  const byMessage = (message: string): string | null => {
    if (message === 'Each document is allocated once per payment') return t('payments.errors.duplicateAllocation');
    if (message === 'Amount must be greater than zero') return t('payments.errors.amount');
    return null;
  };
  const client = (message: string, path: string) => {
    if (path === 'contact_id') return t('payments.errors.contactRequired');
    if (path === 'amount') return t('payments.errors.amount');
    if (path === 'date') return t('payments.errors.date');
    if (/^allocations\.\d+\.amount$/.test(path)) return t('payments.errors.allocationAmount');
    return byMessage(message) ?? translateValidationMessage(message);
  };
  const server = (message: string) => byMessage(message) ?? translateValidationMessage(message);
  return { client, server };
}
