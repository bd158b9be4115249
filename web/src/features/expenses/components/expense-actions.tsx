import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ActionButton, ConfirmActionDialog, DestructiveActionDialog } from '../../../components/documents/confirm-action-dialog';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useApproveExpense } from '../api/approve-expense';
import { useDeleteExpense } from '../api/delete-expense';
import type { Expense } from '../api/get-expenses';
import { useSubmitExpense } from '../api/submit-expense';
import { RejectExpenseDialog } from './reject-expense-dialog';

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
          <ConfirmActionDialog
            label={t('expenses.actions.approve')}
            title={t('expenses.actions.approveTitle')}
            description={t('expenses.actions.approveDescription')}
            submitLabel={t('expenses.actions.approveSubmit')}
            pending={approve.isPending}
            onConfirm={async (idempotencyKey) => {
              await approve.mutateAsync({ ...ids, idempotencyKey });
              notify.success(t('expenses.actions.approved'));
            }}
          />
          <RejectExpenseDialog organizationId={organizationId} expense={expense} />
        </>
      ) : null}
      {expense.status === 'draft' && mayChange ? (
        <ActionButton
          pending={submit.isPending}
          onAction={async () => {
            await submit.mutateAsync(ids);
            notify.success(t('expenses.actions.submitted'));
          }}
        >
          {t('expenses.actions.submit')}
        </ActionButton>
      ) : null}
      {editable ? (
        <Button asChild variant="soft">
          <Link to={`/purchases/expenses/${expense.id}/edit`}>{t('expenses.actions.edit')}</Link>
        </Button>
      ) : null}
      {editable ? (
        <DestructiveActionDialog
          label={t('common.delete')}
          title={t('expenses.actions.deleteTitle', { description: expense.description })}
          description={t('expenses.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync(ids);
            notify.success(t('expenses.actions.deleted'));
            navigate('/purchases/expenses');
          }}
        />
      ) : null}
    </Flex>
  );
}
