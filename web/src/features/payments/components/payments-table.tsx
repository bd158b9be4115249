import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Payment } from '../api/get-payments';
import { PaymentStatusBadge, VoidAware } from './payment-status-badge';

export function PaymentsTable({ caption, payments, contactName }: { caption: string; payments: Payment[]; contactName: (contactId: string) => string }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('payments.columns.number')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('payments.columns.date')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('payments.columns.contact')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('payments.columns.method')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('payments.columns.amount')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('payments.columns.allocated')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('payments.columns.unallocated')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('payments.columns.status')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payments.map((payment) => {
            const isVoid = payment.status === 'void';
            return (
              <Table.Row key={payment.id}>
                <Table.RowHeaderCell>
                  <RadixLink asChild weight="medium">
                    <Link to={`/payments/${payment.id}`}>
                      <VoidAware isVoid={isVoid}>{payment.number}</VoidAware>
                    </Link>
                  </RadixLink>
                </Table.RowHeaderCell>
                <Table.Cell>{formatDate(payment.date)}</Table.Cell>
                <Table.Cell>{contactName(payment.contact_id)}</Table.Cell>
                <Table.Cell>
                  {t(`payments.methods.${payment.payment_method}`)}
                  {payment.cheque_due_date ? (
                    <Text as="div" size="1" color="gray">
                      {t('payments.columns.chequeDue', { date: formatDate(payment.cheque_due_date) })}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell justify="end">
                  <VoidAware isVoid={isVoid}>{formatMoney(payment.amount, payment.currency)}</VoidAware>
                </Table.Cell>
                <Table.Cell justify="end">
                  <VoidAware isVoid={isVoid}>{formatMoney(payment.allocated_amount, payment.currency)}</VoidAware>
                </Table.Cell>
                <Table.Cell justify="end">
                  <VoidAware isVoid={isVoid}>{formatMoney(payment.unallocated_amount, payment.currency)}</VoidAware>
                </Table.Cell>
                <Table.Cell>
                  <PaymentStatusBadge status={payment.status} />
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
