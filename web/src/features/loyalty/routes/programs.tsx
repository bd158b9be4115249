import { PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { LOYALTY_PROGRAM_STATUSES, type LoyaltyProgramStatus } from '@daftar/shared/schemas/loyalty';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePrograms } from '../api/get-programs';
import { pointsText, programName } from '../components/figures';
import { MEMBERS_PATH, NEW_PROGRAM_PATH, programPagePath } from '../components/paths';
import { ProgramStatusBadge } from '../components/status-badge';

export const PROGRAMS_PAGE_SIZE = 25;

const isStatus = (value: string | null): value is LoyaltyProgramStatus => LOYALTY_PROGRAM_STATUSES.includes(value as LoyaltyProgramStatus);

/**
 * The loyalty programs: each one's members and what its outstanding points owe — their value at
 * the program's point value and, under deferral, the revenue held back for them. Admins make
 * programs; members of staff find customers under Members.
 */
export function ProgramsRoute() {
  const { t } = useTranslation();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const programs = usePrograms(organizationId ?? '', { skip, limit: PROGRAMS_PAGE_SIZE, status }, !!organizationId);

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const money = (amount: string) => formatMoney(amount, currency);
  const rows = programs.data?.data ?? [];
  const actions = (
    <>
      <Button asChild variant="soft">
        <Link to={MEMBERS_PATH}>
          <PersonIcon />
          {t('loyalty.list.members')}
        </Link>
      </Button>
      {role.isAdmin ? (
        <Button asChild>
          <Link to={NEW_PROGRAM_PATH}>
            <PlusIcon />
            {t('loyalty.list.new')}
          </Link>
        </Button>
      ) : null}
    </>
  );

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('loyalty.list.title')} description={t('loyalty.list.intro')} actions={actions} />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end" role="group" aria-label={t('loyalty.list.filters')}>
        <SelectInput
          label={t('loyalty.columns.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('loyalty.list.anyStatus') }, ...LOYALTY_PROGRAM_STATUSES.map((s) => ({ value: s, label: t(`loyalty.status.${s}`) }))]}
        />
      </Grid>
      {programs.isPending ? <Loading /> : null}
      {programs.isError ? <QueryError error={programs.error} onRetry={() => void programs.refetch()} /> : null}
      {programs.data && rows.length === 0 ? <EmptyState>{status ? t('loyalty.list.noMatch') : t('loyalty.list.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('loyalty.list.title')}
          rows={rows}
          rowKey={(program) => program.id}
          columns={[
            {
              header: t('loyalty.columns.program'),
              rowHeader: true,
              cell: (program) => (
                <RadixLink asChild size="2" weight="medium">
                  <Link to={programPagePath(program.id)}>{programName(program)}</Link>
                </RadixLink>
              ),
            },
            { header: t('loyalty.columns.status'), cell: (program) => <ProgramStatusBadge status={program.status} /> },
            { header: t('loyalty.columns.method'), cell: (program) => t(`loyalty.methods.${program.accounting_method}`) },
            { header: t('loyalty.columns.members'), end: true, cell: (program) => pointsText(program.members) },
            { header: t('loyalty.columns.outstanding'), end: true, cell: (program) => pointsText(program.points_outstanding) },
            { header: t('loyalty.columns.value'), end: true, cell: (program) => money(program.points_value) },
            {
              header: t('loyalty.columns.deferred'),
              end: true,
              cell: (program) => (program.accounting_method === 'deferral' ? money(program.deferred_revenue) : <Text color="gray">—</Text>),
            },
          ]}
        />
      ) : null}
      {programs.data ? <Pagination skip={skip} limit={PROGRAMS_PAGE_SIZE} count={programs.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
