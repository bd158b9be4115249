import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex, IconButton, Tooltip } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../components/fields';
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useCreateOrganization } from '../api/create-organization';

/** A further organization (a second company, a branch with its own books). */
export function CreateOrganizationDialog({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ name: '', base_currency: 'JOD' });
  const [errors, setErrors] = useState<FieldErrors<'name' | 'base_currency'>>({});
  const create = useCreateOrganization();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.organizationCreate, values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    create.mutate(
      { name: result.data.name, base_currency: result.data.base_currency },
      {
        onSuccess: (organization) => {
          notify.success(t('organization.created', { name: organization.name }));
          setOpen(false);
          setValues({ name: '', base_currency: 'JOD' });
          onCreated(organization);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={t('organization.create')}>
        <Dialog.Trigger>
          <IconButton variant="soft" aria-label={t('organization.create')}>
            <PlusIcon />
          </IconButton>
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('organization.create')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('organization.createDescription')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput
              label={t('organization.fields.name')}
              name="name"
              required
              value={values.name}
              error={errors.name}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
            />
            <SelectInput
              label={t('organization.fields.base_currency')}
              name="base_currency"
              value={values.base_currency}
              onChange={(e) => setValues({ ...values, base_currency: e.target.value })}
              options={schemas.CURRENCIES.map((c) => ({ value: c, label: t(`currencies.${c}`) }))}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending}>
                {t('organization.createSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
