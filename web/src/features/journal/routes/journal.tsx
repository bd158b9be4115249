import { Button, Card, Flex, Grid } from '@radix-ui/themes';
import { JOURNAL_ENTRY_STATUSES, JOURNAL_SOURCE_TYPES, type JournalEntryStatus, type JournalSourceType } from '@daftar/shared/schemas/accounting';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useJournalEntries } from '../api/get-journal-entries';
import { JournalTable } from '../components/journal-table';

export const PAGE_SIZE = 25;

const isStatus = (value: string | null): value is JournalEntryStatus => JOURNAL_ENTRY_STATUSES.includes(value as JournalEntryStatus);
const isSource = (value: string | null): value is JournalSourceType => JOURNAL_SOURCE_TYPES.includes(value as JournalSourceType);
const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Journal entries, newest first, filtered as the API allows (dates, status, source), paged. */
export function JournalRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as JournalEntryStatus) : undefined;
  const source = isSource(params.get('source')) ? (params.get('source') as JournalSourceType) : undefined;
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const rangeReversed = !!from && !!to && from > to;
  const entries = useJournalEntries(
    organizationId ?? '',
    { status, source_type: source, start_date: from, end_date: to, skip, limit: PAGE_SIZE },
    !!organizationId && !rangeReversed,
  );
  const filtered = !!(status || source || from || to);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('skip' in changes)) next.delete('skip');
        return next;
      },
      { replace: true },
    );

  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('journal.title')}
        description={t('journal.intro')}
        actions={
          role.isMember ? (
            <Button asChild>
              <Link to="/accounting/journal/new">{t('journal.newEntry')}</Link>
            </Button>
          ) : null
        }
      />
      <Card asChild>
        <form aria-label={t('journal.filters.label')} onSubmit={(e) => e.preventDefault()}>
          <Grid columns={{ initial: '1', sm: '2', md: '4' }} gap="3" align="end">
            <TextInput
              label={t('journal.filters.from')}
              type="date"
              value={from ?? ''}
              error={rangeReversed ? t('journal.filters.rangeReversed') : undefined}
              onChange={(e) => update({ from: e.target.value || null })}
            />
            <TextInput label={t('journal.filters.to')} type="date" value={to ?? ''} onChange={(e) => update({ to: e.target.value || null })} />
            <SelectInput
              label={t('journal.filters.status')}
              value={status ?? ''}
              onChange={(e) => update({ status: e.target.value || null })}
              options={[{ value: '', label: t('journal.filters.allStatuses') }, ...JOURNAL_ENTRY_STATUSES.map((s) => ({ value: s, label: t(`journal.statuses.${s}`) }))]}
            />
            <SelectInput
              label={t('journal.filters.source')}
              value={source ?? ''}
              onChange={(e) => update({ source: e.target.value || null })}
              options={[{ value: '', label: t('journal.filters.allSources') }, ...JOURNAL_SOURCE_TYPES.map((s) => ({ value: s, label: t(`journal.sources.${s}`) }))]}
            />
          </Grid>
          {filtered ? (
            <Flex mt="3">
              <Button type="button" variant="soft" color="gray" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t('journal.filters.clear')}
              </Button>
            </Flex>
          ) : null}
        </form>
      </Card>
      {entries.isPending && !rangeReversed ? <Loading /> : null}
      {entries.isError ? <QueryError error={entries.error} onRetry={() => void entries.refetch()} /> : null}
      {entries.data && !rangeReversed ? (
        <>
          {entries.data.data.length === 0 ? <EmptyState>{filtered ? t('journal.noMatches') : t('journal.empty')}</EmptyState> : <JournalTable entries={entries.data.data} />}
          <Pagination skip={skip} limit={PAGE_SIZE} count={entries.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} />
        </>
      ) : null}
    </Flex>
  );
}
