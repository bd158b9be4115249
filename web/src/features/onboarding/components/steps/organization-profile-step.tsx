import { schemas } from '@daftar/shared';
import { OrganizationProfileFields, profileFrom, type ProfileField, type ProfileValues } from '../../../../components/organization-profile-fields';
import { useZodForm } from '../../../../lib/forms';
import { withoutEmpty } from '../../../../lib/validation';
import type { StepProps } from './step-props';

const FIELDS: readonly ProfileField[] = ['name', 'name_ar', 'legal_name', 'commercial_registration', 'governorate', 'city', 'address', 'phone', 'email', 'base_currency'];

/** The step's data: the essentials, trimmed, empty ones left out. */
const stepData = (values: ProfileValues) => withoutEmpty(Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()])));

export function OrganizationProfileStep({ formId, initialData, onValid }: StepProps) {
  const form = useZodForm(schemas.onboardingStepData.organization_profile, {
    defaultValues: profileFrom(initialData),
    prepare: stepData,
  });

  // The step saves what was typed (the server applies the schema's defaults), once it is valid.
  const onSubmit = form.handleSubmit(() => onValid(stepData(form.getValues())));

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <OrganizationProfileFields form={form} fields={FIELDS} />
    </form>
  );
}
