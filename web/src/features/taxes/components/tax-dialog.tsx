import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Checkbox, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { JORDAN_GST_RATES } from '@daftar/shared/jordanTax';
import {
  defaultTaxAccountSubtypes,
  isJoFotaraRate,
  SPECIAL_TAX_TYPES,
  TAX_RECORD_CATEGORIES,
  taxCreate,
  taxRuleIssues,
  taxUpdate,
  type SpecialTaxType,
  type TaxRecordCategory,
} from '@daftar/shared/schemas/taxes';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { locale } from '../../../lib/format';
import { notify, notifyError } from '../../../lib/notify';
import { useCreateTax } from '../api/create-tax';
import type { Tax } from '../api/get-taxes';
import { useUpdateTax } from '../api/update-tax';
import { useTaxMessages } from './tax-messages';

interface Values {
  name: string;
  name_ar: string;
  code: string;
  description: string;
  tax_category: TaxRecordCategory;
  rate: string;
  special_tax_type: SpecialTaxType;
  special_tax_amount: string;
  recoverable: boolean;
  is_default: boolean;
  is_active: boolean;
}

const valuesOf = (tax?: Tax): Values => ({
  name: tax?.name ?? '',
  name_ar: tax?.name_ar ?? '',
  code: tax?.code ?? '',
  description: tax?.description ?? '',
  tax_category: tax?.tax_category ?? 'standard',
  rate: tax ? tax.rate : '16',
  special_tax_type: tax?.special_tax_type ?? 'percent',
  special_tax_amount: tax?.special_tax_amount ?? '',
  recoverable: tax ? tax.purchase_account_subtype !== null : true,
  is_default: tax?.is_default ?? false,
  is_active: tax?.is_active ?? true,
});

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The rate the category takes: what was typed where a rate applies, else 0. */
function rateOf(values: Values) {
  const rated = values.tax_category === 'standard' || (values.tax_category === 'special' && values.special_tax_type === 'percent');
  return rated ? values.rate.trim() : '0';
}

/** The request's fields, as both create and update take them. */
function requestOf(values: Values) {
  const special = values.tax_category === 'special';
  const subtypes = defaultTaxAccountSubtypes(values.tax_category);
  return {
    name: values.name,
    name_ar: orNull(values.name_ar),
    code: orNull(values.code),
    description: orNull(values.description),
    tax_category: values.tax_category,
    rate: rateOf(values),
    special_tax_type: special ? values.special_tax_type : null,
    special_tax_amount: special && values.special_tax_type === 'fixed' ? values.special_tax_amount.trim() : null,
    sales_account_subtype: subtypes.sales_account_subtype,
    purchase_account_subtype: values.recoverable ? subtypes.purchase_account_subtype : null,
    is_default: special ? false : values.is_default,
    is_active: values.is_active,
  };
}

function CheckField({ checked, onChange, children, disabled }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox checked={checked} disabled={disabled} onCheckedChange={(value) => onChange(value === true)} />
        {children}
      </Flex>
    </Text>
  );
}

interface TaxDialogProps {
  organizationId: string;
  /** The tax being edited; absent when adding one. */
  tax?: Tax;
  onClose: () => void;
}

/**
 * Add or change a tax (admins). The shared rules check the form (a standard tax has a positive
 * rate, zero-rated and exempt taxes 0%, a special tax is a percent or an amount per unit), and the
 * rate is compared with Jordan's set, the only rates JoFotara accepts. Mounted while open.
 */
export function TaxDialog({ organizationId, tax, onClose }: TaxDialogProps) {
  const { t } = useTranslation();
  const translate = useTaxMessages();
  const create = useCreateTax();
  const update = useUpdateTax();
  const [values, setValues] = useState<Values>(() => valuesOf(tax));
  const [errors, setErrors] = useState<DocumentErrors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const category = values.tax_category;
  const showsRate = category === 'standard' || (category === 'special' && values.special_tax_type === 'percent');
  const typedRate = values.rate.trim();
  // Only a readable rate is compared with Jordan's set; an unreadable one gets the field's error.
  const rateWarning = category === 'standard' && /^\d{1,3}(\.\d+)?$/.test(typedRate) && !isJoFotaraRate(category, typedRate);

  const onFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      const fieldErrors = errorsFromValidationDetail(error.body, translate);
      if (fieldErrors) return setErrors(fieldErrors);
    }
    if (error instanceof ApiError && error.status === 409 && error.detail) {
      return setErrors(error.detail.startsWith('A tax with code') ? { code: translate(error.detail, 'code') } : { form: error.detail });
    }
    notifyError(error);
  };
  const onSaved = (saved: Tax) => {
    notify.success(t(tax ? 'taxes.form.saved' : 'taxes.form.created', { name: saved.name }));
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(values);
    if (tax) {
      const parsed = taxUpdate.safeParse({ ...request, version: tax.version });
      // The update schema checks fields one by one; the rules hold for the tax as it will be.
      const rules = parsed.success ? taxRuleIssues({ ...parsed.data, tax_category: request.tax_category }) : [];
      if (!parsed.success || rules.length) {
        const issues = parsed.success ? rules.map((r) => ({ path: [r.path], message: r.message })) : parsed.error.issues;
        return setErrors(errorsFromIssues(issues, translate));
      }
      setErrors({});
      update.mutate({ organizationId, taxId: tax.id, data: parsed.data }, { onSuccess: onSaved, onError: onFailure });
      return;
    }
    const parsed = taxCreate.safeParse(request);
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    setErrors({});
    create.mutate({ organizationId, data: parsed.data }, { onSuccess: onSaved, onError: onFailure });
  };

  const title = tax ? t('taxes.form.editTitle', { name: tax.name }) : t('taxes.form.newTitle');
  const jordanRates = new Intl.ListFormat(locale(), { type: 'conjunction' }).format(JORDAN_GST_RATES.filter((r) => r.category === 'standard').map((r) => `${r.rate}%`));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('taxes.form.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Flex direction="column" gap="4">
            {errors.form ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{errors.form}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <TextInput label={t('taxes.fields.name')} name="name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
              <TextInput label={t('taxes.fields.nameAr')} name="name_ar" dir="rtl" lang="ar" value={values.name_ar} error={errors.name_ar} onChange={(e) => set('name_ar', e.target.value)} />
              <TextInput label={t('taxes.fields.code')} name="code" dir="ltr" value={values.code} error={errors.code} hint={t('taxes.form.codeHint')} onChange={(e) => set('code', e.target.value)} />
              <SelectInput
                label={t('taxes.fields.category')}
                name="tax_category"
                value={category}
                error={errors.tax_category}
                hint={t(`taxes.categoryHints.${category}`)}
                onChange={(e) => set('tax_category', e.target.value as TaxRecordCategory)}
                options={TAX_RECORD_CATEGORIES.map((c) => ({ value: c, label: t(`taxes.categories.${c}`) }))}
              />
              {category === 'special' ? (
                <SelectInput
                  label={t('taxes.fields.specialType')}
                  name="special_tax_type"
                  value={values.special_tax_type}
                  error={errors.special_tax_type}
                  onChange={(e) => set('special_tax_type', e.target.value as SpecialTaxType)}
                  options={SPECIAL_TAX_TYPES.map((type) => ({ value: type, label: t(`taxes.specialTypes.${type}`) }))}
                />
              ) : null}
              {showsRate ? (
                <TextInput
                  label={t('taxes.fields.rate')}
                  name="rate"
                  inputMode="decimal"
                  dir="ltr"
                  required
                  value={values.rate}
                  error={errors.rate}
                  hint={category === 'standard' ? t('taxes.form.rateHint', { rates: jordanRates }) : undefined}
                  onChange={(e) => set('rate', e.target.value)}
                />
              ) : null}
              {category === 'special' && values.special_tax_type === 'fixed' ? (
                <TextInput
                  label={t('taxes.fields.amountPerUnit')}
                  name="special_tax_amount"
                  inputMode="decimal"
                  dir="ltr"
                  required
                  value={values.special_tax_amount}
                  error={errors.special_tax_amount}
                  onChange={(e) => set('special_tax_amount', e.target.value)}
                />
              ) : null}
            </Grid>
            {rateWarning ? (
              <Callout.Root color="amber" role="note">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{t('taxes.form.notJoFotaraRate', { rates: jordanRates })}</Callout.Text>
              </Callout.Root>
            ) : null}
            <TextAreaInput label={t('taxes.fields.description')} name="description" value={values.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
            <Flex direction="column" gap="2">
              <CheckField checked={values.recoverable} onChange={(checked) => set('recoverable', checked)}>
                {t('taxes.form.recoverable')}
              </CheckField>
              {category !== 'special' ? (
                <CheckField checked={values.is_default} onChange={(checked) => set('is_default', checked)}>
                  {t('taxes.form.isDefault')}
                </CheckField>
              ) : null}
              {tax ? (
                <CheckField checked={values.is_active} onChange={(checked) => set('is_active', checked)}>
                  {t('taxes.form.isActive')}
                </CheckField>
              ) : null}
              {errors.is_default ? (
                <Text size="1" color="red" role="alert">
                  {errors.is_default}
                </Text>
              ) : null}
            </Flex>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {tax ? t('common.saveChanges') : t('taxes.form.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
