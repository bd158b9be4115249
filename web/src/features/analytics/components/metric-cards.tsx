import { ArrowDownIcon, ArrowUpIcon } from '@radix-ui/react-icons';
import { Card, Flex, Grid, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatMoney, locale } from '../../../lib/format';
import type { DashboardMetrics } from '../api/get-dashboard-metrics';

/** SPEC §2: a figure the server leaves out is shown as 0. */
const amountOrZero = (amount: string | null | undefined) => (amount === null || amount === undefined || amount.trim() === '' ? '0' : amount);

/** A change in percent as a number; null, missing or unreadable counts as no change (0%). */
export function changePercent(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

export function formatPercentChange(percent: number) {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percent / 100);
}

interface MetricCardProps {
  label: string;
  amount: string | null | undefined;
  currency: string;
  /** Percent change; omitted for the balance-sheet totals, which carry none. */
  change?: number | string | null;
  /** Rising expenses are bad news, rising revenue good: the colour follows. */
  goodWhenUp?: boolean;
}

function MetricCard({ label, amount, currency, change, goodWhenUp = true }: MetricCardProps) {
  const { t } = useTranslation();
  const percent = changePercent(change);
  const tone = percent === 0 ? 'gray' : percent > 0 === goodWhenUp ? 'green' : 'red';
  return (
    <Card role="group" aria-label={label}>
      <Flex direction="column" gap="1">
        <Text as="div" size="2" color="gray">
          {label}
        </Text>
        <Text as="div" size="6" weight="bold">
          {formatMoney(amountOrZero(amount), currency)}
        </Text>
        {change !== undefined ? (
          <Text as="div" size="1" color={tone}>
            <Flex as="span" align="center" gap="1">
              {percent > 0 ? <ArrowUpIcon aria-hidden /> : percent < 0 ? <ArrowDownIcon aria-hidden /> : null}
              {t('analytics.metrics.change', { percent: formatPercentChange(percent) })}
            </Flex>
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** The four headline figures with their change, then the balance-sheet totals. */
export function MetricCards({ metrics, currency }: { metrics: DashboardMetrics; currency: string }) {
  const { t } = useTranslation();
  const summary = metrics.financial_summary ?? {};
  const changes = metrics.changes ?? {};
  return (
    <Flex direction="column" gap="3">
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
        <MetricCard label={t('analytics.metrics.revenueYtd')} amount={summary.total_revenue_ytd} currency={currency} change={changes.revenue_percent ?? null} />
        <MetricCard
          label={t('analytics.metrics.expensesYtd')}
          amount={summary.total_expenses_ytd}
          currency={currency}
          change={changes.expenses_percent ?? null}
          goodWhenUp={false}
        />
        <MetricCard label={t('analytics.metrics.netIncomeYtd')} amount={summary.net_income_ytd} currency={currency} change={changes.net_income_percent ?? null} />
        <MetricCard label={t('analytics.metrics.cashBalance')} amount={metrics.current_cash_position} currency={currency} change={changes.cash_percent ?? null} />
      </Grid>
      <Grid columns={{ initial: '1', xs: '2' }} gap="3">
        <MetricCard label={t('analytics.metrics.totalAssets')} amount={summary.total_assets} currency={currency} />
        <MetricCard label={t('analytics.metrics.totalLiabilities')} amount={summary.total_liabilities} currency={currency} goodWhenUp={false} />
      </Grid>
    </Flex>
  );
}
