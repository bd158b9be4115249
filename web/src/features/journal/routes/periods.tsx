import { Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { usePeriods } from '../api/get-periods';
import { CreatePeriodDialog } from '../components/create-period-dialog';
import { PeriodsTable } from '../components/periods-table';

/** Accounting periods: closing one locks the books for its dates. */
export function PeriodsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const periods = usePeriods(organizationId ?? '');
  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('journal.periods.title')} description={t('journal.periods.intro')} actions={role.isAdmin ? <CreatePeriodDialog organizationId={organizationId} /> : null} />
      <Notice>{t('journal.periods.closingMeans')}</Notice>
      {periods.data?.closed_through ? <Notice color="amber">{t('journal.periods.closedThrough', { date: formatDate(periods.data.closed_through) })}</Notice> : null}
      {periods.isPending ? <Loading /> : null}
      {periods.isError ? <QueryError error={periods.error} onRetry={() => void periods.refetch()} /> : null}
      {periods.data && periods.data.data.length === 0 ? <EmptyState>{t('journal.periods.empty')}</EmptyState> : null}
      {periods.data && periods.data.data.length > 0 ? <PeriodsTable organizationId={organizationId} periods={periods.data.data} role={role} /> : null}
    </Flex>
  );
}
