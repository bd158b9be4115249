import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Checkbox, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { LOYALTY_BULK_MAX } from '@daftar/shared/schemas/loyalty';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ListSearchField, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePrograms } from '../api/get-programs';
import { useMemberSearch } from '../api/members';
import { pointsText, programName } from '../components/figures';
import { BulkAdjustDialog, EnrollDialog } from '../components/member-dialogs';
import { memberPagePath } from '../components/paths';
import { MemberStatusBadge } from '../components/status-badge';

export const MEMBERS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/** What is typed in the search box, written to the address once typing pauses. */
function useDebouncedParam(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settled.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

/**
 * The customers in the loyalty programs: found by part of the name, phone or e-mail and by program,
 * with their points. Members of staff enroll customers; admins give or take points from many at once.
 */
export function MembersRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const programId = params.get('program') ?? '';
  const q = params.get('q')?.trim() ?? '';
  const [search, setSearch] = useDebouncedParam(params.get('q') ?? '', (value) => update({ q: value, skip: null }));
  const programs = usePrograms(org, { skip: 0, limit: 100 }, !!organizationId);
  const members = useMemberSearch(org, { q: q || undefined, loyalty_program_id: programId || undefined, skip, limit: MEMBERS_PAGE_SIZE }, !!organizationId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'enroll' | 'bulk' | null>(null);
  // A new search or page is another list: what was ticked on the last one is not carried over.
  useEffect(() => setChosen(new Set()), [q, programId, skip]);

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const rows = members.data?.data ?? [];
  const allPrograms = programs.data?.data ?? [];
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = rows.length > 0 && rows.every((m) => chosen.has(m.customer_id));
  const actions = role.isMember ? (
    <>
      {role.isAdmin ? (
        <Button variant="soft" disabled={!chosen.size || chosen.size > LOYALTY_BULK_MAX} onClick={() => setDialog('bulk')}>
          {t('loyalty.members.bulkAdjust', { count: chosen.size })}
        </Button>
      ) : null}
      <Button onClick={() => setDialog('enroll')} disabled={!allPrograms.some((p) => p.status === 'active')}>
        <PlusIcon />
        {t('loyalty.members.enroll')}
      </Button>
    </>
  ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('loyalty.members.title')} description={t('loyalty.members.intro')} actions={actions} />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end" role="group" aria-label={t('loyalty.list.filters')}>
        <SelectInput
          label={t('loyalty.columns.program')}
          value={programId}
          onChange={(e) => update({ program: e.target.value, skip: null })}
          options={[{ value: '', label: t('loyalty.members.anyProgram') }, ...allPrograms.map((p) => ({ value: p.id, label: programName(p) }))]}
        />
        <ListSearchField label={t('loyalty.members.search')} placeholder={t('loyalty.members.searchPlaceholder')} value={search} onChange={setSearch} />
      </Grid>
      {members.isPending ? <Loading /> : null}
      {members.isError ? <QueryError error={members.error} onRetry={() => void members.refetch()} /> : null}
      {members.data && rows.length === 0 ? <EmptyState>{q || programId ? t('loyalty.members.noMatch') : t('loyalty.members.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('loyalty.members.title')}
          rows={rows}
          rowKey={(member) => member.customer_id}
          columns={[
            role.isAdmin && {
              header: (
                <Checkbox
                  aria-label={t('loyalty.members.chooseAll')}
                  checked={allChosen}
                  onCheckedChange={(on) => setChosen(on === true ? new Set(rows.map((m) => m.customer_id)) : new Set())}
                />
              ),
              cell: (member) => (
                <Checkbox
                  aria-label={t('loyalty.members.choose', { name: member.customer_name })}
                  checked={chosen.has(member.customer_id)}
                  onCheckedChange={(on) => toggle(member.customer_id, on === true)}
                />
              ),
            },
            {
              header: t('loyalty.columns.customer'),
              rowHeader: true,
              cell: (member) => (
                <RadixLink asChild size="2" weight="medium">
                  <Link to={memberPagePath(member.customer_id)} dir="auto">
                    {member.customer_name}
                  </Link>
                </RadixLink>
              ),
            },
            { header: t('loyalty.columns.program'), cell: (member) => <Text dir="auto">{member.program_name}</Text> },
            { header: t('loyalty.columns.tier'), cell: (member) => member.tier ?? <Text color="gray">{t('loyalty.noTier')}</Text> },
            { header: t('loyalty.columns.status'), cell: (member) => <MemberStatusBadge status={member.status} /> },
            { header: t('loyalty.columns.balance'), end: true, cell: (member) => pointsText(member.points_balance) },
            { header: t('loyalty.columns.value'), end: true, cell: (member) => formatMoney(member.points_value, currency) },
            {
              header: t('loyalty.columns.nextExpiry'),
              cell: (member) => (member.next_expiry ? t('loyalty.member.expiryOn', { points: pointsText(member.next_expiry.points), date: formatDate(member.next_expiry.on) }) : <Text color="gray">—</Text>),
            },
          ]}
        />
      ) : null}
      {members.data ? <Pagination skip={skip} limit={MEMBERS_PAGE_SIZE} count={members.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      {dialog === 'enroll' ? (
        <EnrollDialog organizationId={organizationId} programs={allPrograms} programId={programId || undefined} onClose={() => setDialog(null)} onEnrolled={(member) => navigate(memberPagePath(member.customer_id))} />
      ) : null}
      {dialog === 'bulk' ? <BulkAdjustDialog organizationId={organizationId} customerIds={[...chosen]} onClose={() => setDialog(null)} onDone={() => setChosen(new Set())} /> : null}
    </Flex>
  );
}
