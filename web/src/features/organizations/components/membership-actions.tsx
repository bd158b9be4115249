import { Badge, Button, Card, Flex, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionHeading } from '../../../components/page-header';
import type { RoleFlags } from '../../../lib/authorization';
import type { Organization } from '../../../lib/organizations';
import { notify } from '../../../lib/notify';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useDeleteOrganization } from '../api/delete-organization';
import { useLeaveOrganization } from '../api/leave-organization';

/** Leaving is for anyone but an owner; deleting the whole organization is for owners only. */
export function MembershipActions({ organization, role }: { organization: Organization; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useLeaveOrganization();
  const remove = useDeleteOrganization();

  const forgetOrganization = async (message: string) => {
    storage.remove(STORAGE_KEYS.currentOrganizationId);
    queryClient.clear();
    notify.success(message);
    await navigate('/', { replace: true });
  };

  return (
    <Card size="3">
      <SectionHeading>{t('organization.membership')}</SectionHeading>
      <Flex direction="column" gap="4">
        <Flex gap="2" align="center">
          <Text size="2">{t('organization.yourRole')}</Text>
          <Badge>{role.role ? t(`roles.${role.role}`) : t('roles.none')}</Badge>
        </Flex>
        <Flex gap="3" wrap="wrap">
          {!role.isOwner ? (
            <ConfirmDialog
              trigger={
                <Button variant="soft" color="red">
                  {t('organization.leave')}
                </Button>
              }
              title={t('organization.leaveTitle', { name: organization.name })}
              description={t('organization.leaveDescription')}
              confirmLabel={t('organization.leave')}
              pending={leave.isPending}
              onConfirm={() =>
                leave.mutate(organization.id, { onSuccess: () => forgetOrganization(t('organization.left', { name: organization.name })) })
              }
            />
          ) : null}
          {role.isOwner ? (
            <ConfirmDialog
              trigger={<Button color="red">{t('organization.delete')}</Button>}
              title={t('organization.deleteTitle', { name: organization.name })}
              description={t('organization.deleteDescription')}
              confirmLabel={t('organization.delete')}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(organization.id, { onSuccess: () => forgetOrganization(t('organization.deleted', { name: organization.name })) })
              }
            />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
