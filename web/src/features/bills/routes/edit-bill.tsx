import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBillAccounts } from '../api/get-accounts';
import { useBill } from '../api/get-bill';
import { useTaxes } from '../api/get-taxes';
import { BillForm } from '../components/bill-form';

export function EditBillRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { billId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const bill = useBill(organizationId ?? '', billId);
  const taxes = useTaxes(organizationId ?? '');
  const accounts = useBillAccounts(organizationId ?? '');
  const viewPath = `/purchases/bills/${billId}`;
  if (!organization || role.isLoading) return <Loading />;
  const failed = bill.error ?? taxes.error ?? accounts.error;
  return (
    <>
      <PageHeader title={t('bills.form.editTitle')} />
      {failed ? <QueryError error={failed} onRetry={() => void Promise.all([bill.refetch(), taxes.refetch(), accounts.refetch()])} /> : null}
      {!failed && (bill.isPending || taxes.isPending || accounts.isPending) ? <Loading /> : null}
      {!role.isMember ? <Notice color="amber">{t('bills.membersOnly')}</Notice> : null}
      {role.isMember && bill.data && bill.data.status !== 'draft' ? <Notice color="amber">{t('bills.onlyDrafts')}</Notice> : null}
      {role.isMember && bill.data?.status === 'draft' && taxes.data && accounts.data ? (
        <BillForm
          organizationId={organization.id}
          currency={bill.data.currency}
          taxes={taxes.data.data}
          accounts={accounts.data}
          bill={bill.data}
          cancelTo={viewPath}
          onReload={async () => (await bill.refetch()).data}
          onSaved={() => {
            notify.success(t('bills.saved'));
            navigate(viewPath);
          }}
        />
      ) : null}
    </>
  );
}
