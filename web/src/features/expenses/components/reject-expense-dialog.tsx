import { Button, Dialog, Flex } from '@radix-ui/themes';
import { expenseReject } from '@daftar/shared/schemas/expenses';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { Expense } from '../api/get-expenses';
import { useRejectExpense } from '../api/reject-expense';
import { expenseMessage } from './messages';

/** A rejection says why, so the person who filed the expense can correct it. */
export function RejectExpenseDialog({ organizationId, expense }: { organizationId: string; expense: Expense }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const reject = useRejectExpense();
  const schema = useMemo(() => payloadSchema(expenseReject, (values: { reason: string }) => ({ reason: values.reason, version: expense.version })), [expense.version]);
  const form = useZodForm(schema, { defaultValues: { reason: '' }, messages: expenseMessage });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset({ reason: '' });
  };

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await reject.mutateAsync({ organizationId, expenseId: expense.id, reason: data.reason, version: expense.version });
    } catch (error) {
      // The refusal is about the reason, whatever its place: the dialog has no other field.
      return reportFormFailure(form, error, { message: expenseMessage, rename: { '': 'reason', version: 'reason' } });
    }
    notify.success(t('expenses.actions.rejected'));
    onOpenChange(false);
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextAreaInput form={form} name="reason" label={t('expenses.actions.reason')} required />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={form.formState.isSubmitting || reject.isPending}>
                {t('expenses.actions.rejectSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
