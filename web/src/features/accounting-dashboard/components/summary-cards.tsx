import { Card, Grid, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';
import { isNegativeAmount } from './money';

function SummaryCard({ label, amount, currency, tone }: { label: string; amount: string; currency: string; tone?: 'signed' }) {
  const color = tone === 'signed' ? (isNegativeAmount(amount) ? 'red' : 'green') : undefined;
  return (
    <Card role="group" aria-label={label}>
      <Text as="div" size="2" color="gray">
        {label}
      </Text>
      <Text as="div" size="6" weight="bold" color={color}>
        {formatMoney(amount, currency)}
      </Text>
    </Card>
  );
}

/** The six figures an owner asks for first; net income is green when zero or more and red below. */
export function SummaryCards({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const { financial_summary: summary, currency } = dashboard;
  return (
    <Grid columns={{ initial: '1', xs: '2', md: '3' }} gap="3">
      <SummaryCard label={t('accountingDashboard.summary.revenueYtd')} amount={summary.total_revenue_ytd} currency={currency} />
      <SummaryCard label={t('accountingDashboard.summary.expensesYtd')} amount={summary.total_expenses_ytd} currency={currency} />
      <SummaryCard label={t('accountingDashboard.summary.netIncomeYtd')} amount={summary.net_income_ytd} currency={currency} tone="signed" />
      <SummaryCard label={t('accountingDashboard.summary.cashPosition')} amount={dashboard.current_cash_position} currency={currency} />
      <SummaryCard label={t('accountingDashboard.summary.totalAssets')} amount={summary.total_assets} currency={currency} />
      <SummaryCard label={t('accountingDashboard.summary.totalLiabilities')} amount={summary.total_liabilities} currency={currency} />
    </Grid>
  );
}
