import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Member, RoleFlags } from '../../../lib/authorization';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRemoveMember } from '../api/remove-member';
import { ChangeRoleDialog } from './change-role-dialog';

const ROLE_COLOR = { owner: 'violet', admin: 'blue', member: 'teal', viewer: 'gray' } as const;

interface Props {
  organizationId: string;
  members: Member[];
  currentUserId: string | undefined;
  permissions: RoleFlags;
}

export function MembersTable({ organizationId, members, currentUserId, permissions }: Props) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  /** Administrators manage others; only an owner touches an owner; nobody edits themselves here. */
  const canManage = (member: Member) =>
    permissions.isAdmin && member.user_id !== currentUserId && (member.role !== 'owner' || permissions.isOwner);

  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('members.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('auth.email')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('members.role')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('members.joined')}</Table.ColumnHeaderCell>
            {permissions.isAdmin ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {members.map((member) => {
            const name = member.full_name || member.email;
            return (
              <Table.Row key={member.user_id}>
                <Table.RowHeaderCell>
                  <Text weight="medium">{member.full_name || '—'}</Text>
                  {member.user_id === currentUserId ? (
                    <Badge ml="2" color="gray" variant="outline">
                      {t('members.you')}
                    </Badge>
                  ) : null}
                </Table.RowHeaderCell>
                <Table.Cell>{member.email}</Table.Cell>
                <Table.Cell>
                  <Badge color={ROLE_COLOR[member.role]}>{t(`roles.${member.role}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{formatDate(member.joined_at)}</Table.Cell>
                {permissions.isAdmin ? (
                  <Table.Cell>
                    {canManage(member) ? (
                      <Flex gap="2">
                        <ChangeRoleDialog organizationId={organizationId} member={member} isOwner={permissions.isOwner} />
                        <ConfirmDialog
                          trigger={
                            <Button size="1" variant="soft" color="red" aria-label={t('members.removeFor', { name })}>
                              {t('members.remove')}
                            </Button>
                          }
                          title={t('members.removeFor', { name })}
                          description={t('members.removeDescription')}
                          confirmLabel={t('members.remove')}
                          pending={remove.isPending}
                          onConfirm={() =>
                            remove.mutate(
                              { organizationId, userId: member.user_id },
                              { onSuccess: () => notify.success(t('members.removed', { name })) },
                            )
                          }
                        />
                      </Flex>
                    ) : null}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
