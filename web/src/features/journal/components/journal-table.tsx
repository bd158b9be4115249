import { Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatMoney } from '../../../lib/format';
import { useNarrate } from '../../../lib/narrative';
import type { JournalEntry } from '../api/get-journal-entries';
import { EntryStatusBadge } from './entry-status-badge';

export function JournalTable({ entries }: { entries: readonly JournalEntry[] }) {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('journal.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('journal.columns.number')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.fields.date')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.fields.memo')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.fields.source')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('journal.columns.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('journal.columns.amount')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.RowHeaderCell>
                <RadixLink asChild>
                  <Link to={`/accounting/journal/${entry.id}`}>{entry.entry_number ?? t('journal.draftNumber')}</Link>
                </RadixLink>
              </Table.RowHeaderCell>
              <Table.Cell style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date)}</Table.Cell>
              <Table.Cell>
                {narrateText(entry.memo_narrative, entry.memo)}
                {entry.reference ? (
                  <Text as="div" size="1" color="gray">
                    {t('journal.columns.reference', { reference: entry.reference })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{t(`journal.sources.${entry.source_type}`, { defaultValue: entry.source_type })}</Table.Cell>
              <Table.Cell>
                <EntryStatusBadge status={entry.status} />
              </Table.Cell>
              <Table.Cell justify="end" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(entry.total_debit, entry.currency)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
