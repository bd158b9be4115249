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
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { locale } from '../../../lib/format';
import { applyServerErrors, fieldError, issueMessages, useZodForm } from '../../../lib/forms';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
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

/**
 * A change of a tax: the update schema checks fields one by one; the rules hold for the tax as it
 * will be (the form always sends its category).
 */
const taxChange = taxUpdate.superRefine((data, ctx) => {
  for (const rule of taxRuleIssues(data as Parameters<typeof taxRuleIssues>[0])) ctx.addIssue({ code: 'custom', path: [rule.path], message: rule.message });
});

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
  const form = useZodForm<typeof taxCreate | typeof taxChange, Values>(tax ? taxChange : taxCreate, {
    defaultValues: valuesOf(tax),
    prepare: (values) => (tax ? { ...requestOf(values), version: tax.version } : requestOf(values)),
    messages: (issue, values) => translate(issue, values),
  });
  const values = useWatch({ control: form.control }) as Values;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setValue(key, value as never);
  const category = values.tax_category;
  const showsRate = category === 'standard' || (category === 'special' && values.special_tax_type === 'percent');
  const typedRate = values.rate.trim();
  // Only a readable rate is compared with Jordan's set; an unreadable one gets the field's error.
  const rateWarning = category === 'standard' && /^\d{1,3}(\.\d+)?$/.test(typedRate) && !isJoFotaraRate(category, typedRate);
  const formError = form.formState.errors.root?.message;

  const onFailure = (error: unknown) => {
    // A 422 names its fields in `loc`; the rule behind a message follows from the tax as sent.
    const rest = applyServerErrors(form, error, { message: (issue) => translate({ path: issue.path, code: issue.type, message: issue.msg }, form.getValues()) });
    if (rest) {
      // What no field shows is said above the fields.
      if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
      return;
    }
    if (errorStatus(error) === 409) {
      // Creating, the one conflict is another tax with this code; changing, it is that (when the
      // code was changed) or a change someone else saved meanwhile, which the server's text explains.
      const codeChanged = !tax || (form.getValues('code').trim().toUpperCase() || null) !== (tax.code ?? null);
      if (codeChanged) return form.setError('code', { type: 'conflict', message: t('taxes.errors.duplicateCode') }, { shouldFocus: true });
      return form.setError('root', { type: 'conflict', message: errorMessage(error) });
    }
    notifyError(error);
  };
  const onSaved = (saved: Tax) => {
    notify.success(t(tax ? 'taxes.form.saved' : 'taxes.form.created', { name: saved.name }));
    onClose();
  };

  const onSubmit = form.handleSubmit((data) => {
    if (tax) update.mutate({ organizationId, taxId: tax.id, data: data as typeof taxUpdate._zod.output }, { onSuccess: onSaved, onError: onFailure });
    else create.mutate({ organizationId, data: data as typeof taxCreate._zod.output }, { onSuccess: onSaved, onError: onFailure });
  });

  const title = tax ? t('taxes.form.editTitle', { name: tax.name }) : t('taxes.form.newTitle');
  const jordanRates = new Intl.ListFormat(locale(), { type: 'conjunction' }).format(JORDAN_GST_RATES.filter((r) => r.category === 'standard').map((r) => `${r.rate}%`));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('taxes.form.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
          <Flex direction="column" gap="4">
            {formError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            ) : null}
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <FormTextInput form={form} name="name" label={t('taxes.fields.name')} required />
              <FormTextInput form={form} name="name_ar" label={t('taxes.fields.nameAr')} dir="rtl" lang="ar" />
              <FormTextInput form={form} name="code" label={t('taxes.fields.code')} dir="ltr" hint={t('taxes.form.codeHint')} />
              <FormSelectInput
                form={form}
                name="tax_category"
                label={t('taxes.fields.category')}
                hint={t(`taxes.categoryHints.${category}`)}
                options={TAX_RECORD_CATEGORIES.map((c) => ({ value: c, label: t(`taxes.categories.${c}`) }))}
              />
              {category === 'special' ? (
                <FormSelectInput
                  form={form}
                  name="special_tax_type"
                  label={t('taxes.fields.specialType')}
                  options={SPECIAL_TAX_TYPES.map((type) => ({ value: type, label: t(`taxes.specialTypes.${type}`) }))}
                />
              ) : null}
              {showsRate ? (
                <FormTextInput
                  form={form}
                  name="rate"
                  label={t('taxes.fields.rate')}
                  inputMode="decimal"
                  dir="ltr"
                  required
                  hint={category === 'standard' ? t('taxes.form.rateHint', { rates: jordanRates }) : undefined}
                />
              ) : null}
              {category === 'special' && values.special_tax_type === 'fixed' ? (
                <FormTextInput form={form} name="special_tax_amount" label={t('taxes.fields.amountPerUnit')} inputMode="decimal" dir="ltr" required />
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
            <FormTextAreaInput form={form} name="description" label={t('taxes.fields.description')} />
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
              {fieldError(form, 'is_default') ? (
                <Text size="1" color="red" role="alert">
                  {fieldError(form, 'is_default')}
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
