import { Badge, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaymentPublic } from '@daftar/shared/schemas/payments';
import type { ListResponse } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { TableCaption } from '../document-lines-editor';
import { EmptyState, Loading, QueryError } from '../feedback';

export interface DocumentPaymentsTexts {
  title: string;
  empty: string;
  number: string;
  date: string;
  method: string;
  reference: string;
  amount: string;
  void: string;
  methodName: (method: PaymentPublic['payment_method']) => string;
}

interface DocumentPaymentsTableProps {
  payments: UseQueryResult<ListResponse<PaymentPublic>>;
  /** The part of a payment allocated to this document. */
  allocatedOf: (payment: PaymentPublic) => string;
  texts: DocumentPaymentsTexts;
}

/** The payments settling a document (posted and void): the part of each allocated to it. */
export function DocumentPaymentsTable({ payments, allocatedOf, texts }: DocumentPaymentsTableProps) {
  const rows = (payments.data?.data ?? []).map((payment) => ({ payment, allocated: allocatedOf(payment) }));
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {texts.title}
        </Heading>
        {payments.isPending ? <Loading /> : null}
        {payments.isError ? <QueryError error={payments.error} onRetry={() => void payments.refetch()} /> : null}
        {payments.data && rows.length === 0 ? <EmptyState>{texts.empty}</EmptyState> : null}
        {rows.length > 0 ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{texts.title}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{texts.number}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{texts.date}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{texts.method}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{texts.reference}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{texts.amount}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map(({ payment, allocated }) => (
                  <Table.Row key={payment.id}>
                    <Table.RowHeaderCell>
                      <Flex gap="2" align="center">
                        {payment.number}
                        {payment.status === 'void' ? <Badge color="gray">{texts.void}</Badge> : null}
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell>{formatDate(payment.date)}</Table.Cell>
                    <Table.Cell>{texts.methodName(payment.payment_method)}</Table.Cell>
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
