import { Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { monthName } from '../lib/format';
import { SelectInput, TextInput } from './fields';
import type { FieldErrors } from '../lib/validation';

export type ProfileField =
  | 'name'
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

interface Props {
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (values: ProfileValues) => void;
  disabled?: boolean;
  /** Onboarding asks for the essentials only. */
  fields?: readonly ProfileField[];
}

const ALL: readonly ProfileField[] = [
  'name',
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
export function OrganizationProfileFields({ values, errors, onChange, disabled, fields = ALL }: Props) {
  const { t } = useTranslation();
  const show = (field: ProfileField) => fields.includes(field);
  const text = (field: ProfileField, extra: Partial<ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      label={t(`organization.fields.${field}`)}
      name={field}
      value={values[field]}
      error={errors[field]}
      disabled={disabled}
      onChange={(e) => onChange({ ...values, [field]: e.target.value })}
      {...extra}
    />
  );
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      {show('name') ? text('name', { required: true, autoComplete: 'organization' }) : null}
      {show('legal_name') ? text('legal_name') : null}
      {show('tax_number') ? text('tax_number', { inputMode: 'numeric', hint: t('organization.hints.tax_number') }) : null}
      {show('income_source_sequence')
        ? text('income_source_sequence', { inputMode: 'numeric', hint: t('organization.hints.income_source_sequence') })
        : null}
      {show('commercial_registration') ? text('commercial_registration') : null}
      {show('governorate') ? (
        <SelectInput
          label={t('organization.fields.governorate')}
          name="governorate"
          value={values.governorate}
          error={errors.governorate}
          disabled={disabled}
          onChange={(e) => onChange({ ...values, governorate: e.target.value })}
          options={[{ value: '', label: t('common.notSet') }, ...schemas.GOVERNORATES.map((g) => ({ value: g, label: t(`governorates.${g}`) }))]}
        />
      ) : null}
      {show('city') ? text('city', { autoComplete: 'address-level2' }) : null}
      {show('address') ? text('address', { autoComplete: 'street-address' }) : null}
      {show('postal_code') ? text('postal_code', { autoComplete: 'postal-code' }) : null}
      {show('phone') ? text('phone', { type: 'tel', autoComplete: 'tel' }) : null}
      {show('email') ? text('email', { type: 'email', autoComplete: 'email' }) : null}
      {show('base_currency') ? (
        <SelectInput
          label={t('organization.fields.base_currency')}
          name="base_currency"
          value={values.base_currency}
          error={errors.base_currency}
          disabled={disabled}
          onChange={(e) => onChange({ ...values, base_currency: e.target.value })}
          options={schemas.CURRENCIES.map((c) => ({ value: c, label: t(`currencies.${c}`) }))}
        />
      ) : null}
    </Grid>
  );
}

export function FiscalYearSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: number;
  onChange: (month: number) => void;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectInput
      label={t('organization.fields.fiscal_year_start_month')}
      name="fiscal_year_start_month"
      value={String(value)}
      disabled={disabled}
      error={error}
      onChange={(e) => onChange(Number(e.target.value))}
      options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }))}
    />
  );
}

export function TaxpayerTrackSelect({
  value,
  onChange,
  disabled,
  error,
  allowEmpty,
}: {
  value: string;
  onChange: (track: string) => void;
  disabled?: boolean;
  error?: string;
  allowEmpty?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectInput
      label={t('organization.fields.taxpayer_track')}
      name="taxpayer_track"
      value={value}
      disabled={disabled}
      error={error}
      hint={t('organization.hints.taxpayer_track')}
      onChange={(e) => onChange(e.target.value)}
      options={[
        ...(allowEmpty ? [{ value: '', label: t('common.notSet') }] : []),
        ...schemas.TAXPAYER_TRACKS.map((track) => ({ value: track, label: t(`taxpayerTracks.${track}`) })),
      ]}
    />
  );
}
