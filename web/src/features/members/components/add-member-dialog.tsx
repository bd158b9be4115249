import { Button, Dialog, Flex } from '@radix-ui/themes';
import { schemas, type Role } from '@daftar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useAddMember } from '../api/add-member';
import { assignableRoles, roleOptions } from './role-options';

/** Someone with an account, by e-mail, and the role they get. */
const schema = schemas.emailBody.extend(schemas.memberUpdate.shape);

export function AddMemberDialog({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(schema, { defaultValues: { email: '', role: 'member' as Role } });
  const add = useAddMember();

  const onSubmit = form.handleSubmit(({ email, role }) => {
    add.mutate(
      { organizationId, email, role },
      {
        onSuccess: () => {
          notify.success(t('members.added', { email }));
          setOpen(false);
          form.resetField('email');
        },
        // The shared handler's toast reports the failure; invalid input is also shown on its field.
        onError: (error) => void applyServerErrors(form, error),
      },
    );
  });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>{t('members.add')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('members.add')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('members.addDescription')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="email" label={t('auth.email')} type="email" required />
            <FormSelectInput form={form} name="role" label={t('members.role')} options={roleOptions(assignableRoles(isOwner), t)} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={add.isPending}>
                {t('members.addSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
