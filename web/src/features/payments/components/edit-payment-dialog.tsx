import { Button, Dialog, Flex } from '@radix-ui/themes';
import { paymentUpdate } from '@daftar/shared/schemas/payments';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { Payment } from '../api/get-payments';
import { useUpdatePayment } from '../api/update-payment';

const formOf = (payment: Payment) => ({ reference: payment.reference ?? '', notes: payment.notes ?? '' });
type Values = ReturnType<typeof formOf>;

/** Reference and notes are all a recorded payment lets change; the money is voided and recorded again. */
export function EditPaymentDialog({ organizationId, payment }: { organizationId: string; payment: Payment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const update = useUpdatePayment();
  const schema = useMemo(
    () => payloadSchema(paymentUpdate, (values: Values) => ({ reference: textOrNull(values.reference), notes: textOrNull(values.notes), version: payment.version })),
    [payment.version],
  );
  const form = useZodForm(schema, { defaultValues: formOf(payment) });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset(formOf(payment));
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let saved;
    try {
      saved = await update.mutateAsync({ organizationId, paymentId: payment.id, data });
    } catch (error) {
      return reportFormFailure(form, error);
    }
    notify.success(t('payments.edit.saved', { number: saved.number }));
    setOpen(false);
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="reference" label={t('payments.fields.reference')} />
            <FormTextAreaInput form={form} name="notes" label={t('payments.fields.notes')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || update.isPending}>
                {t('common.saveChanges')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
