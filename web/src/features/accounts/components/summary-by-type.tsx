import { Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/feedback';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useSummaryByType } from '../api/get-summary-by-type';

/** Balance per account type, and net income, as of today (GET accounts/summary/by-type). */
export function SummaryByType({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const summary = useSummaryByType(organizationId);
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return null;
  const { currency, data, net_income, as_of_date } = summary.data;
  return (
    <section aria-labelledby="accounts-summary-heading">
      <Flex justify="between" align="baseline" mb="2" gap="3" wrap="wrap">
        <Heading as="h2" id="accounts-summary-heading" size="4">
          {t('accounts.summary.title')}
        </Heading>
        <Text size="1" color="gray">
          {t('accounts.summary.asOf', { date: formatDate(as_of_date) })}
        </Text>
      </Flex>
      <Grid columns={{ initial: '2', sm: '3', md: '6' }} gap="3" asChild>
        <ul aria-labelledby="accounts-summary-heading" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((row) => (
            <li key={row.type}>
              <Card size="1">
                <Flex direction="column" gap="1">
                  <Text size="2" color="gray">
                    {t(`accounts.types.${row.type}`)}
                  </Text>
                  <Text size="4" weight="bold">
                    {formatMoney(row.balance, currency)}
                  </Text>
                  <Text size="1" color="gray">
                    {t('accounts.summary.accounts', { count: formatNumber(row.account_count) })}
                  </Text>
                </Flex>
              </Card>
            </li>
          ))}
          <li>
            <Card size="1">
              <Flex direction="column" gap="1">
                <Text size="2" color="gray">
                  {t('accounts.summary.netIncome')}
                </Text>
                <Text size="4" weight="bold" color={net_income.trim().startsWith('-') ? 'red' : undefined}>
                  {formatMoney(net_income, currency)}
                </Text>
                <Text size="1" color="gray">
                  {t('accounts.summary.netIncomeHint')}
                </Text>
              </Flex>
            </Card>
          </li>
        </ul>
      </Grid>
    </section>
  );
}
