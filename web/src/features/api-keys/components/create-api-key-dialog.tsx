import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';

const EXPIRY_DAYS = ['', '30', '90', '180', '365'] as const;

const emptyForm = () => ({ name: '', description: '', role: 'viewer', expires_in_days: '' });

export function CreateApiKeyDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCreated(null);
      setValues(emptyForm());
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.apiKeyCreate, {
      name: values.name,
      description: values.description.trim() || undefined,
      role: values.role,
      expires_in_days: values.expires_in_days ? Number(values.expires_in_days) : undefined,
    });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    create.mutate({ organizationId, data: result.data }, { onSuccess: setCreated });
  };

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
          <form onSubmit={onSubmit} noValidate>
            <Dialog.Description size="2" mb="4" color="gray">
              {t('apiKeys.createDescription')}
            </Dialog.Description>
            <Flex direction="column" gap="4">
              <TextInput label={t('apiKeys.name')} name="name" required value={values.name} error={errors.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
              <TextAreaInput
                label={t('apiKeys.description')}
                name="description"
                value={values.description}
                error={errors.description}
                onChange={(e) => setValues({ ...values, description: e.target.value })}
              />
              <SelectInput
                label={t('members.role')}
                name="role"
                value={values.role}
                error={errors.role}
                hint={t('apiKeys.roleHint')}
                onChange={(e) => setValues({ ...values, role: e.target.value })}
                options={schemas.API_KEY_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              />
              <SelectInput
                label={t('apiKeys.expiry')}
                name="expires_in_days"
                value={values.expires_in_days}
                error={errors.expires_in_days}
                onChange={(e) => setValues({ ...values, expires_in_days: e.target.value })}
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
