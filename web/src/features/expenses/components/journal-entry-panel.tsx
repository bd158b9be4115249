import { Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useJournalEntry } from '../api/get-journal-entry';

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

/** The journal entry the approval posted: every account it moved, debit and credit. */
export function JournalEntryPanel({ organizationId, entryId }: { organizationId: string; entryId: string }) {
  const { t } = useTranslation();
  const entry = useJournalEntry(organizationId, entryId);
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {t('expenses.journal.title')}
          </Heading>
          {entry.data ? (
            <RadixLink asChild size="2">
              <Link to={`/accounting/journal/${entry.data.id}`}>
                {t('expenses.journal.entry', { number: entry.data.entry_number ?? entry.data.number ?? '—', date: formatDate(entry.data.date) })}
              </Link>
            </RadixLink>
          ) : null}
        </Flex>
        {entry.isPending ? <Loading /> : null}
        {entry.isError ? <QueryError error={entry.error} onRetry={() => void entry.refetch()} /> : null}
        {entry.data ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{t('expenses.journal.title')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('expenses.journal.account')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('expenses.journal.description')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('expenses.journal.debit')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('expenses.journal.credit')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entry.data.lines.map((line) => (
                  <Table.Row key={line.line_no}>
                    <Table.RowHeaderCell>
                      {line.account_code ? <Text color="gray">{line.account_code} </Text> : null}
                      {line.account_name ?? line.account_id}
                    </Table.RowHeaderCell>
                    <Table.Cell>{line.description ?? ''}</Table.Cell>
                    <Table.Cell justify="end">{!isZero(line.debit) ? formatMoney(line.debit, entry.data.currency) : ''}</Table.Cell>
                    <Table.Cell justify="end">{!isZero(line.credit) ? formatMoney(line.credit, entry.data.currency) : ''}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row>
                  <Table.RowHeaderCell colSpan={2}>
                    <Text weight="bold">{t('expenses.journal.totals')}</Text>
                  </Table.RowHeaderCell>
                  <Table.Cell justify="end">
                    <Text weight="bold">{formatMoney(entry.data.total_debit, entry.data.currency)}</Text>
                  </Table.Cell>
                  <Table.Cell justify="end">
                    <Text weight="bold">{formatMoney(entry.data.total_credit, entry.data.currency)}</Text>
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </div>
        ) : null}
      </Flex>
    </Card>
  );
}
