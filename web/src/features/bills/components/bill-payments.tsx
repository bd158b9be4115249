import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useBillPayments } from '../api/get-bill-payments';
import type { Bill } from '../api/get-bills';

/** The payments made against the bill: the part of each allocated to it. */
export function BillPayments({ organizationId, bill }: { organizationId: string; bill: Bill }) {
  const { t } = useTranslation();
  const payments = useBillPayments(organizationId, bill.id);
  const rows = (payments.data?.data ?? []).map((payment) => ({
    payment,
    allocated: payment.allocations.find((a) => a.bill_id === bill.id)?.amount ?? payment.amount,
  }));
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t('bills.payments.title')}
        </Heading>
        {payments.isPending ? <Loading /> : null}
        {payments.isError ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
        {payments.data && rows.length === 0 ? <EmptyState>{t('bills.payments.empty')}</EmptyState> : null}
        {rows.length > 0 ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{t('bills.payments.title')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('bills.payments.number')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('bills.payments.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('bills.payments.method')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('bills.payments.reference')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('bills.payments.amount')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map(({ payment, allocated }) => (
                  <Table.Row key={payment.id}>
                    <Table.RowHeaderCell>
                      <Flex gap="2" align="center">
                        {payment.number}
                        {payment.status === 'void' ? <Badge color="gray">{t('bills.payments.void')}</Badge> : null}
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell>{formatDate(payment.date)}</Table.Cell>
                    <Table.Cell>{t(`bills.payments.methods.${payment.payment_method}`)}</Table.Cell>
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
