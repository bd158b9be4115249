import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { FiscalYearSelect } from '../../../../components/organization-profile-fields';
import { validateForm, type FieldErrors } from '../../../../lib/validation';
import type { StepProps } from './step-props';

export function FiscalYearStep({ formId, initialData, onValid }: StepProps) {
  const saved = initialData.fiscal_year_start_month;
  const [month, setMonth] = useState(typeof saved === 'number' ? saved : 1);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = { fiscal_year_start_month: month };
    const result = validateForm(schemas.onboardingStepData.fiscal_year, data);
    if (!result.success) return setErrors(result.errors);
    onValid(data);
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <FiscalYearSelect value={month} onChange={setMonth} error={errors.fiscal_year_start_month} />
    </form>
  );
}
