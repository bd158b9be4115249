import { Grid, Text } from '@radix-ui/themes';
import { compare, formatMoney as moneyText, parseMoney } from '@daftar/shared/money';
import { GIFT_CARD_PIN_LOCK_MINUTES, giftCardRedeem } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useZodForm, type ServerIssue } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDisplayName } from '../../../lib/names';
import { useCustomers } from '../../invoices/api/get-customers';
import { useOpenDocuments } from '../../payments/api/get-open-documents';
import type { OpenDocument } from '../../payments/components/allocation';
import type { GiftCard } from '../api/keys';
import { useRedeemGiftCard } from '../api/redeem-gift-card';
import { CardActionDialog, closeAfter } from './card-action-dialog';
import { AmountField, typed } from './form-parts';

export interface RedeemValues {
  /** Only to find the invoices: the payment's customer is the invoice's. */
  customer_id: string;
  invoice_id: string;
  amount: string;
  pin: string;
  notes: string;
}

/** The redeem body (the customer is the invoice's; it is not sent). */
export const redeemBodyOf = (values: RedeemValues) => ({
  invoice_id: values.invoice_id,
  amount: values.amount.trim(),
  pin: typed(values.pin),
  notes: typed(values.notes),
});

/** What the card can pay of an invoice: the smaller of its balance and what the invoice still owes, as exact text. */
export function payableOf(cardBalance: string, balanceDue: string, currency: string): string {
  const card = parseMoney(cardBalance, currency);
  const due = parseMoney(balanceDue, currency);
  return moneyText(compare(card, due) <= 0 ? card : due);
}

interface RedeemDialogProps {
  organizationId: string;
  card: GiftCard;
  onClose: () => void;
}

/**
 * Pay (part of) a customer's open invoice with the card: a payment received whose money is the
 * card's balance. The customer's open invoices are read through the invoices API (as a payment's
 * allocation reads them); the amount starts at what the card can pay of the invoice chosen, and the
 * PIN is asked for when the card has one. Mounted while open.
 */
export function RedeemDialog({ organizationId, card, onClose }: RedeemDialogProps) {
  const { t } = useTranslation();
  const name = useDisplayName();
  const redeem = useRedeemGiftCard();
  const customers = useCustomers(organizationId);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm<typeof giftCardRedeem, RedeemValues>(giftCardRedeem, {
    defaultValues: { customer_id: card.customer_id ?? '', invoice_id: '', amount: '', pin: '', notes: '' },
    prepare: redeemBodyOf,
    messages: (issue) => (issue.path === 'invoice_id' ? t('giftCards.redeem.chooseInvoice') : undefined),
  });
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const invoices = useOpenDocuments(organizationId, 'received', customerId);
  const open = invoices.data ?? [];
  const balance = formatMoney(card.balance, card.currency);

  const chooseInvoice = (invoiceId: string) => {
    const invoice = open.find((i) => i.id === invoiceId);
    if (invoice) form.setValue('amount', payableOf(card.balance, invoice.balance_due, card.currency));
  };

  // The server checks the PIN and the balance; its reasons are shown by their type, in words of this screen.
  const serverMessage = (issue: ServerIssue) => {
    if (issue.path === 'amount' && issue.type === 'insufficient_balance') return t('giftCards.redeem.tooMuch', { balance });
    if (issue.path !== 'pin') return undefined;
    if (issue.type === 'pin_required') return t('giftCards.redeem.pinRequired');
    if (issue.type === 'pin_locked') return t('giftCards.redeem.pinLocked', { minutes: formatNumber(GIFT_CARD_PIN_LOCK_MINUTES) });
    if (issue.type === 'pin_wrong') {
      // The tries left are the one figure of the server's message.
      const left = Number(/\d+/.exec(issue.msg)?.[0] ?? 0);
      return t('giftCards.redeem.pinWrong', { count: left, number: formatNumber(left) });
    }
    return undefined;
  };

  const onSubmit = form.handleSubmit((data) =>
    redeem.mutate(
      { organizationId, giftCardId: card.id, data, idempotencyKey },
      closeAfter(form, onClose, (answer) => t('giftCards.redeem.paid', { amount: formatMoney(data.amount, card.currency), payment: answer.payment_number }), { message: serverMessage }),
    ),
  );

  const invoiceLabel = (invoice: OpenDocument) =>
    t('giftCards.redeem.invoiceOption', {
      number: invoice.number ?? t('giftCards.redeem.draftNumber'),
      date: formatDate(invoice.issue_date),
      due: formatMoney(invoice.balance_due, card.currency),
    });
  const customerOptions = [
    { value: '', label: t('giftCards.redeem.chooseCustomer') },
    ...(customers.data?.data ?? []).filter((c) => c.is_active || c.id === card.customer_id).map((c) => ({ value: c.id, label: name(c.name, c.name_ar) })),
  ];

  return (
    <CardActionDialog
      title={t('giftCards.redeem.title')}
      description={t('giftCards.redeem.description', { balance })}
      maxWidth="560px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('giftCards.redeem.submit')}
      busy={redeem.isPending}
    >
      {/* Mounted again once the customers are read: a native select drawn before its options
          showed "Choose a customer" while the card's customer was chosen (and her invoices listed). */}
      <FormSelectInput
        key={customers.data ? 'customers' : 'reading'}
        form={form}
        name="customer_id"
        label={t('giftCards.redeem.customer')}
        options={customerOptions}
        onChange={() => form.setValue('invoice_id', '')}
      />
      {customerId && invoices.isPending ? (
        <Text size="2" color="gray">
          {t('giftCards.redeem.loadingInvoices')}
        </Text>
      ) : null}
      {customerId && invoices.data && open.length === 0 ? (
        <Text size="2" color="gray" role="status">
          {t('giftCards.redeem.noInvoices')}
        </Text>
      ) : null}
      <FormSelectInput
        form={form}
        name="invoice_id"
        label={t('giftCards.redeem.invoice')}
        options={[{ value: '', label: t('giftCards.redeem.chooseInvoice') }, ...open.map((invoice) => ({ value: invoice.id, label: invoiceLabel(invoice) }))]}
        onChange={(event) => chooseInvoice(event.target.value)}
        disabled={!customerId || open.length === 0}
      />
      <Grid columns={{ initial: '1', sm: card.has_pin ? '2' : '1' }} gap="4">
        <AmountField form={form} name="amount" labelKey="giftCards.redeem.amount" currency={card.currency} hint={t('giftCards.redeem.amountHint')} autoFocus={false} />
        {card.has_pin ? (
          <FormTextInput form={form} name="pin" label={t('giftCards.redeem.pin')} hint={t('giftCards.redeem.pinHint')} type="password" inputMode="numeric" dir="ltr" autoComplete="off" maxLength={6} />
        ) : null}
      </Grid>
      <FormTextAreaInput form={form} name="notes" label={t('giftCards.redeem.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}
