import { Badge, Button, Flex, Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCancelInvitation } from '../api/cancel-invitation';
import type { Invitation } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';

const STATUS_COLOR = { pending: 'amber', accepted: 'green', cancelled: 'gray', expired: 'red' } as const;

export function InvitationsTable({ organizationId, invitations, canManage }: { organizationId: string; invitations: Invitation[]; canManage: boolean }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('auth.email')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('members.role')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invitations.status')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invitations.invitedBy')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('invitations.expires')}</Table.ColumnHeaderCell>
            {canManage ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {invitations.map((invitation) => (
            <Table.Row key={invitation.id}>
              <Table.RowHeaderCell>{invitation.email}</Table.RowHeaderCell>
              <Table.Cell>{t(`roles.${invitation.role}`)}</Table.Cell>
              <Table.Cell>
                <Badge color={STATUS_COLOR[invitation.status]}>{t(`invitations.statuses.${invitation.status}`)}</Badge>
              </Table.Cell>
              <Table.Cell>{invitation.invited_by_name ?? '—'}</Table.Cell>
              <Table.Cell>{formatDateTime(invitation.expires_at)}</Table.Cell>
              {canManage ? (
                <Table.Cell>
                  {invitation.status === 'pending' || invitation.status === 'expired' ? (
                    <Flex gap="2">
                      <Button
                        size="1"
                        variant="soft"
                        aria-label={t('invitations.resendTo', { email: invitation.email })}
                        loading={resend.isPending && resend.variables?.invitationId === invitation.id}
                        onClick={() =>
                          resend.mutate(
                            { organizationId, invitationId: invitation.id },
                            {
                              onSuccess: (sent) =>
                                sent.email_sent
                                  ? notify.success(t('invitations.sent', { email: sent.email }))
                                  : notify.warning(t('invitations.savedNotSent', { email: sent.email })),
                            },
                          )
                        }
                      >
                        {t('invitations.resend')}
                      </Button>
                      {invitation.status === 'pending' ? (
                        <ConfirmDialog
                          trigger={
                            <Button size="1" variant="soft" color="red" aria-label={t('invitations.cancelFor', { email: invitation.email })}>
                              {t('invitations.cancel')}
                            </Button>
                          }
                          title={t('invitations.cancelFor', { email: invitation.email })}
                          description={t('invitations.cancelDescription')}
                          confirmLabel={t('invitations.cancel')}
                          pending={cancel.isPending}
                          onConfirm={() =>
                            cancel.mutate(
                              { organizationId, invitationId: invitation.id },
                              { onSuccess: () => notify.success(t('invitations.cancelled', { email: invitation.email })) },
                            )
                          }
                        />
                      ) : null}
                    </Flex>
                  ) : null}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
