import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useInvoicePayments } from '../api/get-invoice-payments';
import type { Invoice } from '../api/get-invoices';

/** The payments received against the invoice: the part of each allocated to it. */
export function InvoicePayments({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const payments = useInvoicePayments(organizationId, invoice.id);
  const rows = (payments.data?.data ?? []).map((payment) => ({
    payment,
    allocated: payment.allocations.find((a) => a.invoice_id === invoice.id)?.amount ?? payment.amount,
  }));
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t('invoices.payments.title')}
        </Heading>
        {payments.isPending ? <Loading /> : null}
        {payments.isError ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
        {payments.data && rows.length === 0 ? <EmptyState>{t('invoices.payments.empty')}</EmptyState> : null}
        {rows.length > 0 ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{t('invoices.payments.title')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('invoices.payments.number')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('invoices.payments.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('invoices.payments.method')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('invoices.payments.reference')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('invoices.payments.amount')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map(({ payment, allocated }) => (
                  <Table.Row key={payment.id}>
                    <Table.RowHeaderCell>
                      <Flex gap="2" align="center">
                        {payment.number}
                        {payment.status === 'void' ? <Badge color="gray">{t('invoices.payments.void')}</Badge> : null}
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell>{formatDate(payment.date)}</Table.Cell>
                    <Table.Cell>{t(`invoices.payments.methods.${payment.payment_method}`)}</Table.Cell>
                    <Table.Cell>{payment.reference ?? '—'}</Table.Cell>
                    <Table.Cell justify="end">
                      <Text style={payment.status === 'void' ? { textDecoration: 'line-through' } : undefined}>{formatMoney(allocated, payment.currency)}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
