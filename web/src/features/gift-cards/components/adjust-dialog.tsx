import { giftCardTransactionCreate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import type { GiftCard } from '../api/keys';
import { useRecordGiftCardTransaction } from '../api/record-gift-card-transaction';
import { CardActionDialog, closeAfter } from './card-action-dialog';
import { AmountField } from './form-parts';

interface AdjustValues {
  amount: string;
  notes: string;
}

/** An admin's correction of the balance: signed, with the reason (the other side is other income or expense). Mounted while open. */
export function AdjustDialog({ organizationId, card, onClose }: { organizationId: string; card: GiftCard; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordGiftCardTransaction();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm<typeof giftCardTransactionCreate, AdjustValues>(giftCardTransactionCreate, {
    defaultValues: { amount: '', notes: '' },
    prepare: (values) => ({ transaction_type: 'adjust', amount: values.amount.trim(), notes: values.notes.trim() }),
  });
  const onSubmit = form.handleSubmit((data) =>
    record.mutate(
      { organizationId, giftCardId: card.id, data, idempotencyKey },
      closeAfter(form, onClose, (adjusted) => t('giftCards.adjust.adjusted', { balance: formatMoney(adjusted.balance, adjusted.currency) })),
    ),
  );
  return (
    <CardActionDialog
      title={t('giftCards.adjust.title')}
      description={t('giftCards.adjust.description')}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('giftCards.adjust.submit')}
      busy={record.isPending}
    >
      <AmountField form={form} name="amount" labelKey="giftCards.adjust.amount" currency={card.currency} hint={t('giftCards.adjust.amountHint')} />
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.adjust.reason')} dir="auto" rows={2} required />
    </CardActionDialog>
  );
}
