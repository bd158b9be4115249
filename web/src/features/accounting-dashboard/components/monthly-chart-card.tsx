import { Card, Flex, Heading, Table } from '@radix-ui/themes';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { EmptyState, Loading } from '../../../components/feedback';
import { formatMoney, locale } from '../../../lib/format';
import { currentLanguage, type Language } from '../../../lib/i18n';
import type { AccountingDashboard } from '../api/get-accounting-dashboard';
import { isZeroAmount } from './money';
import type { ChartMonth } from './revenue-expenses-chart';

const RevenueExpensesChart = lazy(() => import('./revenue-expenses-chart'));

const monthLabel = (month: string, language: Language) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(language), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
};

/**
 * Revenue against expenses over the last twelve months. The bars are drawn from numbers (heights
 * only); the same figures are also given as a table for screen readers, formatted from the text.
 */
export function MonthlyChartCard({ dashboard }: { dashboard: AccountingDashboard }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { currency, monthly } = dashboard;
  const empty = monthly.every((m) => isZeroAmount(m.revenue) && isZeroAmount(m.expenses));
  const months: ChartMonth[] = monthly.map((m) => ({
    month: m.month,
    label: monthLabel(m.month, language),
    revenue: Number(m.revenue),
    expenses: Number(m.expenses),
    revenueText: m.revenue,
    expensesText: m.expenses,
  }));
  const title = t('accountingDashboard.chart.title');
  return (
    <Card size="3" asChild>
      <section aria-label={title}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {empty ? (
            <EmptyState>{t('accountingDashboard.chart.empty')}</EmptyState>
          ) : (
            <>
              <Suspense fallback={<Loading />}>
                <RevenueExpensesChart
                  months={months}
                  label={t('accountingDashboard.chart.label')}
                  revenueLabel={t('accountingDashboard.chart.revenue')}
                  expensesLabel={t('accountingDashboard.chart.expenses')}
                  currency={currency}
                />
              </Suspense>
              <details>
                <summary>{t('accountingDashboard.chart.asTable')}</summary>
                <Table.Root size="1" variant="surface" mt="2">
                  <TableCaption>{title}</TableCaption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>{t('accountingDashboard.chart.month')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.chart.revenue')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.chart.expenses')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('accountingDashboard.chart.netIncome')}</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {monthly.map((m, i) => (
                      <Table.Row key={m.month}>
                        <Table.RowHeaderCell>{months[i]!.label}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{formatMoney(m.revenue, currency)}</Table.Cell>
                        <Table.Cell justify="end">{formatMoney(m.expenses, currency)}</Table.Cell>
                        <Table.Cell justify="end">{formatMoney(m.net_income, currency)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </details>
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}
