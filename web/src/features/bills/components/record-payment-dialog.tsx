import { Button, Dialog, Flex } from '@radix-ui/themes';
import { billPaymentCreate, PAYMENT_METHODS } from '@daftar/shared/schemas/payments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../../../components/document-lines-editor';
import { SelectInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage } from '../../../lib/validation';
import type { Bill } from '../api/get-bills';
import { useRecordBillPayment } from '../api/record-bill-payment';
import { today } from '../../../components/documents/dates';

const formFor = (bill: Bill) => ({ amount: bill.balance_due, date: today(), payment_method: 'bank_transfer' as string, reference: '' });

/** Pays the bill: the amount starts at what is still owed. */
export function RecordPaymentDialog({ organizationId, bill }: { organizationId: string; bill: Bill }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => formFor(bill));
  const [errors, setErrors] = useState<DocumentErrors>({});
  // One key per opened dialog: a double click or a retry after a lost answer posts once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const record = useRecordBillPayment();

  const translate = (message: string, path: string) => {
    if (path === 'amount') return t('bills.payment.amountInvalid');
    if (path === 'date') return t('bills.payment.dateInvalid');
    return translateValidationMessage(message);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setErrors({});
    if (next) {
      setValues(formFor(bill));
      setIdempotencyKey(crypto.randomUUID());
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = billPaymentCreate.safeParse({
      amount: values.amount.trim(),
      date: values.date,
      payment_method: values.payment_method,
      reference: values.reference.trim() || null,
    });
    if (!parsed.success) return setErrors(errorsFromIssues(parsed.error.issues, translate));
    setErrors({});
    record.mutate(
      { organizationId, billId: bill.id, data: parsed.data, idempotencyKey },
      {
        onSuccess: (payment) => {
          notify.success(t('bills.payment.recorded', { number: payment.number }));
          setOpen(false);
        },
        onError: (error) => {
          const fieldErrors =
            error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, (message) => translateValidationMessage(message)) : null;
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error);
        },
      },
    );
  };

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
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <TextInput
              label={t('bills.payment.amount')}
              name="amount"
              inputMode="decimal"
              dir="ltr"
              value={values.amount}
              error={errors.amount}
              onChange={(e) => setValues({ ...values, amount: e.target.value })}
            />
            <TextInput label={t('bills.payment.date')} name="date" type="date" value={values.date} error={errors.date} onChange={(e) => setValues({ ...values, date: e.target.value })} />
            <SelectInput
              label={t('bills.payment.method')}
              name="payment_method"
              value={values.payment_method}
              error={errors.payment_method}
              onChange={(e) => setValues({ ...values, payment_method: e.target.value })}
              options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`bills.payments.methods.${method}`) }))}
            />
            <TextInput
              label={t('bills.payment.reference')}
              name="reference"
              value={values.reference}
              error={errors.reference}
              hint={t('bills.payment.referenceHint')}
              onChange={(e) => setValues({ ...values, reference: e.target.value })}
            />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={record.isPending}>
                {t('bills.payment.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
