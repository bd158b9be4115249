import { Card, Flex, Heading, Link as RadixLink, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useNarrate } from '../../../lib/narrative';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';

/** The latest posted entries, each opening in the journal. */
export function RecentEntriesCard({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  const title = t('accountingDashboard.recent.title');
  const entries = dashboard.recent_journal_entries;
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {entries.length === 0 ? (
            <EmptyState>{t('accountingDashboard.recent.empty')}</EmptyState>
          ) : (
            <div className="table-scroll">
              <Table.Root size="1" variant="surface">
                <TableCaption>{title}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('accountingDashboard.recent.number')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('accountingDashboard.recent.date')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('accountingDashboard.recent.memo')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('accountingDashboard.recent.source')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.recent.amount')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {entries.map((entry) => (
                    <Table.Row key={entry.id}>
                      <Table.RowHeaderCell>
                        <RadixLink asChild>
                          <Link to={`/accounting/journal/${entry.id}`}>{entry.entry_number ?? entry.number ?? t('accountingDashboard.recent.unnumbered')}</Link>
                        </RadixLink>
                      </Table.RowHeaderCell>
                      <Table.Cell>{formatDate(entry.date)}</Table.Cell>
                      <Table.Cell>{narrateText(entry.memo_narrative, entry.memo) || entry.reference || '—'}</Table.Cell>
                      <Table.Cell>{t(`accountingDashboard.recent.sources.${entry.source_type}`, { defaultValue: entry.source_type })}</Table.Cell>
                      <Table.Cell justify="end">{formatMoney(entry.total_debit, entry.currency)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
          )}
        </Flex>
      </section>
    </Card>
  );
}
