import { Button, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useTaxes, type Tax } from '../api/get-taxes';
import { JordanGstCard } from '../components/jordan-gst-card';
import { TaxCalculator } from '../components/tax-calculator';
import { TaxDialog } from '../components/tax-dialog';
import { TaxesTable } from '../components/taxes-table';

type Editing = { tax?: Tax } | null;

/** The organization's taxes, the Jordan GST set and a calculator that shows per-line rounding. */
export function TaxesRoute() {
  const { t } = useTranslation();
  const switchId = useId();
  const { organizationId, organization } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const [includeInactive, setIncludeInactive] = useState(false);
  const taxes = useTaxes(org, includeInactive);
  // The calculator offers active taxes whatever the list shows.
  const activeTaxes = useTaxes(org, false);
  const [editing, setEditing] = useState<Editing>(null);
  if (!organizationId) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={t('taxes.title')} description={t('taxes.intro')} actions={role.isAdmin ? <Button onClick={() => setEditing({})}>{t('taxes.newTax')}</Button> : null} />
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="4">
            {t('taxes.listTitle')}
          </Heading>
          <Flex gap="2" align="center">
            <Switch id={switchId} checked={includeInactive} onCheckedChange={setIncludeInactive} />
            <Text as="label" htmlFor={switchId} size="2">
              {t('taxes.showInactive')}
            </Text>
          </Flex>
        </Flex>
        {taxes.isPending ? <Loading /> : null}
        {taxes.isError ? <QueryError error={taxes.error} onRetry={() => void taxes.refetch()} /> : null}
        {taxes.data && taxes.data.data.length === 0 ? <EmptyState>{t('taxes.empty')}</EmptyState> : null}
        {taxes.data && taxes.data.data.length > 0 ? (
          <TaxesTable organizationId={organizationId} taxes={taxes.data.data} currency={currency} onEdit={role.isAdmin ? (tax) => setEditing({ tax }) : undefined} />
        ) : null}
      </Flex>
      <JordanGstCard organizationId={organizationId} canSetUp={role.isAdmin} />
      {activeTaxes.data ? <TaxCalculator organizationId={organizationId} currency={currency} taxes={activeTaxes.data.data} /> : null}
      {editing ? <TaxDialog organizationId={organizationId} tax={editing.tax} onClose={() => setEditing(null)} /> : null}
    </Flex>
  );
}
