import { Button, Dialog, Flex } from '@radix-ui/themes';
import { giftCardActivate, giftCardLoad } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useActivateGiftCard } from '../api/activate-gift-card';
import type { GiftCard } from '../api/keys';
import { useLoadGiftCard } from '../api/load-gift-card';
import { currencyLabel, FormAlert, methodOptions, methodsFor, showFailure, typed } from './form-parts';

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
    const done = {
      onSuccess: () => {
        notify.success(mode === 'activate' ? t('giftCards.money.activated', { amount }) : t('giftCards.money.loaded', { amount }));
        onClose();
      },
      onError: (error: unknown) => showFailure(form, error),
    };
    if (mode === 'activate') activate.mutate({ organizationId, giftCardId: card.id, data, idempotencyKey }, done);
    else load.mutate({ organizationId, giftCardId: card.id, data: data as typeof giftCardLoad._zod.output, idempotencyKey }, done);
  });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {mode === 'activate' ? t('giftCards.money.activateDescription') : t('giftCards.money.loadDescription', { balance: formatMoney(card.balance, card.currency) })}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
          <Flex direction="column" gap="4">
            <FormAlert message={form.formState.errors.root?.message} />
            <FormTextInput
              form={form}
              name="amount"
              label={t('giftCards.money.amount', { currency: currencyLabel(card.currency) })}
              inputMode="decimal"
              dir="ltr"
              placeholder="0.000"
              autoComplete="off"
              required
              autoFocus
            />
            <FormSelectInput form={form} name="payment_method" label={t('giftCards.money.method')} options={methodOptions(t, methods)} />
            <FormTextAreaInput form={form} name="notes" label={t('giftCards.money.notes')} dir="auto" rows={2} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={activate.isPending || load.isPending}>
                {mode === 'activate' ? t('giftCards.money.activate') : t('giftCards.money.load')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
