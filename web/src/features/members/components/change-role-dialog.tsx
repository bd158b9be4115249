import { Button, Dialog, Flex } from '@radix-ui/themes';
import type { Role } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/fields';
import type { Member } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, roleOptions } from './role-options';

export function ChangeRoleDialog({ organizationId, member, isOwner }: { organizationId: string; member: Member; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const update = useUpdateMemberRole();
  const name = member.full_name || member.email;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { organizationId, userId: member.user_id, role },
      {
        onSuccess: () => {
          notify.success(t('members.roleChanged', { name, role: t(`roles.${role}`) }));
          setOpen(false);
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRole(member.role);
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
        <form onSubmit={onSubmit}>
          <Flex direction="column" gap="4">
            <SelectInput label={t('members.role')} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} options={roleOptions(assignableRoles(isOwner), t)} />
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
