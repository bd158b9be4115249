import { Badge, Card, Flex, Heading, Table } from '@radix-ui/themes';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading } from '../../../components/feedback';
import { formatMoney } from '../../../lib/format';
import type { ChartProps } from './analytics-charts';
import { isEmptyChart, type ChartPoint } from './chart-data';
import type { DataSource } from './data-source';

/** One lazily loaded chunk holds all three drawings (and recharts). */
const charts = () => import('./analytics-charts');
const CHARTS: Record<ChartKind, ComponentType<ChartProps>> = {
  revenueTrend: lazy(() => charts().then((m) => ({ default: m.RevenueTrendChart }))),
  topCustomers: lazy(() => charts().then((m) => ({ default: m.TopCustomersChart }))),
  serviceRevenue: lazy(() => charts().then((m) => ({ default: m.ServiceRevenueChart }))),
};

export type ChartKind = 'revenueTrend' | 'topCustomers' | 'serviceRevenue';

interface ChartCardProps {
  kind: ChartKind;
  points: ChartPoint[];
  source: DataSource;
  currency: string;
}

/**
 * A chart with its title, a Sample data badge when it is drawn from the fallback data, and the
 * same figures as a table for screen readers and for reading exact amounts.
 */
export function ChartCard({ kind, points, source, currency }: ChartCardProps) {
  const { t } = useTranslation();
  const title = t(`analytics.charts.${kind}.title`);
  const Chart = CHARTS[kind];
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="4">
              {title}
            </Heading>
            {source === 'fallback' ? <Badge color="amber">{t('analytics.sample.badge')}</Badge> : null}
          </Flex>
          {source === 'loading' ? (
            <Loading />
          ) : isEmptyChart(points) ? (
            <EmptyState>{t(`analytics.charts.${kind}.empty`)}</EmptyState>
          ) : (
            <>
              <Suspense fallback={<Loading />}>
                <Chart points={points} label={title} seriesName={t(`analytics.charts.${kind}.series`)} currency={currency} />
              </Suspense>
              <details>
                <summary>{t('analytics.charts.asTable')}</summary>
                <Table.Root size="1" variant="surface" mt="2">
                  <TableCaption>{title}</TableCaption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>{t(`analytics.charts.${kind}.item`)}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t(`analytics.charts.${kind}.series`)}</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {points.map((p) => (
                      <Table.Row key={p.key}>
                        <Table.RowHeaderCell>{p.label}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatMoney(p.amount, currency)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </details>
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}
