import { useTranslation } from 'react-i18next';
import { documentFormMessages } from '../../../components/documents/document-form-errors';

/** The bill form's messages: a bill names its supplier, and each line the account it is booked to. */
export function useBillMessages() {
  const { t } = useTranslation();
  return documentFormMessages({
    lineDescription: t('bills.errors.lineDescription'),
    linesRequired: t('bills.errors.linesRequired'),
    dueBeforeIssue: t('bills.errors.dueBeforeIssue'),
    contactRequired: t('bills.errors.supplierRequired'),
    issueDate: t('bills.errors.issueDate'),
    dueDate: t('bills.errors.dueDate'),
    lineFields: {
      quantity: t('bills.lines.problems.quantity'),
      unit_price: t('bills.lines.problems.unitPrice'),
      discount: t('bills.lines.problems.discount'),
      tax_id: t('bills.lines.problems.tax'),
      account_id: t('bills.lines.problems.account'),
    },
  });
}
