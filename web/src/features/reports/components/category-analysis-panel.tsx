import { Badge, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/feedback';
import { formatMoney } from '../../../lib/format';
import type { CashFlowCategories, CategoryFlow, CategoryType } from '../api/get-cash-flow-categories';
import { signColor } from '../utils/amounts';
import type { CategorySlice } from './category-chart';

const CategoryChart = lazy(() => import('./category-chart'));

/** SPEC §9: the chart shows at most 8 categories. */
export const CHART_CATEGORY_LIMIT = 8;

interface TypedCategory extends CategoryFlow {
  type: 'income' | 'expense';
}

/** The categories the filter keeps: income, expenses, or both (income first). */
export function filteredCategories(report: CashFlowCategories, categoryType: CategoryType): TypedCategory[] {
  const income = categoryType === 'expenses' ? [] : report.income_categories.map((c) => ({ ...c, type: 'income' as const }));
  const expense = categoryType === 'income' ? [] : report.expense_categories.map((c) => ({ ...c, type: 'expense' as const }));
  return [...income, ...expense];
}

export function chartSlices(categories: TypedCategory[]): CategorySlice[] {
  return categories.slice(0, CHART_CATEGORY_LIMIT).map((c) => ({
    key: `${c.type}:${c.account_id}`,
    name: c.category,
    value: Math.abs(Number(c.amount)),
    amount: String(c.amount),
    type: c.type,
  }));
}

function Total({ label, amount, currency, color }: { label: string; amount: string; currency: string; color?: 'green' | 'red' }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1" role="group" aria-labelledby={id}>
      <Text size="1" color="gray" id={id}>
        {label}
      </Text>
      <Text size="4" weight="bold" color={color} data-sign={color}>
        {formatMoney(amount, currency)}
      </Text>
    </Flex>
  );
}

/** SPEC §2 Category Analysis tab: summary card, category list, pie chart of the first 8. */
export function CategoryAnalysisPanel({ report, categoryType, currency }: { report: CashFlowCategories | undefined; categoryType: CategoryType; currency: string }) {
  const { t } = useTranslation();
  const listId = useId();
  const categories = report ? filteredCategories(report, categoryType) : [];
  if (!report || categories.length === 0) {
    return (
      <Flex direction="column" align="center" gap="2" py="8" role="status">
        <Heading as="h3" size="4">
          {t('reports.cashFlow.categories.emptyTitle')}
        </Heading>
        <Text color="gray">{t('reports.cashFlow.categories.emptyText')}</Text>
      </Flex>
    );
  }
  const money = report.currency || currency;
  const chartTitle = t(`reports.cashFlow.categories.chartTitle.${categoryType}`);
  return (
    <Flex direction="column" gap="4">
      <Card size="2">
        <Heading as="h3" size="3" mb="3">
          {t('reports.cashFlow.categories.summary')}
        </Heading>
        <Grid columns={{ initial: '2', sm: '4' }} gap="4">
          <Total label={t('reports.cashFlow.categories.totalIncome')} amount={report.total_income} currency={money} />
          <Total label={t('reports.cashFlow.categories.totalExpenses')} amount={report.total_expenses} currency={money} />
          <Total label={t('reports.cashFlow.categories.netCashFlow')} amount={report.net_cash_flow} currency={money} color={signColor(report.net_cash_flow)} />
          <Flex direction="column" gap="1">
            <Text size="1" color="gray">
              {t('reports.cashFlow.categories.categoriesLabel')}
            </Text>
            <Text size="4" weight="bold">
              {t('reports.cashFlow.categories.count', { count: categories.length })}
            </Text>
          </Flex>
        </Grid>
      </Card>
      <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
        <Card size="2">
          <Heading as="h3" size="3" mb="3" id={listId}>
            {t('reports.cashFlow.categories.listTitle')}
          </Heading>
          <Flex direction="column" gap="3" asChild>
            <ul aria-labelledby={listId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {categories.map((category) => (
                <li key={`${category.type}:${category.account_id}`}>
                  <Flex justify="between" align="center" gap="3">
                    <Flex direction="column">
                      <Text size="2" weight="medium">
                        {category.category}
                      </Text>
                      <Text size="1" color="gray">
                        {t('reports.cashFlow.categories.transactions', { count: category.transaction_count })}
                      </Text>
                    </Flex>
                    <Badge size="2" color={category.type === 'income' ? 'green' : 'red'} data-type={category.type}>
                      {formatMoney(category.amount, money)}
                    </Badge>
                  </Flex>
                </li>
              ))}
            </ul>
          </Flex>
        </Card>
        <Card size="2">
          <Heading as="h3" size="3" mb="3">
            {chartTitle}
          </Heading>
          <Suspense fallback={<Loading />}>
            <CategoryChart slices={chartSlices(categories)} currency={money} label={chartTitle} />
          </Suspense>
        </Card>
      </Grid>
    </Flex>
  );
}
