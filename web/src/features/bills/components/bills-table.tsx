import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import type { Bill } from '../api/get-bills';
import { BillStatusBadge } from './bill-status-badge';

/** Bills, with how many days each is late when the list is the overdue view. */
export function BillsTable({ bills, supplierName, caption }: { bills: (Bill & { days_overdue?: number })[]; supplierName: (contactId: string) => string; caption: string }) {
  const { t } = useTranslation();
  const overdue = bills.some((bill) => bill.days_overdue !== undefined);
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('bills.columns.number')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('bills.columns.supplier')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('bills.columns.supplierReference')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('bills.columns.issueDate')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('bills.columns.dueDate')}</Table.ColumnHeaderCell>
            {overdue ? <Table.ColumnHeaderCell justify="end">{t('bills.columns.daysOverdue')}</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell justify="end">{t('bills.columns.total')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('bills.columns.balanceDue')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('bills.columns.status')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {bills.map((bill) => (
            <Table.Row key={bill.id}>
              <Table.RowHeaderCell>
                <RadixLink asChild weight="medium">
                  <Link to={`/purchases/bills/${bill.id}`}>{bill.number ?? t('bills.draftNumber')}</Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell>{supplierName(bill.contact_id)}</Table.Cell>
              <Table.Cell>{bill.supplier_reference ?? <Text color="gray">—</Text>}</Table.Cell>
              <Table.Cell>{formatDate(bill.issue_date)}</Table.Cell>
              <Table.Cell>{bill.due_date ? formatDate(bill.due_date) : <Text color="gray">—</Text>}</Table.Cell>
              {overdue ? (
                <Table.Cell justify="end">
                  <Text color="red">{bill.days_overdue !== undefined ? formatNumber(bill.days_overdue) : '—'}</Text>
                </Table.Cell>
              ) : null}
              <Table.Cell justify="end">{formatMoney(bill.gross_total, bill.currency)}</Table.Cell>
              <Table.Cell justify="end">{bill.status === 'draft' || bill.status === 'cancelled' ? <Text color="gray">—</Text> : formatMoney(bill.balance_due, bill.currency)}</Table.Cell>
              <Table.Cell>
                <BillStatusBadge status={bill.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
