import { useTranslation } from 'react-i18next';
import { DocumentPaymentsTable } from '../../../components/documents/document-payments-table';
import { useBillPayments } from '../api/get-bill-payments';
import type { Bill } from '../api/get-bills';

/** The payments made against the bill: the part of each allocated to it. */
export function BillPayments({ organizationId, bill }: { organizationId: string; bill: Bill }) {
  const { t } = useTranslation();
  const payments = useBillPayments(organizationId, bill.id);
  return (
    <DocumentPaymentsTable
      payments={payments}
      allocatedOf={(payment) => payment.allocations.find((a) => a.bill_id === bill.id)?.amount ?? payment.amount}
      texts={{
        title: t('bills.payments.title'),
        empty: t('bills.payments.empty'),
        number: t('bills.payments.number'),
        date: t('bills.payments.date'),
        method: t('bills.payments.method'),
        reference: t('bills.payments.reference'),
        amount: t('bills.payments.amount'),
        void: t('bills.payments.void'),
        methodName: (method) => t(`bills.payments.methods.${method}`),
      }}
    />
  );
}
