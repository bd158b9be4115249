import { Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../../components/fields';
import { TaxpayerTrackSelect } from '../../../../components/organization-profile-fields';
import { validateForm, withoutEmpty, type FieldErrors } from '../../../../lib/validation';
import type { StepProps } from './step-props';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** JoFotara needs the taxpayer's track, tax number and income source sequence (JORDAN.md). */
export function TaxpayerTrackStep({ formId, initialData, onValid }: StepProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    taxpayer_track: text(initialData.taxpayer_track) || 'general_sales',
    tax_number: text(initialData.tax_number),
    income_source_sequence: text(initialData.income_source_sequence),
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = withoutEmpty({
      taxpayer_track: values.taxpayer_track,
      tax_number: values.tax_number.trim(),
      income_source_sequence: values.income_source_sequence.trim(),
    });
    const result = validateForm(schemas.onboardingStepData.taxpayer_track, data);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    onValid(data);
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <TaxpayerTrackSelect value={values.taxpayer_track} onChange={(taxpayer_track) => setValues({ ...values, taxpayer_track })} error={errors.taxpayer_track} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <TextInput
            label={t('organization.fields.tax_number')}
            name="tax_number"
            inputMode="numeric"
            value={values.tax_number}
            error={errors.tax_number}
            hint={t('organization.hints.tax_number')}
            onChange={(e) => setValues({ ...values, tax_number: e.target.value })}
          />
          <TextInput
            label={t('organization.fields.income_source_sequence')}
            name="income_source_sequence"
            inputMode="numeric"
            value={values.income_source_sequence}
            error={errors.income_source_sequence}
            hint={t('organization.hints.income_source_sequence')}
            onChange={(e) => setValues({ ...values, income_source_sequence: e.target.value })}
          />
        </Grid>
      </Flex>
    </form>
  );
}
