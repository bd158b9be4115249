import { Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path } from 'react-hook-form';
import { monthName } from '../lib/format';
import { FormSelectInput, FormTextInput, type BoundForm } from './fields';

export type ProfileField =
  | 'name'
  | 'name_ar'
  | 'legal_name'
  | 'tax_number'
  | 'income_source_sequence'
  | 'commercial_registration'
  | 'governorate'
  | 'city'
  | 'address'
  | 'postal_code'
  | 'phone'
  | 'email'
  | 'base_currency';

export type ProfileValues = Record<ProfileField, string>;

export const emptyProfile = (): ProfileValues => ({
  name: '',
  name_ar: '',
  legal_name: '',
  tax_number: '',
  income_source_sequence: '',
  commercial_registration: '',
  governorate: '',
  city: '',
  address: '',
  postal_code: '',
  phone: '',
  email: '',
  base_currency: 'JOD',
});

/** Reads stored organization or step data into form strings. */
export function profileFrom(source: Record<string, unknown> | null | undefined): ProfileValues {
  const values = emptyProfile();
  if (!source) return values;
  for (const key of Object.keys(values) as ProfileField[]) {
    const value = source[key];
    if (typeof value === 'string') values[key] = value;
  }
  return values;
}

/** A form (lib/forms `useZodForm`) whose values include the profile fields it shows. */
interface Props<T extends FieldValues> {
  form: BoundForm<T>;
  disabled?: boolean;
  /** Onboarding asks for the essentials only. */
  fields?: readonly ProfileField[];
}

const ALL: readonly ProfileField[] = [
  'name',
  'name_ar',
  'legal_name',
  'tax_number',
  'income_source_sequence',
  'commercial_registration',
  'governorate',
  'city',
  'address',
  'postal_code',
  'phone',
  'email',
  'base_currency',
];

/** The organization's identity as JoFotara and the tax department know it (JORDAN.md). */
export function OrganizationProfileFields<T extends FieldValues>({ form, disabled, fields = ALL }: Props<T>) {
  const { t } = useTranslation();
  const show = (field: ProfileField) => fields.includes(field);
  const text = (field: ProfileField, extra: Partial<ComponentProps<typeof FormTextInput<T>>> = {}) => (
    <FormTextInput form={form} name={field as Path<T>} label={t(`organization.fields.${field}`)} disabled={disabled} {...extra} />
  );
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      {show('name') ? text('name', { required: true, autoComplete: 'organization' }) : null}
      {show('name_ar') ? text('name_ar', { dir: 'rtl', lang: 'ar', hint: t('organization.hints.name_ar') }) : null}
      {show('legal_name') ? text('legal_name') : null}
      {show('tax_number') ? text('tax_number', { inputMode: 'numeric', hint: t('organization.hints.tax_number') }) : null}
      {show('income_source_sequence')
        ? text('income_source_sequence', { inputMode: 'numeric', hint: t('organization.hints.income_source_sequence') })
        : null}
      {show('commercial_registration') ? text('commercial_registration') : null}
      {show('governorate') ? (
        <FormSelectInput
          form={form}
          name={'governorate' as Path<T>}
          label={t('organization.fields.governorate')}
          disabled={disabled}
          options={[{ value: '', label: t('common.notSet') }, ...schemas.GOVERNORATES.map((g) => ({ value: g, label: t(`governorates.${g}`) }))]}
        />
      ) : null}
      {show('city') ? text('city', { autoComplete: 'address-level2' }) : null}
      {show('address') ? text('address', { autoComplete: 'street-address' }) : null}
      {show('postal_code') ? text('postal_code', { autoComplete: 'postal-code' }) : null}
      {show('phone') ? text('phone', { type: 'tel', autoComplete: 'tel' }) : null}
      {show('email') ? text('email', { type: 'email', autoComplete: 'email' }) : null}
      {show('base_currency') ? (
        <FormSelectInput
          form={form}
          name={'base_currency' as Path<T>}
          label={t('organization.fields.base_currency')}
          disabled={disabled}
          options={schemas.CURRENCIES.map((c) => ({ value: c, label: t(`currencies.${c}`) }))}
        />
      ) : null}
    </Grid>
  );
}

/** The form's `fiscal_year_start_month`, a number (1–12). */
export function FiscalYearSelect<T extends FieldValues>({ form, disabled }: { form: BoundForm<T>; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSelectInput
      form={form}
      name={'fiscal_year_start_month' as Path<T>}
      rules={{ setValueAs: Number }}
      label={t('organization.fields.fiscal_year_start_month')}
      disabled={disabled}
      options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }))}
    />
  );
}

/** The form's `taxpayer_track`. */
export function TaxpayerTrackSelect<T extends FieldValues>({ form, disabled, allowEmpty }: { form: BoundForm<T>; disabled?: boolean; allowEmpty?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSelectInput
      form={form}
      name={'taxpayer_track' as Path<T>}
      label={t('organization.fields.taxpayer_track')}
      disabled={disabled}
      hint={t('organization.hints.taxpayer_track')}
      options={[
        ...(allowEmpty ? [{ value: '', label: t('common.notSet') }] : []),
        ...schemas.TAXPAYER_TRACKS.map((track) => ({ value: track, label: t(`taxpayerTracks.${track}`) })),
      ]}
    />
  );
}
