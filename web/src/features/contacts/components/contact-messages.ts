import { useTranslation } from 'react-i18next';
import { translateIssue, type IssueLike } from '../../../lib/form-errors';

/**
 * A contact field has one rule (shared/src/schemas/contacts), so its message follows from the
 * field a zod issue or a 422 `loc` names, never from the English text; `buyer_id_scheme`'s own
 * rule (a chosen scheme needs its identifier) is the one of code `custom`.
 */
export function useContactMessages() {
  const { t } = useTranslation();
  return (issue: IssueLike & { path: string }): string => {
    switch (issue.path) {
      case 'tax_number':
        return t('contacts.errors.taxNumber');
      case 'national_id':
        return t('contacts.errors.nationalId');
      case 'personal_number':
        return t('contacts.errors.personalNumber');
      case 'postal_code':
        return t('contacts.errors.postalCode');
      case 'phone':
        return t('contacts.errors.phone');
      case 'payment_terms_days':
        return t('contacts.errors.paymentTerms');
      case 'credit_limit':
        return t('contacts.errors.creditLimit');
      case 'buyer_id_scheme':
        if (issue.code === 'custom' || issue.code === 'value_error') return t('contacts.errors.schemeNeedsId');
        return translateIssue(issue);
      default:
        return translateIssue(issue);
    }
  };
}
