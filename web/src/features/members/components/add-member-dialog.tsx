import { Button, Dialog, Flex } from '@radix-ui/themes';
import { schemas, type Role } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useAddMember } from '../api/add-member';
import { assignableRoles, roleOptions } from './role-options';

export function AddMemberDialog({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const add = useAddMember();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.emailBody, { email });
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    add.mutate(
      { organizationId, email: result.data.email, role },
      {
        onSuccess: () => {
          notify.success(t('members.added', { email: result.data.email }));
          setOpen(false);
          setEmail('');
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput label={t('auth.email')} type="email" name="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
            <SelectInput label={t('members.role')} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)} options={roleOptions(assignableRoles(isOwner), t)} />
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
