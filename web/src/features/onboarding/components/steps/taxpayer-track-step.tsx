import { Flex, Grid } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../../components/fields';
import { TaxpayerTrackSelect } from '../../../../components/organization-profile-fields';
import { useZodForm } from '../../../../lib/forms';
import { withoutEmpty } from '../../../../lib/validation';
import type { StepProps } from './step-props';

interface Values {
  taxpayer_track: string;
  tax_number: string;
  income_source_sequence: string;
}

/** The step's data: trimmed, empty ones left out. */
const stepData = (values: Values) =>
  withoutEmpty({
    taxpayer_track: values.taxpayer_track,
    tax_number: values.tax_number.trim(),
    income_source_sequence: values.income_source_sequence.trim(),
  });

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** JoFotara needs the taxpayer's track, tax number and income source sequence (JORDAN.md). */
export function TaxpayerTrackStep({ formId, initialData, onValid }: StepProps) {
  const { t } = useTranslation();
  const form = useZodForm<typeof schemas.onboardingStepData.taxpayer_track, Values>(schemas.onboardingStepData.taxpayer_track, {
    defaultValues: {
      taxpayer_track: text(initialData.taxpayer_track) || 'general_sales',
      tax_number: text(initialData.tax_number),
      income_source_sequence: text(initialData.income_source_sequence),
    },
    prepare: stepData,
  });

  const onSubmit = form.handleSubmit(() => onValid(stepData(form.getValues())));

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <TaxpayerTrackSelect form={form} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <FormTextInput form={form} name="tax_number" label={t('organization.fields.tax_number')} inputMode="numeric" hint={t('organization.hints.tax_number')} />
          <FormTextInput
            form={form}
            name="income_source_sequence"
            label={t('organization.fields.income_source_sequence')}
            inputMode="numeric"
            hint={t('organization.hints.income_source_sequence')}
          />
        </Grid>
      </Flex>
    </form>
  );
}
