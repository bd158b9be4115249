import { useTranslation } from 'react-i18next';
import { documentFormMessages } from '../../../components/documents/document-form-errors';

/** The invoice form's messages: an invoice names its customer. */
export function useInvoiceMessages() {
  const { t } = useTranslation();
  return documentFormMessages({
    lineDescription: t('invoices.errors.lineDescription'),
    linesRequired: t('invoices.errors.linesRequired'),
    dueBeforeIssue: t('invoices.errors.dueBeforeIssue'),
    contactRequired: t('invoices.errors.customerRequired'),
    issueDate: t('invoices.errors.issueDate'),
    dueDate: t('invoices.errors.dueDate'),
    lineFields: {
      quantity: t('invoices.lines.problems.quantity'),
      unit_price: t('invoices.lines.problems.unitPrice'),
      discount: t('invoices.lines.problems.discount'),
      tax_id: t('invoices.lines.problems.tax'),
      special_tax_id: t('invoices.lines.problems.specialTax'),
    },
  });
}
