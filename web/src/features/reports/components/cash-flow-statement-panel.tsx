import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { CashFlowLine, CashFlowStatement } from '../api/get-cash-flow-statement';
import { isZero, signColor } from '../utils/amounts';

function Figure({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id}>
      <Text as="div" size="1" color="gray" id={id}>
        {label}
      </Text>
      <Text as="div" size="5" weight="bold" color={signColor(amount)} data-sign={signColor(amount)}>
        {formatMoney(amount, currency)}
      </Text>
    </Card>
  );
}

function Lines({ title, lines, currency }: { title: string; lines: CashFlowLine[]; currency: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="3" id={id}>
        {title}
      </Heading>
      {lines.length === 0 ? (
        <Text size="2" color="gray">
          {t('reports.cashFlow.statement.noLines')}
        </Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul aria-labelledby={id} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {lines.map((line, index) => (
              <li key={`${line.label}-${index}`}>
                <Flex justify="between" gap="3">
                  <Text size="2">{line.label}</Text>
                  <Text size="2" weight="medium" color={signColor(line.current_amount)} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.current_amount, currency)}
                  </Text>
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Card>
  );
}

/** Nothing moved and there is no cash: the period has no statement to show. */
export function isEmptyStatement(statement: CashFlowStatement | undefined | null) {
  if (!statement) return true;
  const lines = statement.operating_activities.length + statement.investing_activities.length + statement.financing_activities.length;
  const figures = [
    statement.beginning_cash_balance,
    statement.net_operating_cash_flow,
    statement.net_investing_cash_flow,
    statement.net_financing_cash_flow,
    statement.net_change_in_cash,
    statement.ending_cash_balance,
  ];
  return lines === 0 && figures.every(isZero);
}

/** SPEC §2 Cash Flow Statement tab: six figures, Operating Activities, Investing & Financing. */
export function CashFlowStatementPanel({ statement, currency }: { statement: CashFlowStatement | undefined; currency: string }) {
  const { t } = useTranslation();
  if (!statement || isEmptyStatement(statement)) {
    return (
      <Flex direction="column" align="center" gap="2" py="8" role="status">
        <Heading as="h3" size="4">
          {t('reports.cashFlow.statement.emptyTitle')}
        </Heading>
        <Text color="gray">{t('reports.cashFlow.statement.emptyText')}</Text>
      </Flex>
    );
  }
  const money = statement.currency || currency;
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', xs: '2', md: '3' }} gap="3">
        <Figure label={t('reports.cashFlow.statement.beginningCash')} amount={statement.beginning_cash_balance} currency={money} />
        <Figure label={t('reports.cashFlow.statement.netOperating')} amount={statement.net_operating_cash_flow} currency={money} />
        <Figure label={t('reports.cashFlow.statement.netInvesting')} amount={statement.net_investing_cash_flow} currency={money} />
        <Figure label={t('reports.cashFlow.statement.netFinancing')} amount={statement.net_financing_cash_flow} currency={money} />
        <Figure label={t('reports.cashFlow.statement.netCashFlow')} amount={statement.net_change_in_cash} currency={money} />
        <Figure label={t('reports.cashFlow.statement.endingCash')} amount={statement.ending_cash_balance} currency={money} />
      </Grid>
      <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
        <Lines title={t('reports.cashFlow.statement.operating')} lines={statement.operating_activities} currency={money} />
        <Lines
          title={t('reports.cashFlow.statement.investingFinancing')}
          lines={[...statement.investing_activities, ...statement.financing_activities]}
          currency={money}
        />
      </Grid>
    </Flex>
  );
}
