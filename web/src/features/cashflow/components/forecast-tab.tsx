import { GearIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Grid, Heading, Table, Text } from '@radix-ui/themes';
import { FORECAST_COMPONENTS } from '@daftar/shared/schemas/cashflow';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { errorMessage, notify } from '../../../lib/notify';
import { useForecast, useRefreshForecast } from '../api/get-forecast';
import type { CashFlowForecast, ForecastScenario, Horizon } from '../api/keys';
import type { ForecastPoint } from './forecast-chart';
import { Choice } from './choice';
import { categoryLabel, dayLabel, formatRatio, height } from './labels';
import { Signed, Tile } from './overview-tab';
import { SettingsDialog } from './settings-dialog';

const ForecastChart = lazy(() => import('./forecast-chart'));
export const HORIZONS: readonly Horizon[] = [30, 60, 90];
const INFLOWS = new Set(['sales', 'receivables', 'cheques_received', 'planned_in']);

/** The chart's points: the base balance, each scenario's, and the band around the base. */
export function forecastPoints(forecast: CashFlowForecast): ForecastPoint[] {
  const scenario = (name: ForecastScenario['scenario']) => forecast.scenarios?.find((s) => s.scenario === name);
  const optimistic = scenario('optimistic');
  const pessimistic = scenario('pessimistic');
  const custom = scenario('custom');
  return forecast.base.days.map((day, i) => ({
    label: dayLabel(day.date),
    base: height(day.closing)!,
    optimistic: height(optimistic?.days[i]?.closing),
    pessimistic: height(pessimistic?.days[i]?.closing),
    custom: height(custom?.days[i]?.closing),
    band: day.low !== null && day.high !== null ? [Number(day.low), Number(day.high)] : null,
    texts: {
      base: day.closing,
      optimistic: optimistic?.days[i]?.closing ?? null,
      pessimistic: pessimistic?.days[i]?.closing ?? null,
      custom: custom?.days[i]?.closing ?? null,
      low: day.low,
      high: day.high,
    },
  }));
}

/** What the recurring series is about: a payee as the books name it, or a category in the reader's words. */
function recurringName(key: string, t: (key: string, options?: Record<string, unknown>) => string) {
  if (key.startsWith('category:')) return categoryLabel(t as never, key.slice('category:'.length));
  return key.replace(/^payee:/, '');
}

interface ForecastTabProps {
  organizationId: string;
  currency: string;
  /** Admins change the threshold and the adjustments. */
  canConfigure: boolean;
}

/**
 * The next 30, 60 or 90 days: the expected balance with the band of past errors and the
 * optimistic, pessimistic and adjusted scenarios, the alert threshold and the days below it, what
 * makes up the money in and out, and what the model learned from the books.
 */
export function ForecastTab({ organizationId, currency, canConfigure }: ForecastTabProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Horizon>(30);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const forecast = useForecast(organizationId, days);
  const refresh = useRefreshForecast();
  const onRefresh = () =>
    refresh.mutate({ organizationId, days }, { onSuccess: () => notify.success(t('cashFlow.forecast.refreshed')), onError: (error) => notify.error(errorMessage(error)) });

  return (
    <Flex direction="column" gap="4" pt="4">
      <Flex justify="between" align="center" wrap="wrap" gap="3">
        <Choice label={t('cashFlow.forecast.horizon')} value={days} onChange={setDays} options={HORIZONS.map((h) => ({ value: h, label: t(`cashFlow.forecast.horizons.${h}`) }))} />
        <Flex gap="2" align="center" wrap="wrap">
          {forecast.data ? (
            <Text size="1" color="gray">
              {t('cashFlow.forecast.madeAt', { when: formatDateTime(forecast.data.made_at) })}
            </Text>
          ) : null}
          <Button variant="soft" onClick={onRefresh} loading={refresh.isPending}>
            <ReloadIcon />
            {t('cashFlow.forecast.refresh')}
          </Button>
          {canConfigure ? (
            <Button variant="soft" onClick={() => setSettingsOpen(true)}>
              <GearIcon />
              {t('cashFlow.forecast.settings')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {forecast.isError ? <QueryError error={forecast.error} onRetry={() => void forecast.refetch()} /> : null}
      {forecast.isPending ? <Loading /> : null}
      {forecast.data ? <ForecastView forecast={forecast.data} currency={currency} /> : null}
      {settingsOpen ? <SettingsDialog organizationId={organizationId} currency={currency} onClose={() => setSettingsOpen(false)} /> : null}
    </Flex>
  );
}

function ForecastView({ forecast, currency }: { forecast: CashFlowForecast; currency: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => formatMoney(amount, currency);
  const { base } = forecast;
  const points = forecastPoints(forecast);
  const hasBand = points.some((p) => p.band !== null);
  const scenarioNames = { base: t('cashFlow.forecast.scenarios.base'), optimistic: t('cashFlow.forecast.scenarios.optimistic'), pessimistic: t('cashFlow.forecast.scenarios.pessimistic'), custom: t('cashFlow.forecast.scenarios.custom') };
  const threshold = forecast.threshold;
  const scenarios = forecast.scenarios ?? [base];

  return (
    <>
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" role="region" aria-label={t('cashFlow.forecast.chartTitle')}>
        <Tile label={t('cashFlow.forecast.opening')} value={money(forecast.opening_balance)} />
        <Tile label={t('cashFlow.forecast.closing', { days: forecast.days })} value={money(base.closing_balance)}>
          <Text as="div" size="1">
            <Signed amount={base.net} currency={currency} />
          </Text>
        </Tile>
        <Tile label={t('cashFlow.forecast.lowest')} value={money(base.lowest.balance)}>
          <Text as="div" size="1" color="gray">
            {t('cashFlow.forecast.lowestOn', { date: formatDate(base.lowest.date) })}
          </Text>
        </Tile>
        <Tile label={t('cashFlow.forecast.threshold')} value={threshold !== null ? money(threshold) : '—'}>
          <Text as="div" size="1" color={base.below_threshold.length ? 'red' : 'gray'} data-testid="below-threshold">
            {threshold !== null ? t('cashFlow.forecast.belowThreshold', { count: base.below_threshold.length, threshold: money(threshold) }) : t('cashFlow.forecast.noThreshold')}
          </Text>
        </Tile>
      </Grid>

      <Card size="3" asChild>
        <section aria-label={t('cashFlow.forecast.chartTitle')}>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              {t('cashFlow.forecast.chartTitle')}
            </Heading>
            <Suspense fallback={<Loading />}>
              <ForecastChart
                points={points}
                label={t('cashFlow.forecast.chartLabel', { days: forecast.days })}
                names={{ ...scenarioNames, band: t('cashFlow.forecast.band'), threshold: t('cashFlow.forecast.threshold') }}
                threshold={threshold !== null ? Number(threshold) : null}
                currency={currency}
              />
            </Suspense>
            {hasBand ? null : <Notice color="gray">{t('cashFlow.forecast.noBand')}</Notice>}
            {base.below_threshold.length ? (
              <Flex direction="column" gap="1" role="region" aria-label={t('cashFlow.forecast.belowTitle')}>
                <Text size="2" weight="medium" color="red">
                  {t('cashFlow.forecast.belowTitle')}
                </Text>
                <Flex gap="1" wrap="wrap">
                  {base.below_threshold.map((date) => (
                    <Badge key={date} color="red">
                      {formatDate(date)}
                    </Badge>
                  ))}
                </Flex>
              </Flex>
            ) : null}
            <details>
              <summary>{t('cashFlow.forecast.asTable')}</summary>
              <Table.Root size="1" variant="surface" mt="2">
                <TableCaption>{t('cashFlow.forecast.chartTitle')}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('cashFlow.forecast.date')}</Table.ColumnHeaderCell>
                    {scenarios.map((s) => (
                      <Table.ColumnHeaderCell key={s.scenario} justify="end">
                        {scenarioNames[s.scenario]}
                      </Table.ColumnHeaderCell>
                    ))}
                    <Table.ColumnHeaderCell justify="end">{t('cashFlow.forecast.low')}</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">{t('cashFlow.forecast.high')}</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {base.days.map((day, i) => (
                    <Table.Row key={day.date}>
                      <Table.RowHeaderCell>{formatDate(day.date)}</Table.RowHeaderCell>
                      {scenarios.map((s) => (
                        <Table.Cell key={s.scenario} justify="end">
                          {s.days[i] ? money(s.days[i].closing) : '—'}
                        </Table.Cell>
                      ))}
                      <Table.Cell justify="end">{day.low !== null ? money(day.low) : '—'}</Table.Cell>
                      <Table.Cell justify="end">{day.high !== null ? money(day.high) : '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </details>
          </Flex>
        </section>
      </Card>

      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <Card size="2" asChild>
          <section aria-label={t('cashFlow.forecast.components')}>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="3">
                {t('cashFlow.forecast.components')}
              </Heading>
              <Table.Root size="1" variant="surface">
                <TableCaption>{t('cashFlow.forecast.components')}</TableCaption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>{t('cashFlow.forecast.component')}</Table.ColumnHeaderCell>
                    {scenarios.map((s) => (
                      <Table.ColumnHeaderCell key={s.scenario} justify="end">
                        {scenarioNames[s.scenario]}
                      </Table.ColumnHeaderCell>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {FORECAST_COMPONENTS.map((component) => (
                    <Table.Row key={component}>
                      <Table.RowHeaderCell>
                        <Text color={INFLOWS.has(component) ? 'green' : 'red'}>{INFLOWS.has(component) ? '+ ' : '− '}</Text>
                        {t(`cashFlow.forecast.componentNames.${component}`)}
                      </Table.RowHeaderCell>
                      {scenarios.map((s) => (
                        <Table.Cell key={s.scenario} justify="end">
                          {money(s.components[component])}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                  <Table.Row>
                    <Table.RowHeaderCell>
                      <Text weight="bold">{t('cashFlow.forecast.net')}</Text>
                    </Table.RowHeaderCell>
                    {scenarios.map((s) => (
                      <Table.Cell key={s.scenario} justify="end">
                        <Text weight="bold">
                          <Signed amount={s.net} currency={currency} />
                        </Text>
                      </Table.Cell>
                    ))}
                  </Table.Row>
                </Table.Body>
              </Table.Root>
            </Flex>
          </section>
        </Card>
        <Card size="2" asChild>
          <section aria-label={t('cashFlow.forecast.learned')}>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="3">
                {t('cashFlow.forecast.learned')}
              </Heading>
              <Text size="2" weight="medium">
                {t('cashFlow.forecast.recurring')}
              </Text>
              {forecast.model.recurring.length === 0 ? (
                <Text size="2" color="gray">
                  {t('cashFlow.forecast.noRecurring')}
                </Text>
              ) : (
                <Flex direction="column" gap="2" asChild>
                  <ul aria-label={t('cashFlow.forecast.recurring')} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
                    {forecast.model.recurring.map((r) => (
                      <li key={r.key}>
                        <Flex justify="between" gap="3" wrap="wrap">
                          <Text size="2" dir="auto">
                            {recurringName(r.key, t)} · {t(`cashFlow.forecast.periods.${r.period}`, { defaultValue: r.period })}
                          </Text>
                          <Text size="2" weight="medium">
                            {money(r.amount)}
                          </Text>
                        </Flex>
                        {r.next.length ? (
                          <Text size="1" color="gray">
                            {t('cashFlow.forecast.next', { dates: r.next.slice(0, 3).map((d) => formatDate(d)).join(', ') })}
                          </Text>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </Flex>
              )}
              <Flex direction="column" gap="1" role="group" aria-label={t('cashFlow.forecast.doubtful')}>
                <Flex justify="between" gap="3">
                  <Text size="2" weight="medium">
                    {t('cashFlow.forecast.doubtful')}
                  </Text>
                  <Text size="2" weight="medium">
                    {money(forecast.model.doubtful_receivables)}
                  </Text>
                </Flex>
                <Text size="1" color="gray">
                  {t('cashFlow.forecast.doubtfulNote')}
                </Text>
              </Flex>
              <Text size="1" color="gray">
                {t('cashFlow.forecast.salesUncertainty', { percent: formatRatio(forecast.model.sales_uncertainty) })}
              </Text>
            </Flex>
          </section>
        </Card>
      </Grid>
    </>
  );
}
