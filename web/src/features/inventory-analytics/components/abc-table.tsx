import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { EmptyState } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AbcAnalysis } from '../api/get-inventory-analytics';
import { SectionCard } from '../../../components/section-card';

const ABC_COLORS = { A: 'green', B: 'amber', C: 'gray' } as const;
const XYZ_COLORS = { X: 'green', Y: 'amber', Z: 'red' } as const;

export const productName = (row: { name: string; name_ar: string | null }) => (currentLanguage() === 'ar' && row.name_ar ? row.name_ar : row.name);

/** ABC by value sold at cost, XYZ by steadiness of demand, each product with its class badges. */
export function AbcTable({ abc, onForecast }: { abc: AbcAnalysis; onForecast: (productId: string) => void }) {
  const { t } = useTranslation();
  const title = t('inventoryAnalytics.abc.title');
  const percent = (v: number) => `${formatNumber(v)} %`;
  return (
    <SectionCard title={title}>
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
          <ColumnsTable
            size="1"
            variant="surface"
            caption={t('inventoryAnalytics.abc.caption')}
            rows={abc.data}
            rowKey={(r) => r.product_id}
            columns={[
              {
                header: t('inventoryAnalytics.abc.product'),
                rowHeader: true,
                cell: (r) => (
                  <Button variant="ghost" size="1" onClick={() => onForecast(r.product_id)} aria-label={t('inventoryAnalytics.abc.forecastFor', { name: productName(r) })}>
                    {productName(r)}
                  </Button>
                ),
              },
              { header: t('inventoryAnalytics.abc.value'), end: true, cell: (r) => formatMoney(r.value, abc.currency) },
              { header: t('inventoryAnalytics.abc.share'), end: true, cell: (r) => percent(r.share_percent) },
              { header: t('inventoryAnalytics.abc.cumulative'), end: true, cell: (r) => percent(r.cumulative_percent) },
              { header: t('inventoryAnalytics.abc.abcClass'), cell: (r) => <Badge color={ABC_COLORS[r.abc]}>{r.abc}</Badge> },
              { header: t('inventoryAnalytics.abc.xyzClass'), cell: (r) => (r.xyz ? <Badge color={XYZ_COLORS[r.xyz]}>{r.xyz}</Badge> : t('inventoryAnalytics.abc.noDemand')) },
              { header: t('inventoryAnalytics.abc.variation'), end: true, cell: (r) => (r.cv === null ? '—' : formatNumber(r.cv)) },
            ]}
          />
        </>
      )}
    </SectionCard>
  );
}
