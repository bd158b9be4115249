import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Dialog, Flex, IconButton, Tooltip } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { useCreateOrganization } from '../api/create-organization';

const EMPTY = { name: '', base_currency: 'JOD' };

/** A further organization (a second company, a branch with its own books). */
export function CreateOrganizationDialog({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(schemas.organizationCreate, { defaultValues: EMPTY });
  const create = useCreateOrganization();

  const onSubmit = form.handleSubmit((data) => {
    create.mutate(
      { name: data.name, base_currency: data.base_currency },
      {
        onSuccess: (organization) => {
          notify.success(t('organization.created', { name: organization.name }));
          setOpen(false);
          form.reset(EMPTY);
          onCreated(organization);
        },
        // The shared handler's toast reports the failure; invalid input is also shown on its field.
        onError: (error) => void applyServerErrors(form, error),
      },
    );
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="name" label={t('organization.fields.name')} required />
            <FormSelectInput
              form={form}
              name="base_currency"
              label={t('organization.fields.base_currency')}
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
