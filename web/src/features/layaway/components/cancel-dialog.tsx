import { Text } from '@radix-ui/themes';
import { formatMoney as moneyText, isNegative, parseMoney, subtract } from '@daftar/shared/money';
import { LAYAWAY_PAYMENT_METHODS, layawayCancel, layawayCancelQuery, type LayawayCancellationPolicy } from '@daftar/shared/schemas/layaway';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput } from '../../../components/fields';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useCancelLayaway } from '../api/cancel-layaway';
import type { Layaway } from '../api/keys';
import { ActionDialog, AmountField, closeAfter, owes, policyOptions, typed } from './form-parts';

/** The reason (the cancel's query) and the body's policy, fee and refund method, checked as one form. */
const cancelForm = layawayCancelQuery.extend(layawayCancel.shape);

interface CancelValues {
  reason: string;
  cancellation_policy: LayawayCancellationPolicy;
  cancellation_fee: string;
  refund_method: string;
}

/**
 * What the customer gets back under a policy, from what they paid: all of it (refund), all of it as
 * store credit, or what is left after the fee. Null when the fee is not a number yet or is more
 * than was paid (the server refuses that).
 */
export function cancelOutcome(paid: string, policy: LayawayCancellationPolicy, fee: string, currency: string): { back: string; kept: string } | null {
  const paidMoney = parseMoney(paid, currency);
  if (policy !== 'fee') return { back: moneyText(paidMoney), kept: moneyText(parseMoney('0', currency)) };
  if (!/^\d+(\.\d{1,3})?$/.test(fee.trim())) return null;
  const rest = subtract(paidMoney, parseMoney(fee.trim(), currency));
  if (isNegative(rest)) return null;
  return { back: moneyText(rest), kept: fee.trim() };
}

/**
 * Cancel an active layaway with the reason: the reserved goods go back on the shelf and the deposits
 * are refunded, kept as store credit, or refunded less the fee, by the policy (the layaway's own is
 * chosen first). Money moves: one Idempotency-Key per opening.
 */
export function CancelDialog({ organizationId, layaway, onClose }: { organizationId: string; layaway: Layaway; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelLayaway();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const money = (amount: string) => formatMoney(amount, layaway.currency);
  const form = useZodForm<typeof cancelForm, CancelValues>(cancelForm, {
    defaultValues: { reason: '', cancellation_policy: layaway.cancellation_policy, cancellation_fee: owes(layaway.cancellation_fee) ? layaway.cancellation_fee : '', refund_method: LAYAWAY_PAYMENT_METHODS[0] },
    prepare: (values) => ({
      reason: values.reason,
      cancellation_policy: values.cancellation_policy,
      cancellation_fee: values.cancellation_policy === 'fee' ? values.cancellation_fee.trim() : undefined,
      refund_method: values.refund_method,
    }),
  });
  const [policy, fee] = useWatch({ control: form.control, name: ['cancellation_policy', 'cancellation_fee'] });
  const paid = owes(layaway.amount_paid);
  const outcome = paid ? cancelOutcome(layaway.amount_paid, policy, fee, layaway.currency) : null;
  const onSubmit = form.handleSubmit(({ reason, ...data }) =>
    cancel.mutate(
      { organizationId, layawayId: layaway.id, reason, data: { ...data, cancellation_fee: typed(data.cancellation_fee ?? '') }, idempotencyKey },
      closeAfter(form, onClose, () => t('layaway.cancel.done', { number: layaway.layaway_number })),
    ),
  );
  const outcomeText = !paid
    ? t('layaway.cancel.nothingPaid')
    : !outcome
      ? null
      : policy === 'store_credit'
        ? t('layaway.cancel.outcomeStoreCredit', { amount: money(outcome.back) })
        : policy === 'fee'
          ? t('layaway.cancel.outcomeFee', { amount: money(outcome.back), fee: money(outcome.kept) })
          : t('layaway.cancel.outcomeRefund', { amount: money(outcome.back) });
  return (
    <ActionDialog
      title={t('layaway.cancel.title', { number: layaway.layaway_number })}
      description={t('layaway.cancel.description', { paid: money(layaway.amount_paid) })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('layaway.cancel.submit')}
      submitColor="red"
      busy={cancel.isPending}
    >
      <FormTextAreaInput form={form} name="reason" label={t('layaway.cancel.reason')} dir="auto" rows={2} required autoFocus />
      <FormSelectInput form={form} name="cancellation_policy" label={t('layaway.cancel.policy')} options={policyOptions(t)} />
      {policy === 'fee' ? <AmountField form={form} name="cancellation_fee" labelKey="layaway.cancel.fee" currency={layaway.currency} autoFocus={false} /> : null}
      {policy !== 'store_credit' && paid ? (
        <FormSelectInput form={form} name="refund_method" label={t('layaway.cancel.refundMethod')} options={LAYAWAY_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`layaway.methods.${m}`) }))} />
      ) : null}
      {outcomeText ? (
        <Text as="p" size="2" data-testid="cancel-outcome">
          {outcomeText}
        </Text>
      ) : null}
    </ActionDialog>
  );
}
