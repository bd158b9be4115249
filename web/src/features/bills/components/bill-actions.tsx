import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { canDeleteDraft } from '@daftar/shared/drafts';
import { ConfirmActionDialog, DestructiveActionDialog } from '../../../components/documents/confirm-action-dialog';
import { useUser } from '../../../lib/auth';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useChangeBillStatus } from '../api/change-bill-status';
import { useConfirmBill } from '../api/confirm-bill';
import { useDeleteBill } from '../api/delete-bill';
import type { Bill } from '../api/get-bills';
import { isZeroAmount } from '../../../components/documents/document-amounts';
import { RecordPaymentDialog } from './record-payment-dialog';

const PAYABLE = new Set<Bill['status']>(['confirmed', 'partially_paid']);

/** What can be done with the bill depends on its state and on the person's role (SPEC §6). */
export function BillActions({ organizationId, bill, role }: { organizationId: string; bill: Bill; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmBill();
  const remove = useDeleteBill();
  const changeStatus = useChangeBillStatus();
  const user = useUser();
  const draft = bill.status === 'draft';
  const ids = { organizationId, billId: bill.id };
  const label = bill.number ?? t('bills.draftNumber');

  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {draft && role.isAdmin ? (
        <ConfirmActionDialog
          label={t('bills.actions.confirm')}
          title={t('bills.actions.confirmTitle')}
          description={t('bills.actions.confirmDescription')}
          submitLabel={t('bills.actions.confirmSubmit')}
          pending={confirm.isPending}
          onConfirm={async (idempotencyKey) => {
            const confirmed = await confirm.mutateAsync({ ...ids, idempotencyKey });
            notify.success(t('bills.actions.confirmed', { number: confirmed.number }));
          }}
        />
      ) : null}
      {draft && role.isMember ? (
        <Button asChild variant="soft">
          <Link to={`/purchases/bills/${bill.id}/edit`}>{t('bills.actions.edit')}</Link>
        </Button>
      ) : null}
      {PAYABLE.has(bill.status) && !isZeroAmount(bill.balance_due) && role.isMember ? <RecordPaymentDialog organizationId={organizationId} bill={bill} /> : null}
      {draft && role.isAdmin ? (
        <DestructiveActionDialog
          label={t('bills.actions.cancelDraft')}
          title={t('bills.actions.cancelTitle')}
          description={t('bills.actions.cancelDescription')}
          confirmLabel={t('bills.actions.cancelSubmit')}
          pending={changeStatus.isPending}
          onConfirm={async () => {
            await changeStatus.mutateAsync({ ...ids, status: 'cancelled' });
            notify.success(t('bills.actions.cancelled'));
          }}
        />
      ) : null}
      {/* Members edit any draft but delete only their own; the server refuses the rest (shared/src/drafts.ts). */}
      {draft && canDeleteDraft({ role: role.role, userId: user.data?.id, createdBy: bill.created_by }) ? (
        <DestructiveActionDialog
          label={t('common.delete')}
          title={t('bills.actions.deleteTitle', { label })}
          description={t('bills.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync({ ...ids, version: bill.version });
            notify.success(t('bills.actions.deleted'));
            navigate('/purchases/bills');
          }}
        />
      ) : null}
    </Flex>
  );
}
