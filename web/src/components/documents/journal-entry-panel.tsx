import { Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryPublic } from '@daftar/shared/schemas/accounting';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, segment } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { useNarrate } from '../../lib/narrative';
import { TableCaption } from '../document-lines-editor';
import { Loading, QueryError } from '../feedback';
import { isZeroAmount } from './document-amounts';

/** Same key as every feature that reads one entry, so invalidating 'journal-entries' refreshes it. */
export const journalEntryQueryOptions = (organizationId: string, entryId: string) =>
  queryOptions({
    queryKey: ['organizations', organizationId, 'journal-entries', 'detail', entryId],
    queryFn: ({ signal }) =>
      api.get<JournalEntryPublic>(`/organizations/${segment(organizationId)}/journal-entries/${segment(entryId)}`, { organizationId, signal }),
  });

/** The texts of the panel, in the words of the feature showing it. */
export interface JournalEntryPanelTexts {
  title: string;
  /** The line under the title: the entry's number and date. */
  entry: (facts: { number: string | number; date: string }) => string;
  account: string;
  description: string;
  debit: string;
  credit: string;
  totals: string;
}

interface JournalEntryPanelProps {
  organizationId: string;
  entryId: string;
  texts: JournalEntryPanelTexts;
  /** The entry's number links to its page in the journal. */
  linkToEntry?: boolean;
}

/** The journal entry a document posted (or its void reversed): every account it moved, debit and credit. */
export function JournalEntryPanel({ organizationId, entryId, texts, linkToEntry = false }: JournalEntryPanelProps) {
  const { i18n } = useTranslation();
  const arabic = i18n.language.startsWith('ar');
  const narrateText = useNarrate();
  const entry = useQuery({ ...journalEntryQueryOptions(organizationId, entryId), enabled: !!entryId });
  const facts = entry.data ? texts.entry({ number: entry.data.entry_number ?? entry.data.number ?? '—', date: formatDate(entry.data.date) }) : '';
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {texts.title}
          </Heading>
          {entry.data && linkToEntry ? (
            <RadixLink asChild size="2">
              <Link to={`/accounting/journal/${entry.data.id}`}>{facts}</Link>
            </RadixLink>
          ) : null}
          {entry.data && !linkToEntry ? (
            <Text size="2" color="gray">
              {facts}
            </Text>
          ) : null}
        </Flex>
        {entry.isPending ? <Loading /> : null}
        {entry.isError ? <QueryError error={entry.error} onRetry={() => void entry.refetch()} /> : null}
        {entry.data ? (
          <div className="table-scroll">
            <Table.Root size="1" variant="surface">
              <TableCaption>{texts.title}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{texts.account}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{texts.description}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{texts.debit}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{texts.credit}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entry.data.lines.map((line) => (
                  <Table.Row key={line.line_no}>
                    <Table.RowHeaderCell>
                      {line.account_code ? <Text color="gray">{line.account_code} </Text> : null}
                      {(arabic ? line.account_name_ar : null) ?? line.account_name ?? line.account_id}
                    </Table.RowHeaderCell>
                    <Table.Cell>{narrateText(line.narrative, line.description)}</Table.Cell>
                    <Table.Cell justify="end">{isZeroAmount(line.debit) ? '' : formatMoney(line.debit, entry.data.currency)}</Table.Cell>
                    <Table.Cell justify="end">{isZeroAmount(line.credit) ? '' : formatMoney(line.credit, entry.data.currency)}</Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row>
                  <Table.RowHeaderCell colSpan={2}>
                    <Text weight="bold">{texts.totals}</Text>
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
