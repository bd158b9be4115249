import { Button, Dialog, Flex } from '@radix-ui/themes';
import { giftCardTransactionCreate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import type { GiftCard } from '../api/keys';
import { useRecordGiftCardTransaction } from '../api/record-gift-card-transaction';
import { FormAlert, methodOptions, PAID_METHODS, showFailure, typed } from './form-parts';

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
    record.mutate(
      { organizationId, giftCardId: card.id, data, idempotencyKey },
      {
        onSuccess: () => {
          notify.success(t('giftCards.refund.refunded', { amount: balance }));
          onClose();
        },
        onError: (error) => showFailure(form, error),
      },
    ),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t('giftCards.refund.title')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('giftCards.refund.description', { balance })}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('giftCards.refund.title')}>
          <Flex direction="column" gap="4">
            <FormAlert message={form.formState.errors.root?.message} />
            <FormSelectInput form={form} name="payment_method" label={t('giftCards.refund.method')} options={methodOptions(t, PAID_METHODS)} />
            <FormTextAreaInput form={form} name="notes" label={t('giftCards.refund.notes')} dir="auto" rows={2} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" color="red" loading={record.isPending}>
                {t('giftCards.refund.submit', { balance })}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
