import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useForecastAccuracies } from '../api/get-forecast-accuracy';
import type { ForecastAccuracy, Horizon } from '../api/keys';
import { HORIZONS } from './forecast-tab';
import { formatRatio } from './labels';

/**
 * How far the kept nightly forecasts were from what happened, per horizon: WAPE, MAE and bias
 * beside the naive forecast's WAPE (each day as 30 days before), which the model should beat.
 */
export function AccuracyTab({ organizationId, currency }: { organizationId: string; currency: string }) {
  const { t } = useTranslation();
  const reads = useForecastAccuracies(organizationId, HORIZONS);
  const failed = reads.find((r) => r.isError);
  if (failed) return <QueryError error={failed.error} onRetry={() => reads.forEach((r) => void r.refetch())} />;
  if (reads.some((r) => r.isPending)) return <Loading />;
  const rows: ForecastAccuracy[] = reads.map((r) => r.data!);
  const none = <Text color="gray">—</Text>;
  if (rows.every((r) => r.wape === null))
    return (
      <Flex direction="column" gap="4" pt="4">
        <Text size="2" color="gray">
          {t('cashFlow.accuracy.explain')}
        </Text>
        <Notice>{t('cashFlow.accuracy.empty')}</Notice>
      </Flex>
    );

  return (
    <Flex direction="column" gap="4" pt="4">
      <Card size="3" asChild>
        <section aria-label={t('cashFlow.accuracy.title')}>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('cashFlow.accuracy.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('cashFlow.accuracy.explain')}
            </Text>
            <ColumnsTable
              variant="surface"
              scroll
              caption={t('cashFlow.accuracy.horizonCaption')}
              rows={rows}
              rowKey={(r) => String(r.horizon)}
              columns={[
                { header: t('cashFlow.accuracy.horizon'), rowHeader: true, cell: (r) => t(`cashFlow.forecast.horizons.${r.horizon}`) },
                { header: t('cashFlow.accuracy.wape'), end: true, cell: (r) => (r.wape !== null ? <Text weight="bold">{formatRatio(r.wape)}</Text> : <Badge color="gray">{t('cashFlow.accuracy.notYet')}</Badge>) },
                { header: t('cashFlow.accuracy.naiveWape'), end: true, cell: (r) => (r.naive_wape !== null ? formatRatio(r.naive_wape) : none) },
                { header: t('cashFlow.accuracy.mae'), end: true, cell: (r) => (r.mae !== null ? formatMoney(r.mae, currency) : none) },
                { header: t('cashFlow.accuracy.bias'), end: true, cell: (r) => (r.bias !== null ? formatRatio(r.bias, { signed: true }) : none) },
                { header: t('cashFlow.accuracy.compared'), end: true, cell: (r) => formatNumber(r.forecasts_compared) },
                { header: t('cashFlow.accuracy.days'), end: true, cell: (r) => formatNumber(r.days_compared) },
                {
                  header: '',
                  cell: (r) =>
                    r.wape !== null && r.naive_wape !== null ? (
                      Number(r.wape) < Number(r.naive_wape) ? (
                        <Badge color="green">{t('cashFlow.accuracy.better')}</Badge>
                      ) : (
                        <Badge color="amber">{t('cashFlow.accuracy.worse')}</Badge>
                      )
                    ) : null,
                },
              ]}
            />
            {rows
              .filter((r) => r.wape === null)
              .map((r) => (
                <Notice key={r.horizon} color="gray">
                  {t('cashFlow.accuracy.tooFew', { days: r.horizon as Horizon })}
                </Notice>
              ))}
          </Flex>
        </section>
      </Card>
    </Flex>
  );
}
