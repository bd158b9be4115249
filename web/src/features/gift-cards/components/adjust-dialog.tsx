import { Button, Dialog, Flex } from '@radix-ui/themes';
import { giftCardTransactionCreate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import type { GiftCard } from '../api/keys';
import { useRecordGiftCardTransaction } from '../api/record-gift-card-transaction';
import { currencyLabel, FormAlert, showFailure } from './form-parts';

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
      {
        onSuccess: (adjusted) => {
          notify.success(t('giftCards.adjust.adjusted', { balance: formatMoney(adjusted.balance, adjusted.currency) }));
          onClose();
        },
        onError: (error) => showFailure(form, error),
      },
    ),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('giftCards.adjust.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('giftCards.adjust.description')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('giftCards.adjust.title')}>
          <Flex direction="column" gap="4">
            <FormAlert message={form.formState.errors.root?.message} />
            <FormTextInput
              form={form}
              name="amount"
              label={t('giftCards.adjust.amount', { currency: currencyLabel(card.currency) })}
              hint={t('giftCards.adjust.amountHint')}
              inputMode="decimal"
              dir="ltr"
              placeholder="0.000"
              autoComplete="off"
              required
              autoFocus
            />
            <FormTextAreaInput form={form} name="notes" label={t('giftCards.adjust.reason')} dir="auto" rows={2} required />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={record.isPending}>
                {t('giftCards.adjust.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
