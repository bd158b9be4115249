import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Expense } from '../api/get-expenses';
import { ExpenseStatusBadge } from './expense-status-badge';

interface ExpensesTableProps {
  expenses: Expense[];
  caption: string;
  categoryName: (categoryId: string) => string;
  /** Who filed each expense; absent on the person's own list. */
  filerName?: (userId: string) => string;
}

export function ExpensesTable({ expenses, caption, categoryName, filerName }: ExpensesTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('expenses.fields.date')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('expenses.fields.description')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('expenses.fields.category')}</Table.ColumnHeaderCell>
            {filerName ? <Table.ColumnHeaderCell>{t('expenses.fields.filedBy')}</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell>{t('expenses.fields.paidBy')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('expenses.fields.total')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('expenses.fields.status')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {expenses.map((expense) => (
            <Table.Row key={expense.id}>
              <Table.Cell>{formatDate(expense.date)}</Table.Cell>
              <Table.RowHeaderCell>
                <RadixLink asChild>
                  <Link to={`/purchases/expenses/${expense.id}`}>{expense.description}</Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell>{categoryName(expense.category_id)}</Table.Cell>
              {filerName ? <Table.Cell>{filerName(expense.user_id)}</Table.Cell> : null}
              <Table.Cell>
                <Text size="2" color="gray">
                  {expense.reimbursable ? t('expenses.view.reimbursable') : t('expenses.view.companyPaid')}
                </Text>
              </Table.Cell>
              <Table.Cell justify="end">{formatMoney(expense.amount, expense.currency)}</Table.Cell>
              <Table.Cell>
                <ExpenseStatusBadge status={expense.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
