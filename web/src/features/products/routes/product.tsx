import { Badge, Card, Flex, Grid, Heading, Link as RadixLink, Text, Button } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { taxLabel } from '../../../components/documents/document-taxes';
import { DocumentFacts } from '../../../components/documents/document-view';
import { Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName, otherName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useDeleteProduct } from '../api/delete-product';
import { useProductCategories } from '../api/get-category-options';
import { useProduct } from '../api/get-product';
import { useTaxes } from '../api/get-taxes';
import { formatQuantity, StockBadge } from '../components/labels';
import { ProductThumbnail } from '../components/product-image';
import { ProductStock } from '../../inventory/components/product-stock';

const none = <Text color="gray">—</Text>;

function Facts({ title, facts }: { title: string; facts: readonly { label: string; value: ReactNode }[] }) {
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        {title}
      </Heading>
      <DocumentFacts facts={facts} />
    </Card>
  );
}

/** One catalogue item: what it is, what it sells and costs for, its codes and picture, and its stock. */
export function ProductRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const org = organizationId ?? '';
  const product = useProduct(org, productId);
  const taxes = useTaxes(org);
  const categories = useProductCategories(org, product.data?.item_type ?? 'product', !!product.data?.category_id);
  const remove = useDeleteProduct();

  if (!organizationId || product.isPending) return <Loading />;
  if (product.isError) return <QueryError error={product.error} onRetry={() => void product.refetch()} />;
  const p = product.data;
  const name = localName(p, language);
  const other = otherName(p, language);
  const currency = organization?.base_currency ?? 'JOD';
  const category = p.category_id ? categories.data?.data.find((c) => c.id === p.category_id) : undefined;
  const tax = p.tax_id ? taxes.data?.data.find((x) => x.id === p.tax_id) : undefined;
  const pending = <Text color="gray">…</Text>;

  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to="/products">{t('products.view.back')}</Link>
      </RadixLink>
      <PageHeader
        title={name}
        description={
          <Flex gap="2" align="center" wrap="wrap" asChild>
            <span>
              {other ? (
                <span>
                  <Text lang={other.lang} dir={other.lang === 'ar' ? 'rtl' : 'ltr'}>
                    {other.text}
                  </Text>
                </span>
              ) : null}
              <Badge color="blue">{t(`products.itemTypes.${p.item_type}`)}</Badge>
              {!p.is_active ? <Badge color="gray">{t('products.inactive')}</Badge> : null}
            </span>
          </Flex>
        }
        actions={
          <>
            {role.isMember ? (
              <Button asChild variant="soft">
                <Link to={`/products/${encodeURIComponent(p.id)}/edit`}>{t('products.view.edit')}</Link>
              </Button>
            ) : null}
            {role.isAdmin ? (
              <ConfirmDialog
                trigger={
                  <Button variant="soft" color="red">
                    {t('common.delete')}
                  </Button>
                }
                title={t('products.view.deleteTitle', { name })}
                description={t('products.view.deleteDescription')}
                confirmLabel={t('common.delete')}
                pending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(
                    { organizationId, productId: p.id },
                    {
                      onSuccess: () => {
                        notify.success(t('products.view.deleted', { name }));
                        navigate('/products', { replace: true });
                      },
                    },
                  )
                }
              />
            ) : null}
          </>
        }
      />
      <Grid columns={{ initial: '1', md: '3' }} gap="4" align="start">
        <Flex direction="column" gap="4" gridColumn={{ initial: '1', md: 'span 2' }}>
          <Facts
            title={t('products.view.details')}
            facts={[
              { label: t('products.form.sku'), value: <Text dir="ltr">{p.sku}</Text> },
              { label: t('products.form.name'), value: <Text lang="en">{p.name}</Text> },
              { label: t('products.form.nameAr'), value: p.name_ar ? <Text lang="ar" dir="rtl">{p.name_ar}</Text> : none },
              { label: t('products.form.category'), value: p.category_id ? (category ? localName(category, language) : pending) : none },
              { label: t('products.form.unit'), value: t(`products.units.${p.unit_of_measure}`) },
              { label: t('products.form.supplier'), value: p.supplier_name ? <Text dir="auto">{p.supplier_name}</Text> : none },
              { label: t('products.form.description'), value: p.description ? <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{p.description}</Text> : none },
              { label: t('products.view.updated'), value: formatDateTime(p.updated_at) },
            ]}
          />
          <Facts
            title={t('products.form.sections.pricing')}
            facts={[
              {
                label: t('products.view.salePrice'),
                value: (
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text weight="medium">{formatMoney(p.sale_price, currency)}</Text>
                    <Text size="1" color="gray">
                      {p.price_includes_tax ? t('products.view.includesTax') : t('products.view.excludesTax')}
                    </Text>
                  </Flex>
                ),
              },
              { label: t('products.form.tax'), value: p.tax_id ? (tax ? taxLabel(tax, language, tax.rate) : pending) : t('products.form.noTax') },
              { label: t('products.view.cost'), value: formatMoney(p.cost, currency) },
            ]}
          />
          <Facts
            title={t('products.view.stock')}
            facts={[
              { label: t('products.view.stockStatus'), value: <StockBadge status={p.stock_status} /> },
              ...(p.is_tracked_inventory
                ? [
                    { label: t('products.view.onHand'), value: <Text weight="medium">{formatQuantity(p.quantity_on_hand, p.unit_of_measure, t)}</Text> },
                    { label: t('products.form.reorderPoint'), value: p.reorder_point ? formatQuantity(p.reorder_point, p.unit_of_measure, t) : none },
                  ]
                : []),
            ]}
          />
        </Flex>
        <Flex direction="column" gap="4">
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              {t('products.form.sections.image')}
            </Heading>
            {p.image_url ? (
              <img src={p.image_url} alt={t('products.view.imageOf', { name })} style={{ width: '100%', maxWidth: 320, maxHeight: 320, objectFit: 'contain', borderRadius: 'var(--radius-3)', display: 'block' }} />
            ) : (
              <Flex direction="column" align="center" gap="2" py="3">
                <ProductThumbnail url={null} size={64} />
                <Text size="2" color="gray">
                  {t('products.view.noImage')}
                </Text>
              </Flex>
            )}
          </Card>
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              {t('products.form.sections.barcodes')}
            </Heading>
            {p.barcodes.length ? (
              <Flex direction="column" gap="1" asChild>
                <ul aria-label={t('products.form.barcodeList')} style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
                  {p.barcodes.map((code) => (
                    <li key={code}>
                      <Text dir="ltr" style={{ fontFamily: 'var(--code-font-family)' }}>
                        {code}
                      </Text>
                    </li>
                  ))}
                </ul>
              </Flex>
            ) : (
              <Text size="2" color="gray">
                {t('products.form.noBarcodes')}
              </Text>
            )}
          </Card>
        </Flex>
      </Grid>
      {p.is_tracked_inventory ? <ProductStock organizationId={organizationId} product={{ id: p.id, name }} currency={currency} /> : null}
    </Flex>
  );
}
