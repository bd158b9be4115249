import { layawayPaymentCreate } from '@daftar/shared/schemas/layaway';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatDate, formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import type { Layaway } from '../api/keys';
import { useRecordLayawayPayment } from '../api/record-layaway-payment';
import { ActionDialog, AmountField, closeAfter, methodOptions, typed } from './form-parts';

export interface PaymentValues {
  amount: string;
  payment_method: string;
  date: string;
  notes: string;
}

/** The body of a payment: blank optional fields left out (the server takes today, the method's default account). */
export const paymentBodyOf = (values: PaymentValues) => ({ amount: values.amount.trim(), payment_method: values.payment_method, date: typed(values.date), notes: typed(values.notes) });

/**
 * A payment towards an active layaway, taken in the office (no till session): at most the balance
 * due, suggested as the next instalment. One Idempotency-Key per opening, so a retried click pays once.
 */
export function PaymentDialog({ organizationId, layaway, onClose }: { organizationId: string; layaway: Layaway; onClose: () => void }) {
  const { t } = useTranslation();
  const pay = useRecordLayawayPayment();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const money = (amount: string) => formatMoney(amount, layaway.currency);
  const form = useZodForm<typeof layawayPaymentCreate, PaymentValues>(layawayPaymentCreate, {
    defaultValues: { amount: layaway.next_due_amount ?? layaway.balance_due, payment_method: 'cash', date: '', notes: '' },
    prepare: paymentBodyOf,
  });
  const onSubmit = form.handleSubmit((data) =>
    pay.mutate(
      { organizationId, layawayId: layaway.id, data, idempotencyKey },
      closeAfter(form, onClose, () => t('layaway.payment.taken', { amount: money(data.amount), number: layaway.layaway_number })),
    ),
  );
  return (
    <ActionDialog
      title={t('layaway.payment.title')}
      description={t('layaway.payment.description', { due: money(layaway.balance_due) })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('layaway.payment.submit')}
      busy={pay.isPending}
    >
      <AmountField form={form} name="amount" labelKey="layaway.payment.amount" currency={layaway.currency} hint={layaway.next_due_date ? t('layaway.payment.nextHint', { amount: money(layaway.next_due_amount ?? '0'), date: formatDate(layaway.next_due_date) }) : undefined} />
      <FormSelectInput form={form} name="payment_method" label={t('layaway.payment.method')} options={methodOptions(t)} />
      <FormTextInput form={form} name="date" label={t('layaway.payment.date')} hint={t('layaway.payment.dateHint')} type="date" />
      <FormTextAreaInput form={form} name="notes" label={t('layaway.payment.notes')} dir="auto" rows={2} />
    </ActionDialog>
  );
}
