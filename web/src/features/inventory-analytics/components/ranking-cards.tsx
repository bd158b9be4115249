import { useTranslation } from 'react-i18next';
import { ColumnsTable, type TableColumn } from '../../../components/columns-table';
import { EmptyState } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { SlowMoving, TopSelling } from '../api/get-inventory-analytics';
import { productName } from './abc-table';
import { SectionCard } from '../../../components/section-card';

const quantity = (text: string) => formatNumber(Number(text));

/** A ranking of products: its card, or what it says when no product ranks. */
function RankingCard<R extends { product_id: string }>({ title, empty, caption, columns, rows }: { title: string; empty: string; caption: string; columns: readonly TableColumn<R>[]; rows: readonly R[] }) {
  return (
    <SectionCard title={title}>
      {rows.length === 0 ? <EmptyState>{empty}</EmptyState> : <ColumnsTable size="1" caption={caption} columns={columns} rows={rows} rowKey={(r) => r.product_id} />}
    </SectionCard>
  );
}

export function TopSellingCard({ top }: { top: TopSelling }) {
  const { t } = useTranslation();
  return (
    <RankingCard
      title={t('inventoryAnalytics.top.title')}
      empty={t('inventoryAnalytics.top.empty')}
      caption={t('inventoryAnalytics.top.caption')}
      rows={top.data}
      columns={[
        { header: t('inventoryAnalytics.abc.product'), rowHeader: true, cell: productName },
        { header: t('inventoryAnalytics.top.sold'), end: true, cell: (r) => quantity(r.sold) },
        { header: t('inventoryAnalytics.top.revenue'), end: true, cell: (r) => formatMoney(r.revenue, top.currency) },
        { header: t('inventoryAnalytics.top.share'), end: true, cell: (r) => `${formatNumber(r.revenue_share_percent)} %` },
      ]}
    />
  );
}

export function SlowMovingCard({ slow }: { slow: SlowMoving }) {
  const { t } = useTranslation();
  return (
    <RankingCard
      title={t('inventoryAnalytics.slow.title')}
      empty={t('inventoryAnalytics.slow.empty')}
      caption={t('inventoryAnalytics.slow.caption')}
      rows={slow.data}
      columns={[
        { header: t('inventoryAnalytics.abc.product'), rowHeader: true, cell: productName },
        { header: t('inventoryAnalytics.slow.onHand'), end: true, cell: (r) => quantity(r.on_hand) },
        { header: t('inventoryAnalytics.slow.value'), end: true, cell: (r) => formatMoney(r.stock_value, slow.currency) },
        { header: t('inventoryAnalytics.slow.sold'), end: true, cell: (r) => quantity(r.sold) },
        { header: t('inventoryAnalytics.slow.cover'), end: true, cell: (r) => (r.days_of_cover === null ? t('inventoryAnalytics.slow.noSales') : formatNumber(r.days_of_cover)) },
      ]}
    />
  );
}
