import { Button, Dialog, Flex } from '@radix-ui/themes';
import { billPaymentCreate, PAYMENT_METHODS, type BillPaymentCreate } from '@daftar/shared/schemas/payments';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import type { Bill } from '../api/get-bills';
import { useRecordBillPayment } from '../api/record-bill-payment';
import { today } from '../../../components/documents/dates';

const formFor = (bill: Bill) => ({ amount: bill.balance_due, date: today(), payment_method: 'bank_transfer' as string, cheque_due_date: '', reference: '' });
type Values = ReturnType<typeof formFor>;

const schema = payloadSchema(billPaymentCreate, (values: Values) => ({
  amount: values.amount.trim(),
  date: values.date,
  payment_method: values.payment_method as BillPaymentCreate['payment_method'],
  // A post-dated cheque's due date: the forecast counts the money leaving on that day (issue 17).
  ...(values.payment_method === 'cheque' ? { cheque_due_date: values.cheque_due_date || null } : {}),
  reference: textOrNull(values.reference),
}));

/** Pays the bill: the amount starts at what is still owed. */
export function RecordPaymentDialog({ organizationId, bill }: { organizationId: string; bill: Bill }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // One key per opened dialog: a double click or a retry after a lost answer posts once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const record = useRecordBillPayment();
  const form = useZodForm(schema, {
    defaultValues: formFor(bill),
    messages: ({ path }) => {
      if (path === 'amount') return t('bills.payment.amountInvalid');
      if (path === 'date') return t('bills.payment.dateInvalid');
      return undefined;
    },
  });

  const method = useWatch({ control: form.control, name: 'payment_method' });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(formFor(bill));
      setIdempotencyKey(newIdempotencyKey());
    }
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let payment;
    try {
      payment = await record.mutateAsync({ organizationId, billId: bill.id, data, idempotencyKey });
    } catch (error) {
      return reportFormFailure(form, error);
    }
    notify.success(t('bills.payment.recorded', { number: payment.number }));
    setOpen(false);
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button>{t('bills.payment.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('bills.payment.title', { number: bill.number ?? '' })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('bills.payment.description', { balance: formatMoney(bill.balance_due, bill.currency) })}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            <FormTextInput form={form} name="amount" label={t('bills.payment.amount')} inputMode="decimal" dir="ltr" />
            <FormTextInput form={form} name="date" label={t('bills.payment.date')} type="date" />
            <FormSelectInput
              form={form}
              name="payment_method"
              label={t('bills.payment.method')}
              onChange={() => form.clearErrors('cheque_due_date')}
              options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`bills.payments.methods.${method}`) }))}
            />
            {method === 'cheque' ? (
              <FormTextInput form={form} name="cheque_due_date" label={t('bills.payment.chequeDueDate')} hint={t('bills.payment.chequeDueDateHint')} type="date" />
            ) : null}
            <FormTextInput form={form} name="reference" label={t('bills.payment.reference')} hint={t('bills.payment.referenceHint')} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={form.formState.isSubmitting || record.isPending}>
                {t('bills.payment.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
