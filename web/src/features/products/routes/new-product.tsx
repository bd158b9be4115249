import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useTaxes } from '../api/get-taxes';
import { ProductForm } from '../components/product-form';

export function NewProductRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const taxes = useTaxes(organizationId ?? '');
  if (!organization || role.isLoading) return <Loading />;
  return (
    <>
      <PageHeader title={t('products.form.createTitle')} description={t('products.form.intro')} />
      {!role.isMember ? <Notice color="amber">{t('products.membersOnly')}</Notice> : null}
      {taxes.isError ? <QueryError error={taxes.error} onRetry={() => void taxes.refetch()} /> : null}
      {role.isMember && taxes.isPending ? <Loading /> : null}
      {role.isMember && taxes.data ? (
        <ProductForm
          organizationId={organization.id}
          currency={organization.base_currency}
          taxes={taxes.data.data}
          cancelTo="/products"
          onSaved={(product) => {
            notify.success(t('products.created', { name: localName(product, currentLanguage()) }));
            navigate(`/products/${encodeURIComponent(product.id)}`);
          }}
        />
      ) : null}
    </>
  );
}
