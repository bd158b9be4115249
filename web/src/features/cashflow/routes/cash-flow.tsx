import { Tabs } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { AccuracyTab } from '../components/accuracy-tab';
import { ForecastTab } from '../components/forecast-tab';
import { OverviewTab } from '../components/overview-tab';
import { TransactionsTab } from '../components/transactions-tab';

export const CASH_FLOW_TABS = ['overview', 'transactions', 'forecast', 'accuracy'] as const;
type Tab = (typeof CASH_FLOW_TABS)[number];

/**
 * /cash-flow (issue 17): the overview, the transactions with their categories and planned entries,
 * the forecast and its accuracy. The tab is in the address (?tab=), so a link or a reload lands on it;
 * the transactions' filters are there too.
 */
export function CashFlowRoute() {
  const { t } = useTranslation();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const tab: Tab = CASH_FLOW_TABS.find((name) => name === params.get('tab')) ?? 'overview';

  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  // Filters belong to the transactions: another tab starts the address afresh.
  const selectTab = (next: string) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader title={t('cashFlow.title')} description={t('cashFlow.intro')} />
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <Tabs.List>
          {CASH_FLOW_TABS.map((name) => (
            <Tabs.Trigger key={name} value={name}>
              {t(`cashFlow.tabs.${name}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab organizationId={organizationId} currency={currency} />
        </Tabs.Content>
        <Tabs.Content value="transactions">
          <TransactionsTab organizationId={organizationId} currency={currency} timezone={organization?.timezone} canEdit={role.isMember} />
        </Tabs.Content>
        <Tabs.Content value="forecast">
          <ForecastTab organizationId={organizationId} currency={currency} canConfigure={role.isAdmin} />
        </Tabs.Content>
        <Tabs.Content value="accuracy">
          <AccuracyTab organizationId={organizationId} currency={currency} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
