import { Button, Dialog, Flex } from '@radix-ui/themes';
import { expenseReject } from '@daftar/shared/schemas/expenses';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify, notifyError } from '../../../lib/notify';
import { validateForm } from '../../../lib/validation';
import type { Expense } from '../api/get-expenses';
import { useRejectExpense } from '../api/reject-expense';
import { expenseErrors, expenseMessage } from './messages';

/** A rejection says why, so the person who filed the expense can correct it. */
export function RejectExpenseDialog({ organizationId, expense }: { organizationId: string; expense: Expense }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reject = useRejectExpense();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setError(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(expenseReject, { reason, version: expense.version });
    if (!result.success) return setError(expenseErrors(result.errors).reason);
    setError(undefined);
    reject.mutate(
      { organizationId, expenseId: expense.id, reason: result.data.reason, version: expense.version },
      {
        onSuccess: () => {
          notify.success(t('expenses.actions.rejected'));
          onOpenChange(false);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 422) return setError(expenseMessage(errorMessage(failure)));
          notifyError(failure);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft" color="red">
          {t('expenses.actions.reject')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('expenses.actions.rejectTitle')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('expenses.actions.rejectDescription')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextAreaInput label={t('expenses.actions.reason')} name="reason" required value={reason} error={error} onChange={(e) => setReason(e.target.value)} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={reject.isPending}>
                {t('expenses.actions.rejectSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
