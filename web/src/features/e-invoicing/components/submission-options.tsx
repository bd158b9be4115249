import { Grid } from '@radix-ui/themes';
import { EINVOICE_BUSINESS_TYPES, type EinvoiceSubmitRequest } from '@daftar/shared/schemas/einvoiceSubmission';
import { JOFOTARA_PAYMENT_METHODS, JOFOTARA_TRACKS } from '@daftar/shared/jofotara/types';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/fields';

/** '' everywhere means "let the server choose" (the registered track, paid-or-not, tax number or not). */
export interface OptionValues {
  invoice_type: string;
  payment_method: string;
  business_type: string;
}

export const DEFAULT_OPTIONS: OptionValues = { invoice_type: '', payment_method: '', business_type: '' };

/** The chosen options as the submit body and the preview query take them: defaults are left out. */
export function chosenOptions(values: OptionValues): EinvoiceSubmitRequest {
  const chosen: EinvoiceSubmitRequest = {};
  if (values.invoice_type) chosen.invoice_type = values.invoice_type as NonNullable<EinvoiceSubmitRequest['invoice_type']>;
  if (values.payment_method) chosen.payment_method = values.payment_method as NonNullable<EinvoiceSubmitRequest['payment_method']>;
  if (values.business_type) chosen.business_type = values.business_type as NonNullable<EinvoiceSubmitRequest['business_type']>;
  return chosen;
}

export function SubmissionOptions({
  values,
  onChange,
  registeredTrack,
  disabled,
}: {
  values: OptionValues;
  onChange: (values: OptionValues) => void;
  registeredTrack: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const byDefault = t('eInvoicing.options.default');
  return (
    <Grid columns={{ initial: '1', sm: '3' }} gap="4">
      <SelectInput
        label={t('eInvoicing.options.invoiceType')}
        name="invoice_type"
        value={values.invoice_type}
        disabled={disabled}
        hint={t('eInvoicing.options.invoiceTypeHint')}
        onChange={(e) => onChange({ ...values, invoice_type: e.target.value })}
        options={[
          { value: '', label: registeredTrack ? t('eInvoicing.options.registeredTrack', { track: t(`taxpayerTracks.${registeredTrack}`) }) : byDefault },
          ...JOFOTARA_TRACKS.map((track) => ({ value: track, label: t(`taxpayerTracks.${track}`) })),
        ]}
      />
      <SelectInput
        label={t('eInvoicing.options.paymentMethod')}
        name="payment_method"
        value={values.payment_method}
        disabled={disabled}
        hint={t('eInvoicing.options.paymentMethodHint')}
        onChange={(e) => onChange({ ...values, payment_method: e.target.value })}
        options={[{ value: '', label: byDefault }, ...JOFOTARA_PAYMENT_METHODS.map((method) => ({ value: method, label: t(`eInvoicing.paymentMethods.${method}`) }))]}
      />
      <SelectInput
        label={t('eInvoicing.options.businessType')}
        name="business_type"
        value={values.business_type}
        disabled={disabled}
        hint={t('eInvoicing.options.businessTypeHint')}
        onChange={(e) => onChange({ ...values, business_type: e.target.value })}
        options={[{ value: '', label: byDefault }, ...EINVOICE_BUSINESS_TYPES.map((type) => ({ value: type, label: t(`eInvoicing.businessTypes.${type}`) }))]}
      />
    </Grid>
  );
}
