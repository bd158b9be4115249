import { Button, Card, Flex, Grid, Switch, Text, TextField } from '@radix-ui/themes';
import { barcodeInput, ITEM_TYPES, priceInput, STOCK_STATUSES, type ItemType, type StockStatus } from '@daftar/shared/schemas/products';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ListSearchField, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput, TextInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { loadMessageTable, translateIssue } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useProductCategories } from '../api/get-category-options';
import { useProducts, type ProductListParams } from '../api/get-products';
import { useBarcodeLookup } from '../api/lookup-barcode';
import { ProductsTable } from '../components/products-table';

export const PAGE_SIZE = 25;
/** Typing pauses this long before the search (or a typed filter) is asked of the server. */
export const SEARCH_DELAY_MS = 300;

const isItemType = (value: string | null): value is ItemType => ITEM_TYPES.includes(value as ItemType);
const isStockStatus = (value: string | null): value is StockStatus => STOCK_STATUSES.includes(value as StockStatus);
/** A yes/no filter in the address: '1', '0' or absent (either). */
const yesNo = (value: string | null) => (value === '1' ? true : value === '0' ? false : undefined);
const validPrice = (value: string) => (value.trim() && priceInput.safeParse(value).success ? value.trim() : undefined);

/** Text the person types, kept here and written to the address once typing pauses. */
function useDebouncedParam(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  // The latest callback, without restarting the pause on every render.
  const settled = useRef(onSettled);
  settled.current = onSettled;
  // The address changed from elsewhere (back, a link, "clear filters"): show what it says.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settled.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

export function ProductsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const inactiveId = useId();
  const { organization, organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const org = organizationId ?? '';

  const typeParam = params.get('type');
  const stockParam = params.get('stock');
  const filters: Omit<ProductListParams, 'skip' | 'limit'> = {
    search: params.get('q')?.trim() || undefined,
    item_type: isItemType(typeParam) ? typeParam : undefined,
    category_id: params.get('category') || undefined,
    is_tracked_inventory: yesNo(params.get('tracked')),
    stock_status: isStockStatus(stockParam) ? stockParam : undefined,
    supplier_name: params.get('supplier')?.trim() || undefined,
    min_price: validPrice(params.get('min') ?? ''),
    max_price: validPrice(params.get('max') ?? ''),
    has_image: yesNo(params.get('image')),
    has_barcode: yesNo(params.get('barcode')),
    include_inactive: params.get('inactive') === '1' ? true : undefined,
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const products = useProducts(org, { ...filters, skip, limit: PAGE_SIZE }, !!organizationId);

  const productCategories = useProductCategories(org, 'product', !!organizationId);
  const serviceCategories = useProductCategories(org, 'service', !!organizationId);
  const categories = useMemo(() => {
    const all = [...(productCategories.data?.data ?? []), ...(serviceCategories.data?.data ?? [])];
    return new Map(all.map((c) => [c.id, c]));
  }, [productCategories.data, serviceCategories.data]);
  const categoryName = (id: string) => {
    const category = categories.get(id);
    return category ? localName(category, language) : undefined;
  };
  // The category filter offers the chosen type's categories, or both kinds when no type is chosen.
  const categoryOptions = [...categories.values()]
    .filter((c) => c.is_active && (!filters.item_type || c.category_type === filters.item_type))
    .map((c) => ({ value: c.id, label: localName(c, language) }));

  const [search, setSearch] = useDebouncedParam(params.get('q') ?? '', (value) => update({ q: value, skip: null }));
  const [supplier, setSupplier] = useDebouncedParam(params.get('supplier') ?? '', (value) => update({ supplier: value, skip: null }));
  const [minPrice, setMinPrice] = useDebouncedParam(params.get('min') ?? '', (value) => update({ min: value, skip: null }));
  const [maxPrice, setMaxPrice] = useDebouncedParam(params.get('max') ?? '', (value) => update({ max: value, skip: null }));
  const priceError = (value: string) => (value.trim() && !validPrice(value) ? t('products.filters.priceInvalid') : undefined);

  const [barcode, setBarcode] = useState('');
  const [barcodeProblem, setBarcodeProblem] = useState<string | null>(null);
  const lookup = useBarcodeLookup();
  const onBarcodeKey = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const parsed = barcodeInput.safeParse(barcode);
    if (!parsed.success) {
      await loadMessageTable();
      setBarcodeProblem(translateIssue(parsed.error.issues[0]!));
      return;
    }
    setBarcodeProblem(null);
    lookup.mutate(
      { organizationId: org, barcode: parsed.data },
      {
        onSuccess: ({ product }) => navigate(`/products/${encodeURIComponent(product.id)}`),
        onError: (error) => setBarcodeProblem(errorStatus(error) === 404 ? t('products.barcode.unknown', { code: parsed.data }) : errorMessage(error)),
      },
    );
  };

  const choice = (key: string, value: string) => update({ [key]: value, skip: null });
  const yesNoOptions = (any: string) => [
    { value: '', label: any },
    { value: '1', label: t('products.filters.yes') },
    { value: '0', label: t('products.filters.no') },
  ];
  const clearFilters = () => update({ q: null, type: null, category: null, tracked: null, stock: null, supplier: null, min: null, max: null, image: null, barcode: null, inactive: null, skip: null });

  if (!organizationId || role.isLoading) return <Loading />;
  const currency = organization?.base_currency ?? 'JOD';
  const empty = products.data && products.data.data.length === 0;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('products.title')}
        description={t('products.intro')}
        actions={
          <Flex gap="2">
            <Button variant="soft" asChild>
              <Link to="/products/import">{t('products.import.open')}</Link>
            </Button>
            {role.isMember ? (
              <Button asChild>
                <Link to="/products/new">{t('products.newProduct')}</Link>
              </Button>
            ) : null}
          </Flex>
        }
      />
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <ListSearchField label={t('products.search')} placeholder={t('products.searchPlaceholder')} value={search} onChange={setSearch} />
        <Flex direction="column" gap="1">
          <TextField.Root
            aria-label={t('products.barcode.label')}
            aria-invalid={barcodeProblem ? true : undefined}
            aria-describedby={barcodeProblem ? 'barcode-problem' : undefined}
            placeholder={t('products.barcode.placeholder')}
            value={barcode}
            // Codes read left to right; the placeholder is a sentence in the reader's language.
            dir={barcode ? 'ltr' : undefined}
            inputMode="text"
            autoComplete="off"
            onChange={(event) => {
              setBarcode(event.target.value);
              setBarcodeProblem(null);
            }}
            onKeyDown={(event) => void onBarcodeKey(event)}
            disabled={lookup.isPending}
          />
          {barcodeProblem ? (
            <Text id="barcode-problem" size="1" color="red" role="alert">
              {barcodeProblem}
            </Text>
          ) : null}
        </Flex>
      </Grid>
      <Card>
        <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" align="end">
          <SelectInput
            label={t('products.filters.type')}
            value={filters.item_type ?? ''}
            onChange={(e) => update({ type: e.target.value, category: null, skip: null })}
            options={[{ value: '', label: t('products.filters.anyType') }, ...ITEM_TYPES.map((type) => ({ value: type, label: t(`products.itemTypes.${type}`) }))]}
          />
          <SelectInput
            label={t('products.filters.category')}
            value={filters.category_id ?? ''}
            onChange={(e) => choice('category', e.target.value)}
            options={[{ value: '', label: t('products.filters.anyCategory') }, ...categoryOptions]}
          />
          <SelectInput label={t('products.filters.tracked')} value={params.get('tracked') ?? ''} onChange={(e) => choice('tracked', e.target.value)} options={yesNoOptions(t('products.filters.any'))} />
          <SelectInput
            label={t('products.filters.stockStatus')}
            value={filters.stock_status ?? ''}
            onChange={(e) => choice('stock', e.target.value)}
            options={[{ value: '', label: t('products.filters.any') }, ...STOCK_STATUSES.map((s) => ({ value: s, label: t(`products.stockStatuses.${s}`) }))]}
          />
          <TextInput label={t('products.filters.supplier')} value={supplier} onChange={(e) => setSupplier(e.target.value)} />
          <Grid columns="2" gap="2">
            <TextInput label={t('products.filters.minPrice')} value={minPrice} inputMode="decimal" dir="ltr" error={priceError(minPrice)} onChange={(e) => setMinPrice(e.target.value)} />
            <TextInput label={t('products.filters.maxPrice')} value={maxPrice} inputMode="decimal" dir="ltr" error={priceError(maxPrice)} onChange={(e) => setMaxPrice(e.target.value)} />
          </Grid>
          <Grid columns="2" gap="2">
            <SelectInput label={t('products.filters.hasImage')} value={params.get('image') ?? ''} onChange={(e) => choice('image', e.target.value)} options={yesNoOptions(t('products.filters.any'))} />
            <SelectInput label={t('products.filters.hasBarcode')} value={params.get('barcode') ?? ''} onChange={(e) => choice('barcode', e.target.value)} options={yesNoOptions(t('products.filters.any'))} />
          </Grid>
          <Flex gap="3" align="center" justify="between" wrap="wrap" style={{ minHeight: 'var(--space-6)' }}>
            <Flex gap="2" align="center">
              <Switch id={inactiveId} checked={filters.include_inactive === true} onCheckedChange={(checked) => choice('inactive', checked ? '1' : '')} />
              <Text as="label" htmlFor={inactiveId} size="2">
                {t('products.filters.includeInactive')}
              </Text>
            </Flex>
            {filtered ? (
              <Button variant="ghost" size="1" onClick={clearFilters}>
                {t('products.filters.clear')}
              </Button>
            ) : null}
          </Flex>
        </Grid>
      </Card>
      {products.isPending ? <Loading /> : null}
      {products.isError ? <QueryError error={products.error} onRetry={() => void products.refetch()} /> : null}
      {empty && filtered ? <EmptyState>{t('products.noMatches')}</EmptyState> : null}
      {empty && !filtered ? (
        <Flex direction="column" align="center" gap="3" py="6">
          <Text color="gray" size="2">
            {t('products.empty')}
          </Text>
          {role.isMember ? (
            <Button asChild variant="soft">
              <Link to="/products/new">{t('products.addFirst')}</Link>
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {products.data && products.data.data.length > 0 ? <ProductsTable products={products.data.data} currency={currency} categoryName={categoryName} /> : null}
      {products.data ? <Pagination skip={skip} limit={PAGE_SIZE} count={products.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
