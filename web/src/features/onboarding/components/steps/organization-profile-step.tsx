import { Flex } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { OrganizationProfileFields, profileFrom, type ProfileField, type ProfileValues } from '../../../../components/organization-profile-fields';
import { useZodForm } from '../../../../lib/forms';
import type { Organization } from '../../../../lib/organizations';
import { withoutEmpty } from '../../../../lib/validation';
import { ValuationMethodField } from '../../../organizations/components/inventory-settings-fields';
import type { StepProps } from './step-props';

const FIELDS: readonly ProfileField[] = ['name', 'name_ar', 'legal_name', 'commercial_registration', 'governorate', 'city', 'address', 'phone', 'email', 'base_currency'];

type Method = Organization['inventory_valuation_method'];
type Values = ProfileValues & { inventory_valuation_method: Method };

/** The step's data: the essentials, trimmed, empty ones left out; the valuation method as chosen. */
const stepData = (values: Values) => ({
  ...withoutEmpty(Object.fromEntries(FIELDS.map((field) => [field, values[field].trim()]))),
  inventory_valuation_method: values.inventory_valuation_method,
});

/** The organization is set up here, so its valuation method is chosen here (issue #14): it is fixed once stock moves. */
export function OrganizationProfileStep({ formId, initialData, onValid }: StepProps) {
  const saved = initialData.inventory_valuation_method;
  const form = useZodForm<typeof schemas.onboardingStepData.organization_profile, Values>(schemas.onboardingStepData.organization_profile, {
    defaultValues: { ...profileFrom(initialData), inventory_valuation_method: saved === 'average' ? 'average' : 'fifo' },
    prepare: stepData,
  });

  // The step saves what was typed (the server applies the schema's defaults), once it is valid.
  const onSubmit = form.handleSubmit(() => onValid(stepData(form.getValues())));

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <OrganizationProfileFields form={form} fields={FIELDS} />
        <ValuationMethodField form={form} />
      </Flex>
    </form>
  );
}
