import { useTranslation } from 'react-i18next';
import { DocumentPaymentsTable } from '../../../components/documents/document-payments-table';
import { useInvoicePayments } from '../api/get-invoice-payments';
import type { Invoice } from '../api/get-invoices';

/** The payments received against the invoice: the part of each allocated to it. */
export function InvoicePayments({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const payments = useInvoicePayments(organizationId, invoice.id);
  return (
    <DocumentPaymentsTable
      payments={payments}
      allocatedOf={(payment) => payment.allocations.find((a) => a.invoice_id === invoice.id)?.amount ?? payment.amount}
      texts={{
        title: t('invoices.payments.title'),
        empty: t('invoices.payments.empty'),
        number: t('invoices.payments.number'),
        date: t('invoices.payments.date'),
        method: t('invoices.payments.method'),
        reference: t('invoices.payments.reference'),
        amount: t('invoices.payments.amount'),
        void: t('invoices.payments.void'),
        methodName: (method) => t(`invoices.payments.methods.${method}`),
      }}
    />
  );
}
