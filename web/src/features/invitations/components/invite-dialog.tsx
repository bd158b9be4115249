import { Button, Dialog, Flex } from '@radix-ui/themes';
import { ROLES, schemas, type Role } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useCreateInvitation } from '../api/create-invitation';

export function InviteDialog({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<{ email: string; role: Role; message: string }>({ email: '', role: 'member', message: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'role' | 'message'>>({});
  const create = useCreateInvitation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.invitationCreate, { ...values, message: values.message.trim() || undefined });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    create.mutate(
      { organizationId, data: result.data },
      {
        onSuccess: (invitation) => {
          if (invitation.email_sent) notify.success(t('invitations.sent', { email: invitation.email }));
          else notify.warning(t('invitations.savedNotSent', { email: invitation.email }));
          setOpen(false);
          setValues({ email: '', role: 'member', message: '' });
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>{t('invitations.invite')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('invitations.invite')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('invitations.inviteDescription')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput
              label={t('auth.email')}
              type="email"
              name="email"
              required
              value={values.email}
              error={errors.email}
              onChange={(e) => setValues({ ...values, email: e.target.value })}
            />
            <SelectInput
              label={t('members.role')}
              name="role"
              value={values.role}
              error={errors.role}
              onChange={(e) => setValues({ ...values, role: e.target.value as Role })}
              options={ROLES.filter((role) => role !== 'owner' || isOwner).map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
            <TextAreaInput
              label={t('invitations.message')}
              name="message"
              value={values.message}
              error={errors.message}
              hint={t('invitations.messageHint')}
              onChange={(e) => setValues({ ...values, message: e.target.value })}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending}>
                {t('invitations.send')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
