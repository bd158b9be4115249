import { Button, Dialog, Flex } from '@radix-ui/themes';
import { ROLES, schemas, type Role } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useCreateInvitation } from '../api/create-invitation';

interface Values {
  email: string;
  role: Role;
  message: string;
}

const EMPTY: Values = { email: '', role: 'member', message: '' };

export function InviteDialog({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm<typeof schemas.invitationCreate, Values>(schemas.invitationCreate, {
    defaultValues: EMPTY,
    // An empty message is no message.
    prepare: (values) => ({ ...values, message: values.message.trim() || undefined }),
  });
  const create = useCreateInvitation();

  const onSubmit = form.handleSubmit((data) => {
    create.mutate(
      { organizationId, data },
      {
        onSuccess: (invitation) => {
          if (invitation.email_sent) notify.success(t('invitations.sent', { email: invitation.email }));
          else notify.warning(t('invitations.savedNotSent', { email: invitation.email }));
          setOpen(false);
          form.reset(EMPTY);
        },
        // The shared handler's toast reports the failure; invalid input is also shown on its field.
        onError: (error) => void applyServerErrors(form, error),
      },
    );
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="email" label={t('auth.email')} type="email" required />
            <FormSelectInput
              form={form}
              name="role"
              label={t('members.role')}
              options={ROLES.filter((role) => role !== 'owner' || isOwner).map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
            <FormTextAreaInput form={form} name="message" label={t('invitations.message')} hint={t('invitations.messageHint')} />
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
