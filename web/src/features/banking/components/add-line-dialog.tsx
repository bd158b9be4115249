import { Button, Dialog, Flex } from '@radix-ui/themes';
import { bankTransactionCreate } from '@daftar/shared/schemas/banking';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../lib/notify';
import { useAddStatementLine } from '../api/add-statement-line';
import { useBankingMessages } from './banking-messages';
import { isZeroAmount, today } from './labels';

const emptyForm = () => ({ date: today(), description: '', reference: '', amount: '' });

/** A statement line typed in by hand, for a bank that gives no file. */
export function AddLineDialog({ organizationId, bankAccountId }: { organizationId: string; bankAccountId: string }) {
  const { t } = useTranslation();
  const messages = useBankingMessages();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<DocumentErrors>({});
  const add = useAddStatementLine();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    if (next) setValues(emptyForm());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankTransactionCreate.safeParse({
      date: values.date,
      description: values.description,
      reference: values.reference.trim() || null,
      amount: values.amount.trim(),
    });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, messages.client));
    // A statement line moves money: zero is refused by the server too.
    if (isZeroAmount(values.amount)) return setErrors({ amount: t('banking.errors.signedAmount') });
    setErrors({});
    add.mutate(
      { organizationId, bankAccountId, data: parsed.data },
      {
        onSuccess: () => {
          notify.success(t('banking.addLine.added'));
          setOpen(false);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, messages.server) : null;
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error);
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput label={t('banking.lines.date')} name="date" type="date" value={values.date} error={errors.date} onChange={(e) => setValues({ ...values, date: e.target.value })} />
            <TextInput
              label={t('banking.lines.description')}
              name="description"
              value={values.description}
              error={errors.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
            />
            <TextInput label={t('banking.lines.reference')} name="reference" value={values.reference} error={errors.reference} onChange={(e) => setValues({ ...values, reference: e.target.value })} />
            <TextInput
              label={t('banking.lines.amount')}
              name="amount"
              inputMode="decimal"
              dir="ltr"
              value={values.amount}
              error={errors.amount}
              hint={t('banking.addLine.amountHint')}
              onChange={(e) => setValues({ ...values, amount: e.target.value })}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={add.isPending}>
                {t('banking.addLine.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
