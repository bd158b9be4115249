import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import { useNarrate } from '../../../lib/narrative';
import type { AccountTransactions } from '../api/get-account-transactions';

/** "0.000": an amount that is nothing, read from its text (no float). */
const isZeroAmount = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());


interface LedgerCardTableProps {
  caption: string;
  card: AccountTransactions;
  /** The opening row belongs to the first page only. */
  showOpening: boolean;
}

/** The account's postings in date order, each with the balance after it. */
export function LedgerCardTable({ caption, card, showOpening }: LedgerCardTableProps) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, card.currency);
  const narrateText = useNarrate();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface" size="1">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('accounts.ledger.date')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts.ledger.entry')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts.ledger.memo')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('accounts.ledger.debit')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('accounts.ledger.credit')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('accounts.ledger.balance')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {showOpening ? (
            <Table.Row>
              <Table.RowHeaderCell colSpan={5}>
                <Text weight="medium">{t('accounts.ledger.opening')}</Text>
              </Table.RowHeaderCell>
              <Table.Cell justify="end">
                <Text weight="medium">{money(card.opening_balance)}</Text>
              </Table.Cell>
            </Table.Row>
          ) : null}
          {card.data.map((row, index) => {
            const memo = narrateText(row.memo_narrative, row.memo);
            const description = narrateText(row.description_narrative, row.description);
            return (
              <Table.Row key={`${row.entry_id}-${index}`}>
                <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Cell>
                <Table.RowHeaderCell>
                  <RadixLink asChild>
                    <Link to={`/accounting/journal/${row.entry_id}`}>{row.entry_name ?? t('accounts.ledger.entryWithoutNumber')}</Link>
                  </RadixLink>
                </Table.RowHeaderCell>
                <Table.Cell>
                  {memo}
                  {description && description !== memo ? (
                    <Text as="div" size="1" color="gray">
                      {description}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell justify="end">{isZeroAmount(row.debit) ? '' : money(row.debit)}</Table.Cell>
                <Table.Cell justify="end">{isZeroAmount(row.credit) ? '' : money(row.credit)}</Table.Cell>
                <Table.Cell justify="end" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.balance)}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
