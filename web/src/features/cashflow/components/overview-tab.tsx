import { Card, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { formatMoney as moneyText, parseMoney, subtract } from '@daftar/shared/money';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCashFlowDashboard } from '../api/get-cash-flow-dashboard';
import { useCashFlowSeries } from '../api/get-cash-flow-series';
import type { CashFlowDashboard, CashFlowSeries, Granularity } from '../api/keys';
import type { BalancePoint } from './balance-chart';
import { Choice } from './choice';
import { categoryLabel, dayLabel, height, monthLabel } from './labels';

const BalanceChart = lazy(() => import('./balance-chart'));
const GRANULARITIES: readonly Granularity[] = ['day', 'week', 'month'];

/** An amount coloured by its sign, as the reports show net figures. */
export function Signed({ amount, currency }: { amount: string; currency: string }) {
  const negative = amount.trim().startsWith('-');
  const zero = Number(amount) === 0;
  return (
    <Text color={zero ? undefined : negative ? 'red' : 'green'} data-sign={zero ? 'zero' : negative ? 'negative' : 'positive'}>
      {formatMoney(amount, currency)}
    </Text>
  );
}

export function Tile({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card role="group" aria-label={label}>
      <Flex direction="column" gap="1">
        <Text as="div" size="2" color="gray">
          {label}
        </Text>
        <Text as="div" size="6" weight="bold">
          {value}
        </Text>
        {children}
      </Flex>
    </Card>
  );
}

function Tiles({ dashboard, currency }: { dashboard: CashFlowDashboard; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Grid columns={{ initial: '1', sm: '3' }} gap="3" role="region" aria-label={t('cashFlow.overview.tiles')}>
      <Tile label={t('cashFlow.overview.balance')} value={money(dashboard.balance)}>
        <Text as="div" size="1" color="gray">
          {t('cashFlow.overview.balanceNote', { date: formatDate(dashboard.as_of) })}
        </Text>
      </Tile>
      <Tile label={t('cashFlow.overview.thisMonth')} value={<Signed amount={dashboard.this_month.net} currency={currency} />}>
        <Text as="div" size="1" color="gray">
          {t('cashFlow.overview.flows', { inflow: money(dashboard.this_month.inflow), outflow: money(dashboard.this_month.outflow) })}
        </Text>
        <Text as="div" size="1" data-testid="last-month">
          {t('cashFlow.overview.lastMonth', { amount: money(dashboard.last_month.net) })}
        </Text>
      </Tile>
      <Tile label={t('cashFlow.overview.planned')} value={<Signed amount={plannedNet(dashboard.planned, currency)} currency={currency} />}>
        <Text as="div" size="1" color="gray">
          {t('cashFlow.overview.plannedNote', { count: dashboard.planned.count, inflow: money(dashboard.planned.inflow), outflow: money(dashboard.planned.outflow) })}
        </Text>
      </Tile>
    </Grid>
  );
}

/** Planned in less planned out, in minor units (fils) so no float rounding shows. */
function plannedNet(planned: { inflow: string; outflow: string }, currency: string) {
  return moneyText(subtract(parseMoney(planned.inflow, currency), parseMoney(planned.outflow, currency)));
}

const pointLabel = (granularity: Granularity, start: string) => (granularity === 'month' ? monthLabel(start) : dayLabel(start));

function SeriesCard({ organizationId, currency }: { organizationId: string; currency: string }) {
  const { t } = useTranslation();
  const [granularity, setGranularity] = useState<Granularity>('day');
  const series = useCashFlowSeries(organizationId, granularity);
  const title = t('cashFlow.overview.chartTitle');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" wrap="wrap" gap="3">
            <Heading as="h2" size="4">
              {title}
            </Heading>
            <Choice
              label={t('cashFlow.overview.granularity')}
              value={granularity}
              onChange={setGranularity}
              options={GRANULARITIES.map((g) => ({ value: g, label: t(`cashFlow.overview.granularities.${g}`) }))}
            />
          </Flex>
          {series.isError ? <QueryError error={series.error} onRetry={() => void series.refetch()} /> : null}
          {series.isPending ? <Loading /> : null}
          {series.data ? <SeriesView series={series.data} granularity={granularity} currency={currency} /> : null}
        </Flex>
      </section>
    </Card>
  );
}

function SeriesView({ series, granularity, currency }: { series: CashFlowSeries; granularity: Granularity; currency: string }) {
  const { t } = useTranslation();
  const moved = series.points.some((p) => p.transaction_count > 0 || Number(p.closing_balance) !== 0);
  if (!moved) return <EmptyState>{t('cashFlow.overview.empty')}</EmptyState>;
  const points: BalancePoint[] = series.points.map((p) => ({
    label: pointLabel(granularity, p.period_start),
    closing: height(p.closing_balance)!,
    net: height(p.net)!,
    closingText: p.closing_balance,
    netText: p.net,
  }));
  const granularityName = t(`cashFlow.overview.granularities.${granularity}`);
  return (
    <>
      <Suspense fallback={<Loading />}>
        <BalanceChart
          points={points}
          label={t('cashFlow.overview.chartLabel', { granularity: granularityName })}
          balanceLabel={t('cashFlow.overview.balanceLine')}
          netLabel={t('cashFlow.overview.netBars')}
          currency={currency}
        />
      </Suspense>
      <details>
        <summary>{t('cashFlow.overview.asTable')}</summary>
        <Table.Root size="1" variant="surface" mt="2">
          <TableCaption>{t('cashFlow.overview.chartTitle')}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('cashFlow.overview.period')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('cashFlow.overview.inflow')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('cashFlow.overview.outflow')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('cashFlow.overview.net')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('cashFlow.overview.closing')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {series.points.map((p) => (
              <Table.Row key={p.period_start}>
                <Table.RowHeaderCell>{p.period_start === p.period_end ? formatDate(p.period_start) : `${formatDate(p.period_start)} – ${formatDate(p.period_end)}`}</Table.RowHeaderCell>
                <Table.Cell justify="end">{formatMoney(p.inflow, currency)}</Table.Cell>
                <Table.Cell justify="end">{formatMoney(p.outflow, currency)}</Table.Cell>
                <Table.Cell justify="end">
                  <Signed amount={p.net} currency={currency} />
                </Table.Cell>
                <Table.Cell justify="end">{formatMoney(p.closing_balance, currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </details>
    </>
  );
}

/** Cash now, this month against last, what is planned, the balance over time and where the money went. */
export function OverviewTab({ organizationId, currency }: { organizationId: string; currency: string }) {
  const { t } = useTranslation();
  const dashboard = useCashFlowDashboard(organizationId);
  return (
    <Flex direction="column" gap="4" pt="4">
      {dashboard.isError ? <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.isPending ? <Loading /> : null}
      {dashboard.data ? <Tiles dashboard={dashboard.data} currency={currency} /> : null}
      <SeriesCard organizationId={organizationId} currency={currency} />
      {dashboard.data ? (
        <Card size="3" asChild>
          <section aria-label={t('cashFlow.overview.topOutflows')}>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                {t('cashFlow.overview.topOutflows')}
              </Heading>
              {dashboard.data.top_outflows.length === 0 ? (
                <EmptyState>{t('cashFlow.overview.noOutflows')}</EmptyState>
              ) : (
                <ColumnsTable
                  size="1"
                  caption={t('cashFlow.overview.topOutflows')}
                  rows={dashboard.data.top_outflows}
                  rowKey={(row) => row.category}
                  columns={[
                    { header: t('cashFlow.overview.category'), rowHeader: true, cell: (row) => categoryLabel(t, row.category) },
                    { header: t('cashFlow.overview.amount'), end: true, cell: (row) => formatMoney(row.amount, currency) },
                  ]}
                />
              )}
            </Flex>
          </section>
        </Card>
      ) : null}
    </Flex>
  );
}
