import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useProduct } from '../api/get-product';
import { useTaxes } from '../api/get-taxes';
import { ProductForm } from '../components/product-form';

export function EditProductRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const product = useProduct(organizationId ?? '', productId);
  const taxes = useTaxes(organizationId ?? '');
  const viewPath = `/products/${encodeURIComponent(productId)}`;
  if (!organization || role.isLoading) return <Loading />;
  const failed = product.error ?? taxes.error;
  const language = currentLanguage();
  return (
    <>
      <PageHeader title={product.data ? t('products.form.editTitle', { name: localName(product.data, language) }) : t('products.form.editTitleLoading')} />
      {failed ? <QueryError error={failed} onRetry={() => void Promise.all([product.refetch(), taxes.refetch()])} /> : null}
      {!failed && (product.isPending || taxes.isPending) ? <Loading /> : null}
      {!role.isMember ? <Notice color="amber">{t('products.membersOnly')}</Notice> : null}
      {role.isMember && product.data && taxes.data ? (
        <ProductForm
          // A product read again (after a conflict) starts the form again from what the server has.
          key={`${product.data.id}@${product.data.version}`}
          organizationId={organization.id}
          currency={organization.base_currency}
          taxes={taxes.data.data}
          product={product.data}
          cancelTo={viewPath}
          onReload={() => void product.refetch()}
          onSaved={(saved) => {
            notify.success(t('products.saved', { name: localName(saved, language) }));
            navigate(viewPath);
          }}
        />
      ) : null}
    </>
  );
}
