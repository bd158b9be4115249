import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useApproveExpense } from '../api/approve-expense';
import { useDeleteExpense } from '../api/delete-expense';
import type { Expense } from '../api/get-expenses';
import { useSubmitExpense } from '../api/submit-expense';
import { RejectExpenseDialog } from './reject-expense-dialog';

/** Approving posts to the ledger: it asks first, without the red of a destructive action. */
function ApproveDialog({ onConfirm, pending }: { onConfirm: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button loading={pending}>{t('expenses.actions.approve')}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('expenses.actions.approveTitle')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('expenses.actions.approveDescription')}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>{t('expenses.actions.approveSubmit')}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

const EDITABLE = new Set<Expense['status']>(['draft', 'rejected']);

/**
 * What can be done depends on the expense's state and the person (SPEC §6): whoever filed it (or an
 * admin) edits, deletes and submits drafts; only admins approve or reject submitted expenses.
 */
export function ExpenseActions({ organizationId, expense, role, userId }: { organizationId: string; expense: Expense; role: RoleFlags; userId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitExpense();
  const approve = useApproveExpense();
  const remove = useDeleteExpense();
  const ids = { organizationId, expenseId: expense.id, version: expense.version };
  const mayChange = role.isMember && (role.isAdmin || expense.user_id === userId);
  const editable = EDITABLE.has(expense.status) && mayChange;

  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {expense.status === 'submitted' && role.isAdmin ? (
        <>
          <ApproveDialog
            pending={approve.isPending}
            onConfirm={() => approve.mutate(ids, { onSuccess: () => notify.success(t('expenses.actions.approved')) })}
          />
          <RejectExpenseDialog organizationId={organizationId} expense={expense} />
        </>
      ) : null}
      {expense.status === 'draft' && mayChange ? (
        <Button loading={submit.isPending} onClick={() => submit.mutate(ids, { onSuccess: () => notify.success(t('expenses.actions.submitted')) })}>
          {t('expenses.actions.submit')}
        </Button>
      ) : null}
      {editable ? (
        <Button asChild variant="soft">
          <Link to={`/purchases/expenses/${expense.id}/edit`}>{t('expenses.actions.edit')}</Link>
        </Button>
      ) : null}
      {editable ? (
        <ConfirmDialog
          trigger={
            <Button variant="soft" color="red">
              {t('common.delete')}
            </Button>
          }
          title={t('expenses.actions.deleteTitle', { description: expense.description })}
          description={t('expenses.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(ids, {
              onSuccess: () => {
                notify.success(t('expenses.actions.deleted'));
                navigate('/purchases/expenses');
              },
            })
          }
        />
      ) : null}
    </Flex>
  );
}
