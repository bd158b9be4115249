import { Badge, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AbcAnalysis } from '../api/get-inventory-analytics';

const ABC_COLORS = { A: 'green', B: 'amber', C: 'gray' } as const;
const XYZ_COLORS = { X: 'green', Y: 'amber', Z: 'red' } as const;

export const productName = (row: { name: string; name_ar: string | null }) => (currentLanguage() === 'ar' && row.name_ar ? row.name_ar : row.name);

/** ABC by value sold at cost, XYZ by steadiness of demand, each product with its class badges. */
export function AbcTable({ abc, onForecast }: { abc: AbcAnalysis; onForecast: (productId: string) => void }) {
  const { t } = useTranslation();
  const title = t('inventoryAnalytics.abc.title');
  const percent = (v: number) => `${formatNumber(v)} %`;
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t('inventoryAnalytics.abc.help')}
          </Text>
          {abc.data.length === 0 ? (
            <EmptyState>{t('inventoryAnalytics.abc.empty')}</EmptyState>
          ) : (
            <>
              <Flex gap="3" wrap="wrap">
                {abc.summary.map((c) => (
                  <Badge key={c.abc} size="2" color={ABC_COLORS[c.abc]} variant="soft">
                    {t('inventoryAnalytics.abc.summary', { abc: c.abc, products: formatNumber(c.products), share: percent(c.share_percent) })}
                  </Badge>
                ))}
              </Flex>
              <Table.Root size="1" variant="surface">
                <TableCaption>{t('inventoryAnalytics.abc.caption')}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('inventoryAnalytics.abc.product')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.abc.value')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.abc.share')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.abc.cumulative')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('inventoryAnalytics.abc.abcClass')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>{t('inventoryAnalytics.abc.xyzClass')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('inventoryAnalytics.abc.variation')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {abc.data.map((r) => {
                    const name = productName(r);
                    return (
                      <Table.Row key={r.product_id}>
                        <Table.RowHeaderCell>
                          <Button variant="ghost" size="1" onClick={() => onForecast(r.product_id)} aria-label={t('inventoryAnalytics.abc.forecastFor', { name })}>
                            {name}
                          </Button>
                        </Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatMoney(r.value, abc.currency)}</Table.Cell>
                        <Table.Cell justify="end">{percent(r.share_percent)}</Table.Cell>
                        <Table.Cell justify="end">{percent(r.cumulative_percent)}</Table.Cell>
                        <Table.Cell>
                          <Badge color={ABC_COLORS[r.abc]}>{r.abc}</Badge>
                        </Table.Cell>
                        <Table.Cell>{r.xyz ? <Badge color={XYZ_COLORS[r.xyz]}>{r.xyz}</Badge> : t('inventoryAnalytics.abc.noDemand')}</Table.Cell>
                        <Table.Cell justify="end">{r.cv === null ? '—' : formatNumber(r.cv)}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}
