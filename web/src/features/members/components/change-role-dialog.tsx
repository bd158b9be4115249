import { Button, Dialog, Flex } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput } from '../../../components/fields';
import type { Member } from '../../../lib/authorization';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, roleOptions } from './role-options';

export function ChangeRoleDialog({ organizationId, member, isOwner }: { organizationId: string; member: Member; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(schemas.memberUpdate, { defaultValues: { role: member.role } });
  const role = useWatch({ control: form.control, name: 'role' });
  const update = useUpdateMemberRole();
  const name = member.full_name || member.email;

  const onSubmit = form.handleSubmit(({ role: chosen }) => {
    update.mutate(
      { organizationId, userId: member.user_id, role: chosen },
      {
        onSuccess: () => {
          notify.success(t('members.roleChanged', { name, role: t(`roles.${chosen}`) }));
          setOpen(false);
        },
        onError: (error) => void applyServerErrors(form, error),
      },
    );
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ role: member.role });
      }}
    >
      <Dialog.Trigger>
        <Button size="1" variant="soft" aria-label={t('members.changeRoleFor', { name })}>
          {t('members.changeRole')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{t('members.changeRoleFor', { name })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('members.roleDescription')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)}>
          <Flex direction="column" gap="4">
            <FormSelectInput form={form} name="role" label={t('members.role')} options={roleOptions(assignableRoles(isOwner), t)} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={update.isPending} disabled={role === member.role}>
                {t('common.save')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
