import { Text } from '@radix-ui/themes';
import { LOYALTY_BULK_MAX, loyaltyBulkOperation, loyaltyCustomerCreate, loyaltyTransactionCreate } from '@daftar/shared/schemas/loyalty';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { payloadSchema } from '../../../lib/form-schema';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { CardActionDialog, closeAfter } from '../../gift-cards/components/card-action-dialog';
import { CustomerPicker } from '../../promotions/components/pickers';
import type { Member, Program, Reward } from '../api/keys';
import { useBulkOperation, useEnrollCustomer, type BulkBody, type EnrollBody } from '../api/members';
import { useAdjustPoints, useRedeemReward } from '../api/points';
import { pointsText, programName } from './figures';

/** Whole numbers (signed) as numbers; anything else as typed, for the schema to name. */
const signedInteger = (text: string): number | string => (/^[+-]?\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/** A customer enrolled in a program (chosen by a search of the customers as one types). Mounted while open. */
export function EnrollDialog({
  organizationId,
  programs,
  programId,
  onClose,
  onEnrolled,
}: {
  organizationId: string;
  programs: readonly Program[];
  programId?: string;
  onClose: () => void;
  onEnrolled?: (member: Member) => void;
}) {
  const { t } = useTranslation();
  const enroll = useEnrollCustomer();
  const schema = useMemo(
    () => payloadSchema(loyaltyCustomerCreate, (values: { customer_id: string; loyalty_program_id: string; notes: string }) => ({ customer_id: values.customer_id, loyalty_program_id: values.loyalty_program_id, notes: values.notes.trim() || null })),
    [],
  );
  const active = programs.filter((p) => p.status === 'active');
  const form = useZodForm(schema, {
    defaultValues: { customer_id: '', loyalty_program_id: programId ?? active[0]?.id ?? '', notes: '' },
    messages: (issue) => (issue.path === 'customer_id' ? t('loyalty.enroll.chooseCustomer') : issue.path === 'loyalty_program_id' ? t('loyalty.enroll.chooseProgram') : undefined),
  });
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const errors = flattenErrors(form.formState.errors);
  const onSubmit = form.handleSubmit((data) =>
    enroll.mutate(
      { organizationId, data: data as EnrollBody },
      closeAfter(form, onClose, (member: Member) => {
        onEnrolled?.(member);
        return t('loyalty.enroll.enrolled', { name: member.customer_name, program: member.program_name });
      }),
    ),
  );
  return (
    <CardActionDialog
      title={t('loyalty.enroll.title')}
      description={t('loyalty.enroll.description')}
      maxWidth="520px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('loyalty.enroll.submit')}
      busy={enroll.isPending}
    >
      <CustomerPicker
        organizationId={organizationId}
        label={t('loyalty.enroll.customer')}
        value={customerId}
        onChange={(customer) => {
          form.setValue('customer_id', customer?.id ?? '', { shouldDirty: true });
          form.clearErrors('customer_id');
        }}
        error={errors.customer_id}
      />
      <FormSelectInput
        form={form}
        name="loyalty_program_id"
        label={t('loyalty.enroll.program')}
        options={[{ value: '', label: t('loyalty.enroll.chooseProgram') }, ...active.map((p) => ({ value: p.id, label: programName(p) }))]}
      />
      <FormTextAreaInput form={form} name="notes" label={t('loyalty.enroll.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}

interface AdjustValues {
  points: string;
  description: string;
}

/** A manual correction of a member's points: signed, with the reason. Mounted while open. */
export function AdjustPointsDialog({ organizationId, member, onClose }: { organizationId: string; member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjustPoints();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const schema = useMemo(
    () => payloadSchema(loyaltyTransactionCreate, (values: AdjustValues) => ({ customer_id: member.customer_id, points: signedInteger(values.points) as number, description: values.description.trim() })),
    [member.customer_id],
  );
  const form = useZodForm(schema, { defaultValues: { points: '', description: '' } });
  const onSubmit = form.handleSubmit((data) =>
    adjust.mutate(
      { organizationId, data, idempotencyKey },
      closeAfter(form, onClose, (line) => t('loyalty.adjust.adjusted', { balance: pointsText(line.balance_after) })),
    ),
  );
  return (
    <CardActionDialog
      title={t('loyalty.adjust.title')}
      description={t('loyalty.adjust.description', { balance: pointsText(member.points_balance) })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('loyalty.adjust.submit')}
      busy={adjust.isPending}
    >
      <FormTextInput form={form} name="points" label={t('loyalty.adjust.points')} hint={t('loyalty.adjust.pointsHint')} inputMode="numeric" dir="ltr" required autoFocus />
      <FormTextAreaInput form={form} name="description" label={t('loyalty.adjust.reason')} dir="auto" rows={2} required />
    </CardActionDialog>
  );
}

/**
 * A reward taken for points in the office: the rewards the member's available points reach. Its
 * cost leaves the balance (the till's redemption is a discount of a sale instead).
 */
export function RedeemRewardDialog({ organizationId, member, rewards, onClose }: { organizationId: string; member: Member; rewards: readonly Reward[]; onClose: () => void }) {
  const { t } = useTranslation();
  const redeem = useRedeemReward();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const offered = rewards.filter((r) => r.active);
  const schema = useMemo(
    () =>
      z
        .object({ reward_id: z.string(), description: z.string() })
        .superRefine((values, ctx) => {
          const reward = offered.find((r) => r.id === values.reward_id);
          if (!reward) ctx.addIssue({ code: 'custom', path: ['reward_id'], message: t('loyalty.redeem.chooseReward') });
          else if (reward.points_cost > member.points_available)
            ctx.addIssue({ code: 'custom', path: ['reward_id'], message: t('loyalty.redeem.tooFew', { cost: pointsText(reward.points_cost), available: pointsText(member.points_available) }) });
        }),
    [offered, member.points_available, t],
  );
  const form = useZodForm(schema, { defaultValues: { reward_id: '', description: '' }, messages: (issue) => issue.message });
  const rewardId = useWatch({ control: form.control, name: 'reward_id' });
  const chosen = offered.find((r) => r.id === rewardId);
  const onSubmit = form.handleSubmit((values) => {
    const reward = offered.find((r) => r.id === values.reward_id)!;
    redeem.mutate(
      { organizationId, query: { customer_id: member.customer_id, points: reward.points_cost, reward_id: reward.id, ...(values.description.trim() ? { description: values.description.trim() } : {}) }, idempotencyKey },
      closeAfter(form, onClose, () => t('loyalty.redeem.redeemed', { name: reward.name, points: pointsText(reward.points_cost) })),
    );
  });
  return (
    <CardActionDialog
      title={t('loyalty.redeem.title')}
      description={t('loyalty.redeem.description', { available: pointsText(member.points_available) })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('loyalty.redeem.submit')}
      busy={redeem.isPending}
    >
      <FormSelectInput
        form={form}
        name="reward_id"
        label={t('loyalty.redeem.reward')}
        options={[
          { value: '', label: t('loyalty.redeem.chooseReward') },
          ...offered.map((r) => ({ value: r.id, label: t('loyalty.redeem.option', { name: r.name, cost: pointsText(r.points_cost) }) })),
        ]}
      />
      {chosen ? (
        <Text size="2" color="gray">
          {t('loyalty.redeem.after', { balance: pointsText(member.points_available - chosen.points_cost) })}
        </Text>
      ) : null}
      <FormTextAreaInput form={form} name="description" label={t('loyalty.redeem.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}

/**
 * The same points given to (+) or taken from (−) each chosen member, with the reason: one request
 * for up to 100 members; the answer says who failed and why.
 */
export function BulkAdjustDialog({ organizationId, customerIds, onClose, onDone }: { organizationId: string; customerIds: readonly string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkOperation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failed, setFailed] = useState<{ customer_id: string; detail: string }[] | null>(null);
  const schema = useMemo(
    () =>
      payloadSchema(loyaltyBulkOperation, (values: AdjustValues) => ({
        operation: 'adjust' as const,
        customer_ids: [...customerIds],
        points: signedInteger(values.points) as number,
        description: values.description.trim(),
      })),
    [customerIds],
  );
  const form = useZodForm(schema, { defaultValues: { points: '', description: '' } });
  const onSubmit = form.handleSubmit((data) =>
    bulk.mutate(
      { organizationId, data: data as BulkBody, idempotencyKey },
      {
        onSuccess: (result) => {
          onDone();
          if (result.failed.length) setFailed(result.failed);
          else closeAfter(form, onClose, () => t('loyalty.bulk.done', { count: result.succeeded.length })).onSuccess(result);
        },
        onError: (error) => closeAfter(form, onClose, () => '').onError(error),
      },
    ),
  );
  return (
    <CardActionDialog
      title={t('loyalty.bulk.title')}
      description={t('loyalty.bulk.description', { count: customerIds.length, max: LOYALTY_BULK_MAX })}
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('loyalty.bulk.submit', { count: customerIds.length })}
      busy={bulk.isPending}
    >
      {failed ? (
        <Text size="2" color="amber" role="status">
          {t('loyalty.bulk.someFailed', { count: failed.length, reasons: [...new Set(failed.map((f) => f.detail))].join('; ') })}
        </Text>
      ) : null}
      <FormTextInput form={form} name="points" label={t('loyalty.adjust.points')} hint={t('loyalty.adjust.pointsHint')} inputMode="numeric" dir="ltr" required autoFocus />
      <FormTextAreaInput form={form} name="description" label={t('loyalty.adjust.reason')} dir="auto" rows={2} required />
    </CardActionDialog>
  );
}
