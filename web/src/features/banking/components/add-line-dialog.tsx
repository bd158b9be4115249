import { Button, Dialog, Flex } from '@radix-ui/themes';
import { bankTransactionCreate } from '@daftar/shared/schemas/banking';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useAddStatementLine } from '../api/add-statement-line';
import { useBankingMessages } from './banking-messages';
import { isZeroAmount, today } from './labels';

const emptyForm = () => ({ date: today(), description: '', reference: '', amount: '' });

/** A statement line typed in by hand, for a bank that gives no file. */
export function AddLineDialog({ organizationId, bankAccountId }: { organizationId: string; bankAccountId: string }) {
  const { t } = useTranslation();
  const messages = useBankingMessages();
  const [open, setOpen] = useState(false);
  const add = useAddStatementLine();
  const schema = useMemo(
    () =>
      payloadSchema(
        bankTransactionCreate,
        (values: ReturnType<typeof emptyForm>) => ({ date: values.date, description: values.description, reference: textOrNull(values.reference), amount: values.amount.trim() }),
        // A statement line moves money: zero is refused by the server too.
        (values) => (values.amount.trim() && isZeroAmount(values.amount) ? [{ path: ['amount'], message: t('banking.errors.signedAmount') }] : []),
      ),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: emptyForm(), messages: messages.client });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(emptyForm());
  };

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await add.mutateAsync({ organizationId, bankAccountId, data });
    } catch (error) {
      return reportFormFailure(form, error, { message: messages.server });
    }
    notify.success(t('banking.addLine.added'));
    setOpen(false);
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('banking.addLine.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('banking.addLine.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('banking.addLine.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="date" label={t('banking.lines.date')} type="date" />
            <FormTextInput form={form} name="description" label={t('banking.lines.description')} />
            <FormTextInput form={form} name="reference" label={t('banking.lines.reference')} />
            <FormTextInput form={form} name="amount" label={t('banking.lines.amount')} inputMode="decimal" dir="ltr" hint={t('banking.addLine.amountHint')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || add.isPending}>
                {t('banking.addLine.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
