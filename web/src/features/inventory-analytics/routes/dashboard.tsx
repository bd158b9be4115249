import { Box, Flex, Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useAbcAnalysis, useOverview, usePerformance, useSlowMoving, useTopSelling } from '../api/get-inventory-analytics';
import { AbcTable, productName } from '../components/abc-table';
import { ForecastCard } from '../components/forecast-card';
import { OverviewCards } from '../components/overview-cards';
import { SlowMovingCard, TopSellingCard } from '../components/ranking-cards';

const PERIODS = [30, 90, 180, 365] as const;
const DEFAULT_DAYS = 90;

/**
 * /inventory/dashboard: the period's figures, ABC/XYZ, top sellers and slow movers, and a demand
 * forecast for one product with the error it made when tested. The period and the product live in
 * the address, so a view can be shared or reloaded.
 */
export function InventoryDashboardRoute() {
  const { t } = useTranslation();
  const { organization, organizationId, isLoading } = useCurrentOrganization();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (PERIODS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  const overview = useOverview(organizationId, days);
  const performance = usePerformance(organizationId, days);
  const top = useTopSelling(organizationId, days);
  const slow = useSlowMoving(organizationId, days);
  const abc = useAbcAnalysis(organizationId, days);

  if (isLoading) return <Loading />;
  if (!organizationId) return <Notice color="amber">{t('inventoryAnalytics.noOrganization')}</Notice>;

  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const products = (abc.data?.data ?? []).map((r) => ({ id: r.product_id, name: productName(r) }));
  const chosen = params.get('product');
  const productId = chosen ?? products[0]?.id ?? null;
  const data = overview.data;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('inventoryAnalytics.title')}
        description={data ? t('inventoryAnalytics.subtitle', { name: organization?.name ?? '', days, from: formatDate(data.from), to: formatDate(data.to) }) : organization?.name}
        actions={
          <Box minWidth="10rem">
            <SelectInput label={t('inventoryAnalytics.period')} options={PERIODS.map((d) => ({ value: String(d), label: t('inventoryAnalytics.periodDays', { count: d }) }))} value={String(days)} onChange={(e) => set('days', e.target.value)} />
          </Box>
        }
      />
      {overview.isPending ? <Loading /> : null}
      {overview.isError ? <QueryError error={overview.error} onRetry={() => void overview.refetch()} /> : null}
      {data ? <OverviewCards overview={data} performance={performance.data} /> : null}
      <ForecastCard organizationId={organizationId} days={days} products={products} productId={productId} onProduct={(id) => set('product', id)} />
      {abc.isError ? <QueryError error={abc.error} onRetry={() => void abc.refetch()} /> : null}
      {abc.data ? <AbcTable abc={abc.data} onForecast={(id) => set('product', id)} /> : null}
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {top.data ? <TopSellingCard top={top.data} /> : null}
        {slow.data ? <SlowMovingCard slow={slow.data} /> : null}
      </Grid>
    </Flex>
  );
}
