import { Text } from '@radix-ui/themes';
import { layawayComplete, layawayPickup } from '@daftar/shared/schemas/layaway';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCompleteLayaway } from '../api/complete-layaway';
import type { Layaway } from '../api/keys';
import { usePickUpLayaway } from '../api/pick-up-layaway';
import { ActionDialog, closeAfter, methodOptions, owes, typed } from './form-parts';

interface PickupValues {
  payment_method: string;
  date: string;
  notes: string;
}

/**
 * The customer takes the goods: the sale is recognized (revenue, output tax, cost of goods sold)
 * against the deposits. Paid in full, it is a pickup; with a balance still due, it is "complete":
 * the balance is taken now, exactly (the server refuses any other amount), in the same transaction.
 */
export function PickupDialog({ organizationId, layaway, onClose }: { organizationId: string; layaway: Layaway; onClose: () => void }) {
  const { t } = useTranslation();
  const pickUp = usePickUpLayaway();
  const complete = useCompleteLayaway();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const withPayment = owes(layaway.balance_due);
  const balance = formatMoney(layaway.balance_due, layaway.currency);
  const form = useZodForm<typeof layawayComplete | typeof layawayPickup, PickupValues>(withPayment ? layawayComplete : layawayPickup, {
    defaultValues: { payment_method: 'cash', date: '', notes: '' },
    // The final payment is the balance due as the server last said it: sent, so that a layaway
    // changed meanwhile (another payment) is refused rather than completed for another amount.
    prepare: (values) =>
      withPayment
        ? { amount: layaway.balance_due, payment_method: values.payment_method, date: typed(values.date), notes: typed(values.notes) }
        : { date: typed(values.date), notes: typed(values.notes) },
  });
  const onSubmit = form.handleSubmit((data) => {
    const done = closeAfter(form, onClose, () => t('layaway.pickup.done', { number: layaway.layaway_number }));
    if (withPayment) complete.mutate({ organizationId, layawayId: layaway.id, data: data as typeof layawayComplete._zod.output, idempotencyKey }, done);
    else pickUp.mutate({ organizationId, layawayId: layaway.id, data: data as typeof layawayPickup._zod.output, idempotencyKey }, done);
  });
  return (
    <ActionDialog
      title={withPayment ? t('layaway.pickup.completeTitle') : t('layaway.pickup.title')}
      description={withPayment ? t('layaway.pickup.completeDescription', { amount: balance }) : t('layaway.pickup.description')}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={withPayment ? t('layaway.pickup.completeSubmit', { amount: balance }) : t('layaway.pickup.submit')}
      submitColor="green"
      busy={pickUp.isPending || complete.isPending}
    >
      {withPayment ? (
        <>
          <Text as="div" size="3" weight="bold" data-testid="final-payment">
            {t('layaway.pickup.finalPayment', { amount: balance })}
          </Text>
          <FormSelectInput form={form} name="payment_method" label={t('layaway.payment.method')} options={methodOptions(t)} autoFocus />
        </>
      ) : null}
      <FormTextInput form={form} name="date" label={t('layaway.pickup.date')} hint={t('layaway.payment.dateHint')} type="date" />
      <FormTextAreaInput form={form} name="notes" label={t('layaway.pickup.notes')} dir="auto" rows={2} />
    </ActionDialog>
  );
}
