import { giftCardTransactionCreate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import type { GiftCard } from '../api/keys';
import { useRecordGiftCardTransaction } from '../api/record-gift-card-transaction';
import { CardActionDialog, closeAfter } from './card-action-dialog';
import { methodOptions, PAID_METHODS, typed } from './form-parts';

interface RefundValues {
  payment_method: string;
  notes: string;
}

/**
 * The refund of the card's purchase: its whole unspent balance paid back (by the method chosen) and
 * the card deactivated, in one posting. Mounted while open.
 */
export function RefundDialog({ organizationId, card, onClose }: { organizationId: string; card: GiftCard; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordGiftCardTransaction();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm<typeof giftCardTransactionCreate, RefundValues>(giftCardTransactionCreate, {
    defaultValues: { payment_method: 'cash', notes: '' },
    prepare: (values) => ({ transaction_type: 'refund', payment_method: values.payment_method, notes: typed(values.notes) }),
  });
  const balance = formatMoney(card.balance, card.currency);
  const onSubmit = form.handleSubmit((data) =>
    record.mutate({ organizationId, giftCardId: card.id, data, idempotencyKey }, closeAfter(form, onClose, () => t('giftCards.refund.refunded', { amount: balance }))),
  );
  return (
    <CardActionDialog
      title={t('giftCards.refund.title')}
      description={t('giftCards.refund.description', { balance })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('giftCards.refund.submit', { balance })}
      submitColor="red"
      busy={record.isPending}
    >
      <FormSelectInput form={form} name="payment_method" label={t('giftCards.refund.method')} options={methodOptions(t, PAID_METHODS)} />
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.refund.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}
