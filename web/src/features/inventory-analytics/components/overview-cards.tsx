import { Card, Grid, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { InventoryOverview, InventoryPerformance } from '../api/get-inventory-analytics';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card role="group" aria-label={label}>
      <Text as="div" size="2" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold">
        {value}
      </Text>
      {note ? (
        <Text as="div" size="1" color="gray">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

/** The figures an owner reads first: what the stock is worth, what sold, how fast it turns. */
export function OverviewCards({ overview, performance }: { overview: InventoryOverview; performance?: InventoryPerformance }) {
  const { t } = useTranslation();
  const { currency } = overview;
  const none = t('inventoryAnalytics.cards.notAvailable');
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '3' }} gap="3">
      <Figure label={t('inventoryAnalytics.cards.stockValue')} value={formatMoney(overview.stock_value, currency)} note={t('inventoryAnalytics.cards.trackedProducts', { count: overview.tracked_products })} />
      <Figure label={t('inventoryAnalytics.cards.revenue')} value={formatMoney(overview.revenue, currency)} note={t('inventoryAnalytics.cards.productsSold', { count: overview.products_sold })} />
      <Figure
        label={t('inventoryAnalytics.cards.grossMargin')}
        value={overview.gross_margin_percent === null ? none : `${formatNumber(overview.gross_margin_percent)} %`}
        note={formatMoney(overview.gross_profit, currency)}
      />
      <Figure label={t('inventoryAnalytics.cards.sold')} value={formatNumber(Number(overview.sold))} />
      <Figure
        label={t('inventoryAnalytics.cards.turnover')}
        value={performance?.turnover == null ? none : t('inventoryAnalytics.cards.turnoverValue', { value: formatNumber(performance.turnover) })}
        // Both figures divide by the average stock value; when that is not positive (goods sold before
        // they were received) the server has no turnover, and the days of stock would come out negative.
        note={performance?.turnover == null || performance.days_of_inventory == null ? undefined : t('inventoryAnalytics.cards.daysOfInventory', { value: formatNumber(performance.days_of_inventory) })}
      />
      <Figure
        label={t('inventoryAnalytics.cards.lowStock')}
        value={formatNumber(overview.low_stock + overview.out_of_stock)}
        note={t('inventoryAnalytics.cards.lowStockValue', { low: formatNumber(overview.low_stock), out: formatNumber(overview.out_of_stock) })}
      />
    </Grid>
  );
}
