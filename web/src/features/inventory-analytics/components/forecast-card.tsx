import { Box, Card, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { formatDate, formatNumber } from '../../../lib/format';
import { useForecast, type InventoryForecast } from '../api/get-inventory-analytics';
import { chartPoints } from './chart-points';

const ForecastChart = lazy(() => import('./forecast-chart'));

const FORECAST_DAYS = 14;
/** Typical supplier lead times, in days. */
const LEAD_TIMES = [1, 3, 7, 14, 30];
/** The backtest's error in words: what the user should expect of the numbers above. */
function ErrorFigures({ forecast }: { forecast: InventoryForecast }) {
  const { t } = useTranslation();
  const b = forecast.backtest;
  if (!b) return null;
  const n = (v: number) => formatNumber(v);
  const bias = b.bias > 0 ? t('inventoryAnalytics.forecast.biasOver', { value: n(b.bias) }) : b.bias < 0 ? t('inventoryAnalytics.forecast.biasUnder', { value: n(-b.bias) }) : t('inventoryAnalytics.forecast.biasNone');
  return (
    <section aria-label={t('inventoryAnalytics.forecast.errorTitle')}>
      <Heading as="h3" size="3" mb="2">
        {t('inventoryAnalytics.forecast.errorTitle')}
      </Heading>
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('inventoryAnalytics.forecast.mae')}</DataList.Label>
          <DataList.Value>{t('inventoryAnalytics.forecast.maeValue', { value: n(b.mae) })}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('inventoryAnalytics.forecast.wape')}</DataList.Label>
          <DataList.Value>{b.wape_percent === null ? t('inventoryAnalytics.forecast.wapeNone') : `${n(b.wape_percent)} %`}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('inventoryAnalytics.forecast.bias')}</DataList.Label>
          <DataList.Value>{bias}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <Text as="p" size="1" color="gray" mt="2">
        {t('inventoryAnalytics.forecast.errorNote', { horizon: b.horizon, days: b.days })}
      </Text>
    </section>
  );
}

function Reorder({ forecast }: { forecast: InventoryForecast }) {
  const { t } = useTranslation();
  const r = forecast.reorder;
  const units = (v: number) => t('inventoryAnalytics.forecast.units', { value: formatNumber(v) });
  const rows: [string, string][] = [
    [t('inventoryAnalytics.forecast.leadTimeDemand'), units(r.lead_time_demand)],
    [t('inventoryAnalytics.forecast.safetyStock'), units(r.safety_stock)],
    [t('inventoryAnalytics.forecast.reorderPoint'), units(r.reorder_point)],
    [t('inventoryAnalytics.forecast.onHand'), units(r.on_hand)],
    [t('inventoryAnalytics.forecast.suggested'), units(r.suggested_quantity)],
  ];
  return (
    <section aria-label={t('inventoryAnalytics.forecast.reorderTitle')}>
      <Heading as="h3" size="3" mb="2">
        {t('inventoryAnalytics.forecast.reorderTitle')}
      </Heading>
      <DataList.Root>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </section>
  );
}

/**
 * A product's forecast: history and forecast with its interval as a chart (and as a table for
 * screen readers), the method and why it was chosen, the error its backtest measured, and the order
 * the forecast suggests.
 */
export function ForecastCard({ organizationId, days, products, productId, onProduct }: { organizationId: string; days: number; products: { id: string; name: string }[]; productId: string | null; onProduct: (id: string) => void }) {
  const { t } = useTranslation();
  const [leadTime, setLeadTime] = useState(7);
  const query = useForecast(organizationId, productId, { days, forecast_days: FORECAST_DAYS, lead_time_days: leadTime });
  const f = query.data;
  const title = t('inventoryAnalytics.forecast.title');
  const methodText = f ? t(`inventoryAnalytics.forecast.methods.${f.method}`) : '';
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {products.length === 0 ? (
            <EmptyState>{t('inventoryAnalytics.forecast.choose')}</EmptyState>
          ) : (
            <Flex gap="3" wrap="wrap" align="end">
              <Box minWidth="14rem">
                <SelectInput label={t('inventoryAnalytics.forecast.product')} options={products.map((p) => ({ value: p.id, label: p.name }))} value={productId ?? ''} onChange={(e) => onProduct(e.target.value)} />
              </Box>
              <Box minWidth="8rem">
                <SelectInput label={t('inventoryAnalytics.forecast.leadTime')} options={LEAD_TIMES.map((d) => ({ value: String(d), label: formatNumber(d) }))} value={String(leadTime)} onChange={(e) => setLeadTime(Number(e.target.value))} />
              </Box>
            </Flex>
          )}
          {productId && query.isPending ? <Loading /> : null}
          {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
          {f ? (
            <>
              <Suspense fallback={<Loading />}>
                <ForecastChart
                  points={chartPoints(f)}
                  label={t('inventoryAnalytics.forecast.chartLabel', { name: f.name, percent: f.interval_percent })}
                  soldLabel={t('inventoryAnalytics.forecast.history')}
                  forecastLabel={t('inventoryAnalytics.forecast.forecast')}
                  intervalLabel={t('inventoryAnalytics.forecast.interval', { percent: f.interval_percent })}
                />
              </Suspense>
              <Text as="p" size="2">
                {f.backtest ? t('inventoryAnalytics.forecast.method', { method: methodText, days: f.backtest.days }) : t('inventoryAnalytics.forecast.methodUntested', { method: methodText })}
              </Text>
              <Flex gap="5" wrap="wrap">
                <ErrorFigures forecast={f} />
                <Reorder forecast={f} />
              </Flex>
              <details>
                <summary>{t('inventoryAnalytics.forecast.asTable')}</summary>
                <Table.Root size="1" variant="surface" mt="2">
                  <TableCaption>{t('inventoryAnalytics.forecast.tableCaption')}</TableCaption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>{t('inventoryAnalytics.forecast.date')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.forecast.value')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.forecast.low')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.forecast.high')}</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {f.forecast.map((p) => (
                      <Table.Row key={p.date}>
                        <Table.RowHeaderCell>{formatDate(p.date)}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatNumber(p.value)}</Table.Cell>
                        <Table.Cell justify="end">{formatNumber(p.low)}</Table.Cell>
                        <Table.Cell justify="end">{formatNumber(p.high)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </details>
            </>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
