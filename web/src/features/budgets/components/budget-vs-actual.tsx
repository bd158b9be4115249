import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { SelectInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { BudgetComparison } from '../api/get-budget-vs-actual';
import { formatPercent, monthLabel, varianceTone } from './figures';

interface Figures {
  budget: string;
  actual: string;
  variance: string;
  variance_percent: string | null;
}

interface Row {
  months: (Figures & { month: string })[];
  total: Figures;
}

const YEAR = 'year';
const TONE_COLOR = { favourable: 'green', unfavourable: 'red', even: 'gray' } as const;

/** The variance, coloured by whether it is good for the business, with the words for those who do not see colour. */
function Variance({ figures, currency }: { figures: Figures; currency: string }) {
  const { t } = useTranslation();
  const tone = varianceTone(figures.variance);
  return (
    <>
      <Table.Cell justify="end" data-tone={tone}>
        <Text color={TONE_COLOR[tone]} weight="medium">
          {formatMoney(figures.variance, currency)}
        </Text>
      </Table.Cell>
      <Table.Cell justify="end" data-tone={tone}>
        {figures.variance_percent === null ? (
          <Text color="gray">—</Text>
        ) : (
          <Badge color={TONE_COLOR[tone]} variant="soft" title={t(`budgets.vsActual.tones.${tone}`)}>
            {formatPercent(figures.variance_percent)}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text size="1" color={TONE_COLOR[tone]}>
          {t(`budgets.vsActual.tones.${tone}`)}
        </Text>
      </Table.Cell>
    </>
  );
}

/**
 * Budget against the ledger for the whole year or one month of it: per line, then the income,
 * expense and net totals. A positive variance is favourable (income above plan, spending below).
 */
export function BudgetVsActualTable({ comparison }: { comparison: BudgetComparison }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [period, setPeriod] = useState<string>(YEAR);
  const currency = comparison.currency;
  const index = period === YEAR ? -1 : Number(period);
  const figuresOf = (row: Row): Figures => (index < 0 ? row.total : (row.months[index] ?? row.total));
  const periodLabel = index < 0 ? t('budgets.vsActual.wholeYear', { year: comparison.fiscal_year }) : monthLabel(comparison.months[index]!, language);

  const line = (key: string, label: string, row: Row, strong = false) => {
    const figures = figuresOf(row);
    return (
      <Table.Row key={key}>
        <Table.RowHeaderCell>{strong ? <Text weight="bold">{label}</Text> : label}</Table.RowHeaderCell>
        <Table.Cell justify="end">{formatMoney(figures.budget, currency)}</Table.Cell>
        <Table.Cell justify="end">{formatMoney(figures.actual, currency)}</Table.Cell>
        <Variance figures={figures} currency={currency} />
      </Table.Row>
    );
  };

  const incomeLines = comparison.lines.filter((l) => l.account_type === 'income');
  const expenseLines = comparison.lines.filter((l) => l.account_type === 'expense');

  return (
    <Flex direction="column" gap="3">
      <Flex>
        <SelectInput
          label={t('budgets.vsActual.period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          options={[
            { value: YEAR, label: t('budgets.vsActual.wholeYear', { year: comparison.fiscal_year }) },
            ...comparison.months.map((month, m) => ({ value: String(m), label: monthLabel(month, language) })),
          ]}
        />
      </Flex>
      <div className="table-scroll">
        <Table.Root size="2" variant="surface">
          <TableCaption>{t('budgets.vsActual.caption', { period: periodLabel })}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('budgets.grid.account')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('budgets.vsActual.budget')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('budgets.vsActual.actual')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('budgets.vsActual.variance')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{t('budgets.vsActual.variancePercent')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('budgets.vsActual.assessment')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {incomeLines.map((l) => line(l.line_id, `${l.account_code} ${l.account_name}`, l))}
            {line('income', t('budgets.totals.income'), comparison.totals.income, true)}
            {expenseLines.map((l) => line(l.line_id, `${l.account_code} ${l.account_name}`, l))}
            {line('expense', t('budgets.totals.expense'), comparison.totals.expense, true)}
            {line('net', t('budgets.totals.net'), comparison.totals.net, true)}
          </Table.Body>
        </Table.Root>
      </div>
    </Flex>
  );
}
