import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useInvoice } from '../api/get-invoice';
import { useTaxes } from '../api/get-taxes';
import { InvoiceForm } from '../components/invoice-form';

export function EditInvoiceRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { invoiceId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const invoice = useInvoice(organizationId ?? '', invoiceId);
  const taxes = useTaxes(organizationId ?? '');
  const viewPath = `/sales/invoices/${invoiceId}`;
  if (!organization || role.isLoading) return <Loading />;
  const failed = invoice.error ?? taxes.error;
  return (
    <>
      <PageHeader title={t('invoices.form.editTitle')} />
      {failed ? <QueryError error={failed} onRetry={() => void Promise.all([invoice.refetch(), taxes.refetch()])} /> : null}
      {!failed && (invoice.isPending || taxes.isPending) ? <Loading /> : null}
      {!role.isMember ? <Notice color="amber">{t('invoices.membersOnly')}</Notice> : null}
      {role.isMember && invoice.data && invoice.data.status !== 'draft' ? <Notice color="amber">{t('invoices.onlyDrafts')}</Notice> : null}
      {role.isMember && invoice.data?.status === 'draft' && taxes.data ? (
        <InvoiceForm
          organizationId={organization.id}
          currency={invoice.data.currency}
          taxes={taxes.data.data}
          invoice={invoice.data}
          cancelTo={viewPath}
          onReload={async () => (await invoice.refetch()).data}
          onSaved={() => {
            notify.success(t('invoices.saved'));
            navigate(viewPath);
          }}
        />
      ) : null}
    </>
  );
}
