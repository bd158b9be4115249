import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useTaxes } from '../api/get-taxes';
import { InvoiceForm } from '../components/invoice-form';

export function NewInvoiceRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const taxes = useTaxes(organizationId ?? '');
  if (!organization || role.isLoading) return <Loading />;
  return (
    <>
      <PageHeader title={t('invoices.form.newTitle')} />
      {!role.isMember ? <Notice color="amber">{t('invoices.membersOnly')}</Notice> : null}
      {role.isMember && taxes.isPending ? <Loading /> : null}
      {taxes.isError ? <QueryError error={taxes.error} onRetry={() => void taxes.refetch()} /> : null}
      {role.isMember && taxes.data ? (
        <InvoiceForm
          organizationId={organization.id}
          currency={organization.base_currency}
          taxes={taxes.data.data}
          cancelTo="/sales/invoices"
          onSaved={(invoice) => {
            notify.success(t('invoices.created'));
            navigate(`/sales/invoices/${invoice.id}`);
          }}
        />
      ) : null}
    </>
  );
}
