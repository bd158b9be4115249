import { schemas } from '@daftar/shared';
import { FiscalYearSelect } from '../../../../components/organization-profile-fields';
import { useZodForm } from '../../../../lib/forms';
import type { StepProps } from './step-props';

export function FiscalYearStep({ formId, initialData, onValid }: StepProps) {
  const saved = initialData.fiscal_year_start_month;
  const form = useZodForm(schemas.onboardingStepData.fiscal_year, {
    defaultValues: { fiscal_year_start_month: typeof saved === 'number' ? saved : 1 },
  });

  const onSubmit = form.handleSubmit((data) => onValid(data));

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FiscalYearSelect form={form} />
    </form>
  );
}
