import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBillAccounts } from '../api/get-accounts';
import { useTaxes } from '../api/get-taxes';
import { BillForm } from '../components/bill-form';

export function NewBillRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const taxes = useTaxes(organizationId ?? '');
  const accounts = useBillAccounts(organizationId ?? '');
  if (!organization || role.isLoading) return <Loading />;
  const failed = taxes.error ?? accounts.error;
  return (
    <>
      <PageHeader title={t('bills.form.newTitle')} />
      {!role.isMember ? <Notice color="amber">{t('bills.membersOnly')}</Notice> : null}
      {failed ? <QueryError error={failed} onRetry={() => void Promise.all([taxes.refetch(), accounts.refetch()])} /> : null}
      {role.isMember && !failed && (taxes.isPending || accounts.isPending) ? <Loading /> : null}
      {role.isMember && taxes.data && accounts.data ? (
        <BillForm
          organizationId={organization.id}
          currency={organization.base_currency}
          taxes={taxes.data.data}
          accounts={accounts.data}
          cancelTo="/purchases/bills"
          onSaved={(bill) => {
            notify.success(t('bills.created'));
            navigate(`/purchases/bills/${bill.id}`);
          }}
        />
      ) : null}
    </>
  );
}
