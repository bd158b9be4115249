import { giftCardActivate, giftCardLoad } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useActivateGiftCard } from '../api/activate-gift-card';
import type { GiftCard } from '../api/keys';
import { useLoadGiftCard } from '../api/load-gift-card';
import { CardActionDialog, closeAfter } from './card-action-dialog';
import { AmountField, methodOptions, methodsFor, typed } from './form-parts';

export interface MoneyValues {
  amount: string;
  payment_method: string;
  notes: string;
}

/** The body of an activation or a load: the amount as typed (a blank one is refused by the schema's amount rule). */
export const moneyBodyOf = (values: MoneyValues) => ({ amount: values.amount.trim(), payment_method: values.payment_method, notes: typed(values.notes) });

interface MoneyDialogProps {
  organizationId: string;
  card: GiftCard;
  /** activate: a pending card takes its first money; load: an active card takes more. */
  mode: 'activate' | 'load';
  onClose: () => void;
}

/**
 * Money onto a card: the amount and how it was paid (a promotional card's only way is "given").
 * Posted at once: Dr the money side, Cr gift-card liability. Mounted while open.
 */
export function MoneyDialog({ organizationId, card, mode, onClose }: MoneyDialogProps) {
  const { t } = useTranslation();
  const activate = useActivateGiftCard();
  const load = useLoadGiftCard();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const methods = methodsFor(card.gift_card_type);
  const form = useZodForm<typeof giftCardActivate | typeof giftCardLoad, MoneyValues>(mode === 'activate' ? giftCardActivate : giftCardLoad, {
    defaultValues: { amount: '', payment_method: methods[0]!, notes: '' },
    prepare: moneyBodyOf,
  });
  const title = mode === 'activate' ? t('giftCards.money.activateTitle') : t('giftCards.money.loadTitle');

  const onSubmit = form.handleSubmit((data) => {
    const amount = formatMoney((data as { amount: string }).amount, card.currency);
    const done = closeAfter(form, onClose, () => (mode === 'activate' ? t('giftCards.money.activated', { amount }) : t('giftCards.money.loaded', { amount })));
    if (mode === 'activate') activate.mutate({ organizationId, giftCardId: card.id, data, idempotencyKey }, done);
    else load.mutate({ organizationId, giftCardId: card.id, data: data as typeof giftCardLoad._zod.output, idempotencyKey }, done);
  });

  return (
    <CardActionDialog
      title={title}
      description={mode === 'activate' ? t('giftCards.money.activateDescription') : t('giftCards.money.loadDescription', { balance: formatMoney(card.balance, card.currency) })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={mode === 'activate' ? t('giftCards.money.activate') : t('giftCards.money.load')}
      busy={activate.isPending || load.isPending}
    >
      <AmountField form={form} name="amount" labelKey="giftCards.money.amount" currency={card.currency} />
      <FormSelectInput form={form} name="payment_method" label={t('giftCards.money.method')} options={methodOptions(t, methods)} />
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.money.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}
