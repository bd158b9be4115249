import { Button, Dialog, Flex } from '@radix-ui/themes';
import { paymentUpdate } from '@daftar/shared/schemas/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage } from '../../../lib/validation';
import type { Payment } from '../api/get-payments';
import { useUpdatePayment } from '../api/update-payment';

const formOf = (payment: Payment) => ({ reference: payment.reference ?? '', notes: payment.notes ?? '' });

/** Reference and notes are all a recorded payment lets change; the money is voided and recorded again. */
export function EditPaymentDialog({ organizationId, payment }: { organizationId: string; payment: Payment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => formOf(payment));
  const [errors, setErrors] = useState<DocumentErrors>({});
  const update = useUpdatePayment();
  const translate = (message: string) => translateValidationMessage(message);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    if (next) setValues(formOf(payment));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentUpdate.safeParse({ reference: values.reference.trim() || null, notes: values.notes.trim() || null, version: payment.version });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    setErrors({});
    update.mutate(
      { organizationId, paymentId: payment.id, data: parsed.data },
      {
        onSuccess: (saved) => {
          notify.success(t('payments.edit.saved', { number: saved.number }));
          setOpen(false);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, translate) : null;
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('payments.edit.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('payments.edit.title', { number: payment.number })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('payments.edit.description')}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput label={t('payments.fields.reference')} name="reference" value={values.reference} error={errors.reference} onChange={(e) => setValues({ ...values, reference: e.target.value })} />
            <TextAreaInput label={t('payments.fields.notes')} name="notes" value={values.notes} error={errors.notes} onChange={(e) => setValues({ ...values, notes: e.target.value })} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={update.isPending}>
                {t('common.saveChanges')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
