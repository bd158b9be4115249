import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation';

/**
 * The shared schema and the server speak English: the messages this form can meet are shown in
 * the reader's language, anything else as written.
 */
export function useAccountMessages() {
  const { t } = useTranslation();
  return (message: string, path: string): string => {
    if (path === 'code' && message.startsWith('Code is')) return t('accounts.errors.code');
    if (path === 'code' && message.startsWith('An account with code')) return t('accounts.errors.duplicateCode');
    if (path === 'subtype' && message.startsWith('Subtype')) return t('accounts.errors.subtype');
    if (path === 'parent_id' && message.startsWith('A sub-account has')) return t('accounts.errors.parentType');
    if (path === 'parent_id' && message.startsWith('An account cannot be placed')) return t('accounts.errors.parentLoop');
    if (path === 'parent_id' && message === 'Parent account not found') return t('accounts.errors.parentMissing');
    if (path === 'name' && /^Too big|at most/i.test(message)) return t('accounts.errors.nameTooLong');
    return translateValidationMessage(message);
  };
}
