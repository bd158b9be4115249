import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { OrganizationProfileFields, profileFrom, type ProfileField } from '../../../../components/organization-profile-fields';
import { validateForm, withoutEmpty, type FieldErrors } from '../../../../lib/validation';
import type { StepProps } from './step-props';

const FIELDS: readonly ProfileField[] = ['name', 'legal_name', 'commercial_registration', 'governorate', 'city', 'address', 'phone', 'email', 'base_currency'];

export function OrganizationProfileStep({ formId, initialData, onValid }: StepProps) {
  const [values, setValues] = useState(() => profileFrom(initialData));
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const data = withoutEmpty(Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])));
    const result = validateForm(schemas.onboardingStepData.organization_profile, data);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    onValid(data);
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <OrganizationProfileFields values={values} errors={errors} onChange={setValues} fields={FIELDS} />
    </form>
  );
}
