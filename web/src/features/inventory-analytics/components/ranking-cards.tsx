import { Card, Flex, Heading, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { SlowMoving, TopSelling } from '../api/get-inventory-analytics';
import { productName } from './abc-table';

const quantity = (text: string) => formatNumber(Number(text));

export function TopSellingCard({ top }: { top: TopSelling }) {
  const { t } = useTranslation();
  const title = t('inventoryAnalytics.top.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {top.data.length === 0 ? (
            <EmptyState>{t('inventoryAnalytics.top.empty')}</EmptyState>
          ) : (
            <Table.Root size="1">
              <TableCaption>{t('inventoryAnalytics.top.caption')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('inventoryAnalytics.abc.product')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.top.sold')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.top.revenue')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.top.share')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {top.data.map((r) => (
                  <Table.Row key={r.product_id}>
                    <Table.RowHeaderCell>{productName(r)}</Table.RowHeaderCell>
                    <Table.Cell justify="end">{quantity(r.sold)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(r.revenue, top.currency)}</Table.Cell>
                    <Table.Cell justify="end">{`${formatNumber(r.revenue_share_percent)} %`}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Flex>
      </section>
    </Card>
  );
}

export function SlowMovingCard({ slow }: { slow: SlowMoving }) {
  const { t } = useTranslation();
  const title = t('inventoryAnalytics.slow.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {slow.data.length === 0 ? (
            <EmptyState>{t('inventoryAnalytics.slow.empty')}</EmptyState>
          ) : (
            <Table.Root size="1">
              <TableCaption>{t('inventoryAnalytics.slow.caption')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('inventoryAnalytics.abc.product')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.slow.onHand')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.slow.value')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.slow.sold')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.slow.cover')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {slow.data.map((r) => (
                  <Table.Row key={r.product_id}>
                    <Table.RowHeaderCell>{productName(r)}</Table.RowHeaderCell>
                    <Table.Cell justify="end">{quantity(r.on_hand)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(r.stock_value, slow.currency)}</Table.Cell>
                    <Table.Cell justify="end">{quantity(r.sold)}</Table.Cell>
                    <Table.Cell justify="end">{r.days_of_cover === null ? t('inventoryAnalytics.slow.noSales') : formatNumber(r.days_of_cover)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Flex>
      </section>
    </Card>
  );
}
