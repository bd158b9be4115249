import { ReloadIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useAccountingDashboard } from '../api/get-accounting-dashboard';
import { CashAccountsCard } from '../components/cash-accounts-card';
import { DocumentCountsCard } from '../components/document-counts-card';
import { MonthlyChartCard } from '../components/monthly-chart-card';
import { OpenDocumentsCard } from '../components/open-documents-card';
import { RecentEntriesCard } from '../components/recent-entries-card';
import { SalesTaxCard } from '../components/sales-tax-card';
import { SummaryCards } from '../components/summary-cards';

export function AccountingOverviewRoute() {
  const { t } = useTranslation();
  const { organization, organizationId, isLoading } = useCurrentOrganization();
  const dashboard = useAccountingDashboard(organizationId);
  const refreshing = dashboard.isFetching;

  if (isLoading) return <Loading />;
  if (!organizationId) return <Notice color="amber">{t('accountingDashboard.noOrganization')}</Notice>;
  const data = dashboard.data;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('accountingDashboard.title')}
        description={
          data
            ? t('accountingDashboard.subtitle', { name: organization?.name ?? '', date: formatDate(data.as_of_date), start: formatDate(data.fiscal_year_start) })
            : organization?.name
        }
        actions={
          <Button variant="soft" onClick={() => void dashboard.refetch()} disabled={refreshing} aria-busy={refreshing || undefined}>
            <ReloadIcon />
            {refreshing ? t('accountingDashboard.refreshing') : t('accountingDashboard.refresh')}
          </Button>
        }
      />
      {dashboard.isPending ? <Loading /> : null}
      {dashboard.isError && !data ? <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.isError && data ? <Notice color="amber">{t('accountingDashboard.staleNotice')}</Notice> : null}
      {data ? (
        <>
          <SummaryCards dashboard={data} />
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <OpenDocumentsCard title={t('accountingDashboard.open.receivables')} documents={data.receivables} currency={data.currency} />
            <OpenDocumentsCard title={t('accountingDashboard.open.payables')} documents={data.payables} currency={data.currency} />
          </Grid>
          <MonthlyChartCard dashboard={data} />
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <CashAccountsCard dashboard={data} />
            <SalesTaxCard dashboard={data} />
          </Grid>
          <DocumentCountsCard dashboard={data} />
          <RecentEntriesCard dashboard={data} />
          <Notice color="gray">{t('accountingDashboard.lastUpdated', { when: formatDateTime(data.last_updated) })}</Notice>
        </>
      ) : null}
    </Flex>
  );
}
