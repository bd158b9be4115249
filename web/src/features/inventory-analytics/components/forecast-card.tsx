import { Box, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { formatDate, formatNumber } from '../../../lib/format';
import { useForecast, type InventoryForecast } from '../api/get-inventory-analytics';
import { productName } from './abc-table';
import { chartPoints } from './chart-points';
import { SectionCard } from '../../../components/section-card';

const ForecastChart = lazy(() => import('./forecast-chart'));

const FORECAST_DAYS = 14;
/** Typical supplier lead times, in days. */
const LEAD_TIMES = [1, 3, 7, 14, 30];
/** A titled list of figures, label and value, under the forecast. */
function FigureList({ title, rows, note }: { title: string; rows: readonly [string, string][]; note?: string }) {
  return (
    <section aria-label={title}>
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      <DataList.Root>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      {note ? (
        <Text as="p" size="1" color="gray" mt="2">
          {note}
        </Text>
      ) : null}
    </section>
  );
}

/** The backtest's error in words: what the user should expect of the numbers above. */
function ErrorFigures({ forecast }: { forecast: InventoryForecast }) {
  const { t } = useTranslation();
  const b = forecast.backtest;
  if (!b) return null;
  const n = (v: number) => formatNumber(v);
  const bias = b.bias > 0 ? t('inventoryAnalytics.forecast.biasOver', { value: n(b.bias) }) : b.bias < 0 ? t('inventoryAnalytics.forecast.biasUnder', { value: n(-b.bias) }) : t('inventoryAnalytics.forecast.biasNone');
  return (
    <FigureList
      title={t('inventoryAnalytics.forecast.errorTitle')}
      rows={[
        [t('inventoryAnalytics.forecast.mae'), t('inventoryAnalytics.forecast.maeValue', { value: n(b.mae) })],
        [t('inventoryAnalytics.forecast.wape'), b.wape_percent === null ? t('inventoryAnalytics.forecast.wapeNone') : `${n(b.wape_percent)} %`],
        [t('inventoryAnalytics.forecast.bias'), bias],
      ]}
      note={t('inventoryAnalytics.forecast.errorNote', { horizon: b.horizon, days: b.days })}
    />
  );
}

function Reorder({ forecast }: { forecast: InventoryForecast }) {
  const { t } = useTranslation();
  const r = forecast.reorder;
  const units = (v: number) => t('inventoryAnalytics.forecast.units', { value: formatNumber(v) });
  return (
    <FigureList
      title={t('inventoryAnalytics.forecast.reorderTitle')}
      rows={[
        [t('inventoryAnalytics.forecast.leadTimeDemand'), units(r.lead_time_demand)],
        [t('inventoryAnalytics.forecast.safetyStock'), units(r.safety_stock)],
        [t('inventoryAnalytics.forecast.reorderPoint'), units(r.reorder_point)],
        [t('inventoryAnalytics.forecast.onHand'), units(r.on_hand)],
        [t('inventoryAnalytics.forecast.suggested'), units(r.suggested_quantity)],
      ]}
    />
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
    <SectionCard title={title}>
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
              label={t('inventoryAnalytics.forecast.chartLabel', { name: productName(f), percent: f.interval_percent })}
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
            <ColumnsTable
              size="1"
              variant="surface"
              mt="2"
              caption={t('inventoryAnalytics.forecast.tableCaption')}
              rows={f.forecast}
              rowKey={(p) => p.date}
              columns={[
                { header: t('inventoryAnalytics.forecast.date'), rowHeader: true, cell: (p) => formatDate(p.date) },
                { header: t('inventoryAnalytics.forecast.value'), end: true, cell: (p) => formatNumber(p.value) },
                { header: t('inventoryAnalytics.forecast.low'), end: true, cell: (p) => formatNumber(p.low) },
                { header: t('inventoryAnalytics.forecast.high'), end: true, cell: (p) => formatNumber(p.high) },
              ]}
            />
          </details>
        </>
      ) : null}
    </SectionCard>
  );
}
