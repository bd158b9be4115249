import { Button, Flex, Switch, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBankAccounts } from '../api/get-bank-accounts';
import { BankAccountDialog } from '../components/bank-account-dialog';
import { BankAccountsTable } from '../components/bank-accounts-table';

export const PAGE_SIZE = 25;

export function BankAccountsRoute() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const switchId = useId();
  const [params, setParams] = useSearchParams();
  const includeInactive = params.get('inactive') === '1';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const banks = useBankAccounts(organizationId ?? '', { include_inactive: includeInactive, skip, limit: PAGE_SIZE }, !!organizationId);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  if (!organizationId) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('banking.title')}
        description={t('banking.intro')}
        actions={role.isAdmin ? <BankAccountDialog organizationId={organizationId} trigger={<Button>{t('banking.add')}</Button>} /> : null}
      />
      <Flex gap="2" align="center">
        <Switch id={switchId} checked={includeInactive} onCheckedChange={(checked) => update({ inactive: checked ? '1' : null, skip: null })} />
        <Text as="label" htmlFor={switchId} size="2">
          {t('banking.showInactive')}
        </Text>
      </Flex>
      {banks.isPending ? <Loading /> : null}
      {banks.isError ? <QueryError error={banks.error} onRetry={() => void banks.refetch()} /> : null}
      {banks.data && banks.data.data.length === 0 ? <EmptyState>{t('banking.empty')}</EmptyState> : null}
      {banks.data && banks.data.data.length > 0 ? <BankAccountsTable organizationId={organizationId} banks={banks.data.data} isAdmin={role.isAdmin} /> : null}
      {banks.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={banks.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
