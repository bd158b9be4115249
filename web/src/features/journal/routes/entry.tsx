import { Callout, Card, DataList, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useNarrate } from '../../../lib/narrative';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContactOptions } from '../api/get-contacts';
import { useJournalEntry } from '../api/get-journal-entry';
import { EntryActions } from '../components/entry-actions';
import { EntryLinesTable } from '../components/entry-lines-table';
import { EntrySource } from '../components/entry-source';
import { EntryStatusBadge } from '../components/entry-status-badge';

/** A link to the entry on the other side of a reversal, named by its number once read. */
function LinkedEntry({ organizationId, entryId }: { organizationId: string; entryId: string }) {
  const { t } = useTranslation();
  const linked = useJournalEntry(organizationId, entryId);
  const label = linked.data ? (linked.data.entry_number ?? t('journal.draftNumber')) : t('journal.view.linkedEntry');
  return (
    <RadixLink asChild>
      <Link to={`/accounting/journal/${entryId}`}>{label}</Link>
    </RadixLink>
  );
}

export function JournalEntryRoute() {
  const { t } = useTranslation();
  const { entryId = '' } = useParams();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const entry = useJournalEntry(org, entryId);
  const contacts = useContactOptions(org);
  const narrateText = useNarrate();

  if (!organizationId || entry.isPending) return <Loading />;
  if (entry.isError) return <QueryError error={entry.error} onRetry={() => void entry.refetch()} />;
  const e = entry.data;
  const label = e.entry_number ?? t('journal.draftNumber');
  const title = e.entry_number ? t('journal.view.title', { entry: e.entry_number }) : t('journal.view.draftTitle');
  const memo = narrateText(e.memo_narrative, e.memo);
  const facts: { label: string; value: ReactNode }[] = [
    { label: t('journal.fields.date'), value: formatDate(e.date) },
    { label: t('journal.fields.reference'), value: e.reference ?? '—' },
    { label: t('journal.fields.memo'), value: memo ? <Text style={{ whiteSpace: 'pre-wrap' }}>{memo}</Text> : '—' },
    { label: t('journal.fields.source'), value: <EntrySource sourceType={e.source_type} sourceId={e.source_id} /> },
    { label: t('journal.view.createdAt'), value: formatDateTime(e.created_at) },
    ...(e.posted_at ? [{ label: t('journal.view.postedAt'), value: formatDateTime(e.posted_at) }] : []),
    ...(e.reverses_entry_id ? [{ label: t('journal.view.reverses'), value: <LinkedEntry organizationId={organizationId} entryId={e.reverses_entry_id} /> }] : []),
    ...(e.reversed_by_entry_id ? [{ label: t('journal.view.reversedBy'), value: <LinkedEntry organizationId={organizationId} entryId={e.reversed_by_entry_id} /> }] : []),
  ];

  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/accounting/journal">{t('journal.backToList')}</Link>
      </RadixLink>
      <PageHeader
        title={title}
        description={<EntryStatusBadge status={e.status} />}
        actions={role.isLoading ? null : <EntryActions organizationId={organizationId} entry={e} label={label} role={role} />}
      />
      {e.status === 'draft' ? (
        <Callout.Root color="gray" role="note">
          <Callout.Text>{role.isAdmin ? t('journal.view.draftNoteAdmin') : t('journal.view.draftNote')}</Callout.Text>
        </Callout.Root>
      ) : null}
      {e.reversed_by_entry_id ? (
        <Callout.Root color="amber" role="note">
          <Callout.Text>
            {t('journal.view.reversedNote')} <LinkedEntry organizationId={organizationId} entryId={e.reversed_by_entry_id} />
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3">
        <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          {facts.map((fact) => (
            <DataList.Item key={fact.label}>
              <DataList.Label minWidth="140px">{fact.label}</DataList.Label>
              <DataList.Value>{fact.value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card>
      <EntryLinesTable entry={e} contacts={contacts.data?.data ?? []} />
    </Flex>
  );
}
