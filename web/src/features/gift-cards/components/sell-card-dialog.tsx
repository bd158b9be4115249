import { Grid } from '@radix-ui/themes';
import { GIFT_CARD_DESIGNS, GIFT_CARD_TYPES, giftCardCreate, type GiftCardType } from '@daftar/shared/schemas/giftCards';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDisplayName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useCustomers } from '../../invoices/api/get-customers';
import { useCreateGiftCard } from '../api/create-gift-card';
import type { GiftCard } from '../api/keys';
import { actionOutcome, CardActionDialog } from './card-action-dialog';
import { cardNumberText } from './card-number';
import { AmountField, methodOptions, methodsFor, typed } from './form-parts';

export interface SellValues {
  gift_card_type: GiftCardType;
  initial_balance: string;
  payment_method: string;
  pin: string;
  expires_on: string;
  customer_id: string;
  design_template: string;
  notes: string;
}

export const emptySale = (): SellValues => ({
  gift_card_type: 'physical',
  initial_balance: '',
  payment_method: 'cash',
  pin: '',
  expires_on: '',
  customer_id: '',
  design_template: 'classic',
  notes: '',
});

/**
 * The create body of a card sold at once. The amount is always sent as typed: a sale without one is
 * refused by the shared schema's amount rule (a pending card is made by a batch, not here).
 */
export const saleBodyOf = (values: SellValues) => ({
  gift_card_type: values.gift_card_type,
  initial_balance: values.initial_balance.trim(),
  payment_method: values.payment_method,
  pin: typed(values.pin),
  expires_on: typed(values.expires_on),
  customer_id: typed(values.customer_id),
  design_template: values.design_template,
  notes: typed(values.notes),
});

interface SellCardDialogProps {
  organizationId: string;
  currency: string;
  onSold: (card: GiftCard) => void;
  onClose: () => void;
}

/** Sell a card over the counter or in the office: its amount, how it was paid, and optionally a PIN, an expiry and the customer. Mounted while open. */
export function SellCardDialog({ organizationId, currency, onSold, onClose }: SellCardDialogProps) {
  const { t } = useTranslation();
  const name = useDisplayName();
  const create = useCreateGiftCard();
  const customers = useCustomers(organizationId);
  // One key per opening: a double click or a retry after a lost answer sells one card.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm<typeof giftCardCreate, SellValues>(giftCardCreate, { defaultValues: emptySale(), prepare: saleBodyOf });
  const type = useWatch({ control: form.control, name: 'gift_card_type' });
  const methods = methodsFor(type);

  // A promotional card is given (its one method); any other is paid for.
  useEffect(() => {
    if (!methods.includes(form.getValues('payment_method') as never)) form.setValue('payment_method', methods[0]!);
  }, [methods, form]);

  const onSubmit = form.handleSubmit((data) =>
    create.mutate(
      { organizationId, data, idempotencyKey },
      actionOutcome(form, (card) => {
        notify.success(t('giftCards.sell.sold', { number: cardNumberText(card.card_number), amount: formatMoney(card.balance, card.currency) }));
        onSold(card);
      }),
    ),
  );

  const customerOptions = [
    { value: '', label: t('giftCards.sell.noCustomer') },
    ...(customers.data?.data ?? []).filter((c) => c.is_active).map((c) => ({ value: c.id, label: name(c.name, c.name_ar) })),
  ];

  return (
    <CardActionDialog
      title={t('giftCards.sell.title')}
      description={t('giftCards.sell.description')}
      maxWidth="600px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('giftCards.sell.submit')}
      busy={create.isPending}
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormSelectInput form={form} name="gift_card_type" label={t('giftCards.sell.type')} options={GIFT_CARD_TYPES.map((value) => ({ value, label: t(`giftCards.types.${value}`) }))} />
        <AmountField form={form} name="initial_balance" labelKey="giftCards.sell.amount" currency={currency} />
        <FormSelectInput
          form={form}
          name="payment_method"
          label={t('giftCards.sell.method')}
          hint={type === 'promotional' ? t('giftCards.sell.promotionalHint') : undefined}
          options={methodOptions(t, methods)}
        />
        <FormTextInput form={form} name="pin" label={t('giftCards.sell.pin')} hint={t('giftCards.sell.pinHint')} type="password" inputMode="numeric" dir="ltr" autoComplete="new-password" maxLength={6} />
        <FormTextInput form={form} name="expires_on" label={t('giftCards.sell.expires')} type="date" />
        <FormSelectInput form={form} name="customer_id" label={t('giftCards.sell.customer')} options={customerOptions} />
        <FormSelectInput form={form} name="design_template" label={t('giftCards.sell.design')} options={GIFT_CARD_DESIGNS.map((value) => ({ value, label: t(`giftCards.designs.${value}`) }))} />
      </Grid>
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.sell.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}
