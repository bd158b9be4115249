import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Invoice } from '../api/get-invoices';
import { InvoiceStatusBadge } from './invoice-status-badge';

export function InvoicesTable({ invoices, customerName }: { invoices: Invoice[]; customerName: (contactId: string) => string }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('invoices.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('invoices.columns.number')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invoices.columns.customer')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invoices.columns.issueDate')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invoices.columns.dueDate')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('invoices.columns.total')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('invoices.columns.balanceDue')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invoices.columns.status')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invoices.map((invoice) => (
            <Table.Row key={invoice.id}>
              <Table.RowHeaderCell>
                <RadixLink asChild weight="medium">
                  <Link to={`/sales/invoices/${invoice.id}`}>{invoice.number ?? t('invoices.draftNumber')}</Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell>{customerName(invoice.contact_id)}</Table.Cell>
              <Table.Cell>{formatDate(invoice.issue_date)}</Table.Cell>
              <Table.Cell>{invoice.due_date ? formatDate(invoice.due_date) : <Text color="gray">—</Text>}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(invoice.gross_total, invoice.currency)}</Table.Cell>
              <Table.Cell justify="end">{invoice.status === 'draft' || invoice.status === 'cancelled' ? <Text color="gray">—</Text> : formatMoney(invoice.balance_due, invoice.currency)}</Table.Cell>
              <Table.Cell>
                <InvoiceStatusBadge status={invoice.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
