import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Grid, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SelectInput } from '../../../components/fields';
import { Loading, Notice } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentOrganization } from '../../../lib/organizations';
import { DASHBOARD_REFRESH_MS, useDashboardMetrics } from '../api/get-dashboard-metrics';
import { useReceivablesAnalysis } from '../api/get-receivables-analysis';
import { ANALYTICS_PERIODS, isAnalyticsPeriod, useRevenueAnalytics, type AnalyticsPeriod } from '../api/get-revenue-analytics';
import { ChartCard } from '../components/chart-card';
import { revenueTrendPoints, serviceRevenuePoints, topCustomerPoints } from '../components/chart-data';
import { dataSourceOf } from '../components/data-source';
import { MetricCards } from '../components/metric-cards';
import { ReceivablesCard } from '../components/receivables-card';
import { sampleRevenueTrend, sampleServiceRevenue, sampleTopCustomers } from '../components/sample-data';
import { StatusFooter } from '../components/status-footer';

/** As the reports and the API: the current month (its trend still shows the six months up to it). */
const DEFAULT_PERIOD: AnalyticsPeriod = 'current_month';

/** SPEC §2 "Analytics dashboard". The period is kept in the address (`?period=last_year`). */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { organization, organizationId, isLoading } = useCurrentOrganization();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('period');
  const period = isAnalyticsPeriod(requested) ? requested : DEFAULT_PERIOD;

  const metrics = useDashboardMetrics(organizationId);
  const revenue = useRevenueAnalytics(organizationId, period);
  const receivables = useReceivablesAnalysis(organizationId);

  const title = t('analytics.title');
  if (isLoading) return <Loading />;
  if (!organizationId) {
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={title} />
        <Notice color="amber">{t('analytics.organizationRequired')}</Notice>
      </Flex>
    );
  }

  const currency = organization?.base_currency ?? 'JOD';
  const refreshing = metrics.isFetching || revenue.isFetching || receivables.isFetching;
  const refresh = () => void Promise.all([metrics.refetch(), revenue.refetch(), receivables.refetch()]);
  const choosePeriod = (value: string) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('period', value);
        return next;
      },
      { replace: true },
    );

  const revenueSource = dataSourceOf(revenue);
  const receivablesSource = dataSourceOf(receivables);
  const revenueCurrency = revenue.data?.currency ?? currency;
  const receivablesCurrency = receivables.data?.currency ?? currency;
  const trend = revenue.data ? revenueTrendPoints(revenue.data, language) : revenueSource === 'fallback' ? sampleRevenueTrend(language) : [];
  const services = revenue.data ? serviceRevenuePoints(revenue.data) : revenueSource === 'fallback' ? sampleServiceRevenue(t) : [];
  const customers = receivables.data ? topCustomerPoints(receivables.data) : receivablesSource === 'fallback' ? sampleTopCustomers(t) : [];

  const lastUpdated = metrics.data?.last_updated ?? (metrics.dataUpdatedAt ? new Date(metrics.dataUpdatedAt).toISOString() : null);
  const nextUpdate = metrics.dataUpdatedAt ? metrics.dataUpdatedAt + DASHBOARD_REFRESH_MS : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={title}
        description={t('analytics.subtitle', { name: organization?.name ?? '' })}
        actions={
          <Flex align="end" gap="2" wrap="wrap">
            <SelectInput
              label={t('analytics.period.label')}
              value={period}
              onChange={(event) => choosePeriod(event.target.value)}
              options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
            />
            <Button variant="soft" onClick={refresh} disabled={refreshing} aria-busy={refreshing || undefined}>
              <ReloadIcon />
              {refreshing ? t('analytics.refreshing') : t('analytics.refresh')}
            </Button>
          </Flex>
        }
      />

      {metrics.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Flex direction="column" gap="1">
            <Text size="2" weight="bold">
              {t('common.errorOccurred')}
            </Text>
            <Callout.Text>{t('analytics.errorLoadingData')}</Callout.Text>
          </Flex>
        </Callout.Root>
      ) : null}
      {metrics.isPending && !metrics.isError ? <Loading /> : null}
      {metrics.data ? <MetricCards metrics={metrics.data} currency={metrics.data.currency ?? currency} /> : null}

      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <ReceivablesCard analysis={receivables.data} source={receivablesSource} currency={receivablesCurrency} />
        <ChartCard kind="revenueTrend" points={trend} source={revenueSource} currency={revenueCurrency} />
        <ChartCard kind="topCustomers" points={customers} source={receivablesSource} currency={receivablesCurrency} />
        <ChartCard kind="serviceRevenue" points={services} source={revenueSource} currency={revenueCurrency} />
      </Grid>

      <StatusFooter lastUpdated={lastUpdated} nextUpdate={nextUpdate} revenue={revenueSource} receivables={receivablesSource} />
    </Flex>
  );
}
