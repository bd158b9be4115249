import { Cross2Icon, ExclamationTriangleIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Card, Checkbox, Flex, Grid, Heading, IconButton, Progress, Text } from '@radix-ui/themes';
import { MAX_UPLOAD_BYTES } from '@daftar/shared/constants';
import {
  ITEM_TYPES,
  PRODUCT_MAX_BARCODES,
  productCreate,
  productUpdate,
  UNITS_OF_MEASURE,
  type ItemType,
  type ProductCreate,
  type ProductUpdate,
  type UnitOfMeasure,
} from '@daftar/shared/schemas/products';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormSelectInput, FormTextAreaInput, FormTextInput, SelectInput, TextInput } from '../../../components/fields';
import { taxLabel } from '../../../components/documents/document-taxes';
import { errorStatus } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { applyServerErrors, fieldError, issueMessages, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useCreateProduct } from '../api/create-product';
import { useProductCategories } from '../api/get-category-options';
import type { Product } from '../api/get-products';
import type { Tax } from '../api/get-taxes';
import { useUpdateProduct } from '../api/update-product';
import { useUploadImage } from '../api/upload-image';
import { ProductThumbnail } from './product-image';

/** What a product picture may be: the upload API's image types. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export interface ProductFormValues {
  name: string;
  name_ar: string;
  item_type: ItemType;
  sku: string;
  category_id: string;
  unit_of_measure: UnitOfMeasure;
  sale_price: string;
  price_includes_tax: boolean;
  tax_id: string;
  cost: string;
  barcodes: string[];
  supplier_name: string;
  image_file_id: string;
  description: string;
  is_tracked_inventory: boolean;
  reorder_point: string;
  is_active: boolean;
}

export function initialValues(product?: Product, defaultTaxId = ''): ProductFormValues {
  if (!product) {
    return {
      name: '',
      name_ar: '',
      item_type: 'product',
      sku: '',
      category_id: '',
      unit_of_measure: 'piece',
      sale_price: '',
      price_includes_tax: false,
      tax_id: defaultTaxId,
      cost: '',
      barcodes: [],
      supplier_name: '',
      image_file_id: '',
      description: '',
      is_tracked_inventory: false,
      reorder_point: '',
      is_active: true,
    };
  }
  return {
    name: product.name,
    name_ar: product.name_ar ?? '',
    item_type: product.item_type,
    sku: product.sku,
    category_id: product.category_id ?? '',
    unit_of_measure: product.unit_of_measure,
    sale_price: product.sale_price,
    price_includes_tax: product.price_includes_tax,
    tax_id: product.tax_id ?? '',
    cost: product.cost,
    barcodes: [...product.barcodes],
    supplier_name: product.supplier_name ?? '',
    image_file_id: product.image_file_id ?? '',
    description: product.description ?? '',
    is_tracked_inventory: product.is_tracked_inventory,
    reorder_point: product.reorder_point ?? '',
    is_active: product.is_active,
  };
}

/**
 * The form's values as both create and update take them: blank optional texts are null (an update
 * clears them), a blank price is zero, and a reorder point only for tracked stock. Per-location
 * reorder points are not edited here, so an update leaves them as they are.
 */
function fieldsOf(values: ProductFormValues) {
  return {
    sku: values.sku,
    name: values.name,
    name_ar: values.name_ar.trim() || null,
    item_type: values.item_type,
    category_id: values.category_id || null,
    unit_of_measure: values.unit_of_measure,
    sale_price: values.sale_price.trim() || '0',
    price_includes_tax: values.price_includes_tax,
    tax_id: values.tax_id || null,
    cost: values.cost.trim() || '0',
    barcodes: values.barcodes,
    supplier_name: values.supplier_name.trim() || null,
    image_file_id: values.image_file_id || null,
    description: values.description.trim() || null,
    is_tracked_inventory: values.is_tracked_inventory,
    reorder_point: values.is_tracked_inventory ? values.reorder_point.trim() || null : null,
    is_active: values.is_active,
  };
}

/**
 * Which field a 409 is about. The server's detail names the value that is taken (and the product
 * that has it); the form looks for the values it sent, not for words, so the answer lands on the
 * right field in any language. A code used as both SKU and barcode goes to the barcode unless the
 * detail speaks of the SKU only.
 */
export function conflictField(detail: string, values: Pick<ProductFormValues, 'sku' | 'barcodes'>): 'sku' | `barcodes.${number}` | null {
  const text = detail.toLowerCase();
  const barcode = values.barcodes.findIndex((code) => code.trim() !== '' && text.includes(code.trim().toLowerCase()));
  const sku = values.sku.trim() !== '' && text.includes(values.sku.trim().toLowerCase());
  if (barcode >= 0 && sku) return /\bsku\b/.test(text) && !/barcode/.test(text) ? 'sku' : `barcodes.${barcode}`;
  if (barcode >= 0) return `barcodes.${barcode}`;
  return sku ? 'sku' : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        {title}
      </Heading>
      {children}
    </Card>
  );
}

function CheckField({ checked, onChange, children, disabled, hint }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; disabled?: boolean; hint?: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(value === true)} />
          {children}
        </Flex>
      </Text>
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}

interface ProductFormProps {
  organizationId: string;
  currency: string;
  taxes: readonly Tax[];
  /** The product being edited; absent when adding one. */
  product?: Product;
  cancelTo: string;
  onSaved: (product: Product) => void;
  /** Reads the product again after someone else changed it (the form starts again from it). */
  onReload?: () => void;
}

export function ProductForm({ organizationId, currency, taxes, product, cancelTo, onSaved, onReload }: ProductFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const imageId = useId();
  const defaultTax = taxes.find((tax) => tax.is_default && tax.is_active && tax.tax_category !== 'special');
  const form = useZodForm<typeof productCreate | typeof productUpdate, ProductFormValues>(product ? productUpdate : productCreate, {
    defaultValues: initialValues(product, defaultTax?.id),
    prepare: (values) => (product ? { ...fieldsOf(values), version: product.version } : fieldsOf(values)),
  });
  const values = useWatch({ control: form.control }) as ProductFormValues;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadImage();
  const categories = useProductCategories(organizationId, values.item_type);
  const [newBarcode, setNewBarcode] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(product?.image_url ?? null);

  // A picture chosen here is shown from the browser's copy; let it go when replaced or left.
  useEffect(() => () => void (preview?.startsWith('blob:') && URL.revokeObjectURL(preview)), [preview]);

  const categoryOptions = useMemo(() => {
    const offered = (categories.data?.data ?? []).filter((c) => c.category_type === values.item_type && (c.is_active || c.id === values.category_id));
    return [{ value: '', label: t('products.form.noCategory') }, ...offered.map((c) => ({ value: c.id, label: localName(c, language) }))];
  }, [categories.data, values.item_type, values.category_id, language, t]);
  const taxOptions = useMemo(() => {
    const offered = taxes.filter((tax) => tax.tax_category !== 'special' && (tax.is_active || tax.id === values.tax_id));
    return [{ value: '', label: t('products.form.noTax') }, ...offered.map((tax) => ({ value: tax.id, label: taxLabel(tax, language, tax.rate) }))];
  }, [taxes, values.tax_id, language, t]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => form.setValue(key as never, value as never, { shouldDirty: true });
  const changeType = (type: ItemType) => {
    set('item_type', type);
    // A category belongs to one type, and a service has no stock.
    set('category_id', '');
    if (type === 'service') set('is_tracked_inventory', false);
  };

  const addBarcode = () => {
    const code = newBarcode.trim();
    if (!code) return;
    // Added as typed, even twice: the shared schema says which one is listed twice when saving.
    set('barcodes', [...form.getValues('barcodes'), code]);
    setNewBarcode('');
  };
  const onNewBarcodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // A scanner ends with Enter: it adds the code instead of submitting the form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addBarcode();
  };
  const changeBarcode = (index: number, code: string) => set('barcodes', form.getValues('barcodes').map((c, i) => (i === index ? code : c)));
  const removeBarcode = (index: number) => set('barcodes', form.getValues('barcodes').filter((_, i) => i !== index));

  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return setImageProblem(t('products.form.imageType'));
    if (file.size > MAX_UPLOAD_BYTES) return setImageProblem(t('products.form.imageTooLarge', { max: formatBytes(MAX_UPLOAD_BYTES) }));
    setImageProblem(null);
    setProgress(0);
    upload.mutate(
      { organizationId, file, onProgress: setProgress },
      {
        onSuccess: (uploaded) => {
          set('image_file_id', uploaded.id);
          setPreview(URL.createObjectURL(file));
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  const removeImage = () => {
    set('image_file_id', '');
    setPreview(null);
  };

  const rootError = form.formState.errors.root;
  const onFailure = (error: unknown) => {
    if (errorStatus(error) === 409) {
      const detail = errorMessage(error);
      const field = conflictField(detail, form.getValues());
      // A change made meanwhile (the version moved) concerns the whole form.
      return form.setError(field ?? 'root', { type: 'conflict', message: detail }, { shouldFocus: field !== null });
    }
    const rest = applyServerErrors(form, error);
    if (rest) {
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    notifyError(error);
  };

  const onSubmit = form.handleSubmit((data) => {
    if (product) update.mutate({ organizationId, productId: product.id, data: data as ProductUpdate }, { onSuccess: onSaved, onError: onFailure });
    else create.mutate({ organizationId, data: data as ProductCreate }, { onSuccess: onSaved, onError: onFailure });
  });

  const isService = values.item_type === 'service';
  const barcodeErrorFor = (index: number) => fieldError(form, `barcodes.${index}` as never);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        {rootError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{rootError.message}</Callout.Text>
            {rootError.type === 'conflict' && onReload ? (
              <Flex>
                <Button type="button" size="1" variant="soft" color="red" onClick={onReload}>
                  {t('products.form.reload')}
                </Button>
              </Flex>
            ) : null}
          </Callout.Root>
        ) : null}
        <Section title={t('products.form.sections.identity')}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="name" label={t('products.form.name')} lang="en" dir="ltr" required />
            <FormTextInput form={form} name="name_ar" label={t('products.form.nameAr')} lang="ar" dir="rtl" />
            <FormSelectInput
              form={form}
              name="item_type"
              label={t('products.form.type')}
              onChange={(e) => changeType(e.target.value as ItemType)}
              options={ITEM_TYPES.map((type) => ({ value: type, label: t(`products.itemTypes.${type}`) }))}
            />
            <FormTextInput form={form} name="sku" label={t('products.form.sku')} hint={t('products.form.skuHint')} dir="ltr" required />
            {/* Controlled: its options arrive after the form is shown. */}
            <SelectInput
              label={t('products.form.category')}
              name="category_id"
              value={values.category_id}
              error={fieldError(form, 'category_id')}
              onChange={(e) => set('category_id', e.target.value)}
              options={categoryOptions}
            />
            <FormSelectInput
              form={form}
              name="unit_of_measure"
              label={t('products.form.unit')}
              options={UNITS_OF_MEASURE.map((unit) => ({ value: unit, label: t(`products.units.${unit}`) }))}
            />
          </Grid>
        </Section>

        <Section title={t('products.form.sections.pricing')}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="sale_price" label={t('products.form.salePrice', { currency })} inputMode="decimal" dir="ltr" placeholder="0.000" />
            <SelectInput
              label={t('products.form.tax')}
              name="tax_id"
              value={values.tax_id}
              error={fieldError(form, 'tax_id')}
              onChange={(e) => set('tax_id', e.target.value)}
              options={taxOptions}
            />
            <CheckField checked={values.price_includes_tax} onChange={(checked) => set('price_includes_tax', checked)} hint={t('products.form.priceIncludesTaxHint')}>
              {t('products.form.priceIncludesTax')}
            </CheckField>
            <FormTextInput form={form} name="cost" label={t('products.form.cost', { currency })} hint={t('products.form.costHint')} inputMode="decimal" dir="ltr" placeholder="0.000" />
          </Grid>
        </Section>

        <Section title={t('products.form.sections.barcodes')}>
          <Flex direction="column" gap="3">
            {values.barcodes.length === 0 ? (
              <Text size="2" color="gray">
                {t('products.form.noBarcodes')}
              </Text>
            ) : (
              <Flex direction="column" gap="2" asChild>
                <ul aria-label={t('products.form.barcodeList')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {values.barcodes.map((code, index) => (
                    <li key={index}>
                      <Flex gap="2" align="start">
                        <div style={{ flex: 1 }}>
                          <TextInput
                            label={t('products.form.barcodeN', { n: index + 1 })}
                            value={code}
                            dir="ltr"
                            error={barcodeErrorFor(index)}
                            onChange={(e) => changeBarcode(index, e.target.value)}
                          />
                        </div>
                        <IconButton type="button" variant="soft" color="gray" mt="5" aria-label={t('products.form.removeBarcode', { code })} onClick={() => removeBarcode(index)}>
                          <Cross2Icon />
                        </IconButton>
                      </Flex>
                    </li>
                  ))}
                </ul>
              </Flex>
            )}
            {fieldError(form, 'barcodes') ? (
              <Text size="1" color="red" role="alert">
                {fieldError(form, 'barcodes')}
              </Text>
            ) : null}
            {values.barcodes.length < PRODUCT_MAX_BARCODES ? (
              <Flex gap="2" align="end">
                <div style={{ flex: 1 }}>
                  <TextInput
                    label={t('products.form.newBarcode')}
                    hint={t('products.form.newBarcodeHint')}
                    value={newBarcode}
                    dir="ltr"
                    autoComplete="off"
                    onChange={(e) => setNewBarcode(e.target.value)}
                    onKeyDown={onNewBarcodeKey}
                  />
                </div>
                <Button type="button" variant="soft" onClick={addBarcode} disabled={!newBarcode.trim()} mb={fieldError(form, 'barcodes') ? undefined : '5'}>
                  <PlusIcon />
                  {t('products.form.addBarcode')}
                </Button>
              </Flex>
            ) : null}
          </Flex>
        </Section>

        <Section title={t('products.form.sections.image')}>
          <Flex gap="4" align="start" wrap="wrap">
            <ProductThumbnail url={preview} size={96} alt={preview ? t('products.form.imagePreview') : ''} />
            <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 200 }}>
              <Text as="label" htmlFor={imageId} size="2" weight="medium">
                {preview ? t('products.form.replaceImage') : t('products.form.chooseImage')}
              </Text>
              <input
                id={imageId}
                type="file"
                className="file-input"
                accept={IMAGE_TYPES.join(',')}
                onChange={onImage}
                disabled={upload.isPending}
                aria-invalid={imageProblem ? true : undefined}
                aria-describedby={imageProblem ? `${imageId}-error` : `${imageId}-hint`}
              />
              {imageProblem ? (
                <Text id={`${imageId}-error`} size="1" color="red" role="alert">
                  {imageProblem}
                </Text>
              ) : (
                <Text id={`${imageId}-hint`} size="1" color="gray">
                  {t('products.form.imageHint', { max: formatBytes(MAX_UPLOAD_BYTES) })}
                </Text>
              )}
              {progress !== null ? <Progress aria-label={t('products.form.uploading')} value={Math.round(progress * 100)} max={100} /> : null}
              {preview ? (
                <Flex>
                  <Button type="button" size="1" variant="soft" color="gray" onClick={removeImage}>
                    {t('products.form.removeImage')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          </Flex>
        </Section>

        <Section title={t('products.form.sections.inventory')}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4" align="start">
            <Flex direction="column" gap="1">
              <CheckField
                checked={values.is_tracked_inventory}
                disabled={isService}
                onChange={(checked) => set('is_tracked_inventory', checked)}
                hint={isService ? t('products.form.serviceNotTracked') : t('products.form.trackedHint')}
              >
                {t('products.form.tracked')}
              </CheckField>
              {fieldError(form, 'is_tracked_inventory') ? (
                <Text size="1" color="red" role="alert">
                  {fieldError(form, 'is_tracked_inventory')}
                </Text>
              ) : null}
            </Flex>
            {values.is_tracked_inventory ? (
              <FormTextInput form={form} name="reorder_point" label={t('products.form.reorderPoint')} hint={t('products.form.reorderPointHint')} inputMode="decimal" dir="ltr" />
            ) : null}
          </Grid>
        </Section>

        <Section title={t('products.form.sections.more')}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <FormTextInput form={form} name="supplier_name" label={t('products.form.supplier')} />
            <CheckField checked={values.is_active} onChange={(checked) => set('is_active', checked)} hint={t('products.form.activeHint')}>
              {t('products.form.active')}
            </CheckField>
          </Grid>
          <Box mt="4">
            <FormTextAreaInput form={form} name="description" label={t('products.form.description')} />
          </Box>
        </Section>

        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} disabled={upload.isPending}>
            {product ? t('common.saveChanges') : t('products.form.create')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
