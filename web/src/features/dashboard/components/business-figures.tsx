import { Card, Flex, Grid, Heading, Link as TextLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useBusinessOverview, type BusinessOverview } from '../api/get-business-overview';

/** Money arrives as decimal text; zero is read from the text, never through a float. */
const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

function Figure({ label, amount, currency, detail, detailTone, to, linkLabel }: {
  label: string;
  amount: string;
  currency: string;
  detail?: string;
  detailTone?: 'red';
  to: string;
  linkLabel: string;
}) {
  return (
    <Card asChild>
      <section aria-label={label}>
        <Flex direction="column" gap="1" height="100%">
          <Text as="div" size="2" color="gray">
            {label}
          </Text>
          <Text as="div" size="6" weight="bold">
            <bdi>{formatMoney(amount, currency)}</bdi>
          </Text>
          {detail ? (
            <Text as="div" size="1" color={detailTone}>
              {detail}
            </Text>
          ) : null}
          <Flex mt="auto" pt="2">
            <TextLink asChild size="2">
              <Link to={to}>{linkLabel}</Link>
            </TextLink>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}

/** This month's sales: the last of the twelve months the overview gives (it ends with today's month). */
const salesThisMonth = (overview: BusinessOverview) => overview.monthly[overview.monthly.length - 1]?.revenue ?? '0';

/**
 * What an owner asks first: sales this month, cash and bank, what customers owe (and how much of it
 * is overdue) and what is owed to suppliers — the accounting overview's figures, each with a way in.
 */
export function BusinessFigures({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const overview = useBusinessOverview(organizationId);
  const data = overview.data;
  const overdue = (documents: BusinessOverview['receivables']) =>
    isZero(documents.overdue_amount)
      ? t('home.figures.nothingOverdue')
      : t('home.figures.overdue', { amount: formatMoney(documents.overdue_amount, data?.currency), count: documents.overdue_count, number: formatNumber(documents.overdue_count) });
  return (
    <section aria-labelledby="home-figures" style={{ flex: '3 1 440px', minWidth: 0 }}>
      <Flex justify="between" align="baseline" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="4" id="home-figures">
          {t('home.figures.title')}
        </Heading>
        <TextLink asChild size="2">
          <Link to="/accounting">{t('home.figures.openOverview')}</Link>
        </TextLink>
      </Flex>
      {overview.isPending ? <Loading /> : null}
      {overview.isError ? <QueryError error={overview.error} onRetry={() => void overview.refetch()} /> : null}
      {data ? (
        <Grid columns={{ initial: '1', xs: '2' }} gap="3">
          <Figure
            label={t('home.figures.salesThisMonth')}
            amount={salesThisMonth(data)}
            currency={data.currency}
            detail={t('home.figures.salesYtd', { amount: formatMoney(data.financial_summary.total_revenue_ytd, data.currency) })}
            to="/sales/invoices"
            linkLabel={t('home.figures.viewInvoices')}
          />
          <Figure
            label={t('home.figures.cash')}
            amount={data.current_cash_position}
            currency={data.currency}
            detail={t('home.figures.cashAccounts', { count: data.cash_accounts.length, number: formatNumber(data.cash_accounts.length) })}
            to="/banking"
            linkLabel={t('home.figures.viewBanking')}
          />
          <Figure
            label={t('home.figures.receivables')}
            amount={data.receivables.outstanding}
            currency={data.currency}
            detail={overdue(data.receivables)}
            detailTone={isZero(data.receivables.overdue_amount) ? undefined : 'red'}
            to="/sales/customers"
            linkLabel={t('home.figures.viewCustomers')}
          />
          <Figure
            label={t('home.figures.payables')}
            amount={data.payables.outstanding}
            currency={data.currency}
            detail={overdue(data.payables)}
            detailTone={isZero(data.payables.overdue_amount) ? undefined : 'red'}
            to="/purchases/bills"
            linkLabel={t('home.figures.viewBills')}
          />
        </Grid>
      ) : null}
    </section>
  );
}
