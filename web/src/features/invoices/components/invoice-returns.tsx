import { Card, Flex, Heading, Link as RadixLink, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Invoice } from '../api/get-invoices';
import { useInvoiceReturns } from '../api/get-returns';

/** The credit notes issued against the invoice, each linking to its own page. */
export function InvoiceReturns({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const returns = useInvoiceReturns(organizationId, invoice.id);
  if (returns.data && returns.data.data.length === 0) return null;
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {t('invoices.returns.ofInvoice')}
        </Heading>
        {returns.isPending ? <Loading /> : null}
        {returns.isError ? <QueryError error={returns.error} onRetry={() => void returns.refetch()} /> : null}
        {returns.data ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{t('invoices.returns.ofInvoice')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('invoices.returns.number')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('invoices.returns.date')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('invoices.returns.reason')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('invoices.columns.total')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {returns.data.data.map((credit) => (
                  <Table.Row key={credit.id}>
                    <Table.RowHeaderCell>
                      <RadixLink asChild>
                        <Link to={`/sales/returns/${credit.id}`}>{credit.number}</Link>
                      </RadixLink>
                    </Table.RowHeaderCell>
                    <Table.Cell>{formatDate(credit.issue_date)}</Table.Cell>
                    <Table.Cell>{credit.reason}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(credit.gross_total, credit.currency)}</Table.Cell>
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
