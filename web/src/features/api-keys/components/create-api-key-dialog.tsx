import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { schemas } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';

const EXPIRY_DAYS = ['', '30', '90', '180', '365'] as const;

const emptyForm = () => ({ name: '', description: '', role: 'viewer', expires_in_days: '' });
type Values = ReturnType<typeof emptyForm>;

/** The form's strings as the API takes them: no description, no expiry when left empty. */
const toBody = (values: Values) => ({
  name: values.name,
  description: values.description.trim() || undefined,
  role: values.role,
  expires_in_days: values.expires_in_days ? Number(values.expires_in_days) : undefined,
});

export function CreateApiKeyDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm<typeof schemas.apiKeyCreate, Values>(schemas.apiKeyCreate, { defaultValues: emptyForm(), prepare: toBody });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCreated(null);
      form.reset(emptyForm());
    }
  };

  const onSubmit = form.handleSubmit((data) => {
    // The shared handler's toast reports the failure; invalid input is also shown on its field.
    create.mutate({ organizationId, data }, { onSuccess: setCreated, onError: (error) => void applyServerErrors(form, error) });
  });

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notify.success(t('apiKeys.copied'));
    } catch {
      notify.warning(t('apiKeys.copyFailed'));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button>{t('apiKeys.create')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="500px">
        <Dialog.Title>{created ? t('apiKeys.createdTitle') : t('apiKeys.create')}</Dialog.Title>
        {created ? (
          <Flex direction="column" gap="4">
            <Dialog.Description size="2">{t('apiKeys.createdDescription', { name: created.name })}</Dialog.Description>
            <Callout.Root color="amber">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{t('apiKeys.shownOnce')}</Callout.Text>
            </Callout.Root>
            <Text as="p" className="secret-key" aria-label={t('apiKeys.theKey')}>
              {created.key}
            </Text>
            <Flex gap="3" justify="end">
              <Button variant="soft" onClick={() => void copy(created.key)}>
                {t('apiKeys.copy')}
              </Button>
              <Dialog.Close>
                <Button>{t('common.done')}</Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <Dialog.Description size="2" mb="4" color="gray">
              {t('apiKeys.createDescription')}
            </Dialog.Description>
            <Flex direction="column" gap="4">
              <FormTextInput form={form} name="name" label={t('apiKeys.name')} required />
              <FormTextAreaInput form={form} name="description" label={t('apiKeys.description')} />
              <FormSelectInput
                form={form}
                name="role"
                label={t('members.role')}
                hint={t('apiKeys.roleHint')}
                options={schemas.API_KEY_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              />
              <FormSelectInput
                form={form}
                name="expires_in_days"
                label={t('apiKeys.expiry')}
                options={EXPIRY_DAYS.map((days) => ({ value: days, label: days ? t('apiKeys.expiresInDays', { count: Number(days) }) : t('apiKeys.never') }))}
              />
              <Flex gap="3" justify="end">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    {t('common.cancel')}
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={create.isPending}>
                  {t('apiKeys.createSubmit')}
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
