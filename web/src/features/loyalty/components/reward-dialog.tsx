import { Flex, Grid } from '@radix-ui/themes';
import { LOYALTY_REWARD_TYPES, loyaltyRewardCreate, loyaltyRewardUpdate } from '@daftar/shared/schemas/loyalty';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { CardActionDialog, closeAfter } from '../../gift-cards/components/card-action-dialog';
import { currencyLabel } from '../../gift-cards/components/form-parts';
import { ProductPicker } from '../../promotions/components/pickers';
import type { Reward } from '../api/keys';
import { useCreateReward, useUpdateReward } from '../api/rewards';

interface RewardValues {
  name: string;
  name_ar: string;
  description: string;
  points_cost: string;
  reward_type: 'discount' | 'free_item';
  discount_amount: string;
  product_id: string;
}

const integerOrText = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text.trim());

function rewardPayload(values: RewardValues) {
  return {
    name: values.name.trim(),
    name_ar: textOrNull(values.name_ar),
    description: textOrNull(values.description),
    points_cost: integerOrText(values.points_cost) as number,
    reward_type: values.reward_type,
    // Only the chosen type's field is sent; the other is cleared on the server.
    discount_amount: values.reward_type === 'discount' ? values.discount_amount.trim() || null : null,
    product_id: values.reward_type === 'free_item' ? values.product_id || null : null,
  };
}

/** A reward of the program: added, or changed (its name, cost and what it gives). Mounted while open. */
export function RewardDialog({ organizationId, programId, currency, reward, onClose }: { organizationId: string; programId: string; currency: string; reward?: Reward; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateReward();
  const update = useUpdateReward();
  const schema = useMemo(
    () =>
      reward
        ? payloadSchema(loyaltyRewardUpdate, (values: RewardValues) => rewardPayload(values))
        : payloadSchema(loyaltyRewardCreate, (values: RewardValues) => ({ loyalty_program_id: programId, ...rewardPayload(values), active: true })),
    [reward, programId],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      name: reward?.name ?? '',
      name_ar: reward?.name_ar ?? '',
      description: reward?.description ?? '',
      points_cost: reward ? String(reward.points_cost) : '',
      reward_type: reward?.reward_type ?? 'discount',
      discount_amount: reward?.discount_amount ?? '',
      product_id: reward?.product_id ?? '',
    },
  });
  const type = useWatch({ control: form.control, name: 'reward_type' });
  const productId = useWatch({ control: form.control, name: 'product_id' });
  const errors = flattenErrors(form.formState.errors);
  const title = reward ? t('loyalty.reward.editTitle') : t('loyalty.reward.addTitle');
  const onSubmit = form.handleSubmit((data) => {
    const done = closeAfter(form, onClose, (saved: Reward) => t(reward ? 'loyalty.reward.saved' : 'loyalty.reward.added', { name: saved.name }));
    if (reward) update.mutate({ organizationId, rewardId: reward.id, data }, done);
    else create.mutate({ organizationId, data: data as Parameters<typeof create.mutate>[0]['data'] }, done);
  });
  return (
    <CardActionDialog
      title={title}
      description={t('loyalty.reward.description')}
      maxWidth="560px"
      onClose={onClose}
      form={form}
      onSubmit={onSubmit}
      submitLabel={reward ? t('common.saveChanges') : t('loyalty.reward.add')}
      busy={create.isPending || update.isPending}
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <FormTextInput form={form} name="name" label={t('loyalty.reward.name')} dir="auto" required autoFocus />
        <FormTextInput form={form} name="name_ar" label={t('loyalty.reward.nameAr')} dir="rtl" lang="ar" />
      </Grid>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <FormTextInput form={form} name="points_cost" label={t('loyalty.reward.cost')} inputMode="numeric" dir="ltr" required />
        <FormSelectInput form={form} name="reward_type" label={t('loyalty.reward.type')} options={LOYALTY_REWARD_TYPES.map((value) => ({ value, label: t(`loyalty.rewardTypes.${value}`) }))} />
      </Grid>
      {type === 'discount' ? (
        <FormTextInput form={form} name="discount_amount" label={t('loyalty.reward.amount', { currency: currencyLabel(currency) })} inputMode="decimal" dir="ltr" placeholder="0.000" required />
      ) : (
        <Flex direction="column">
          <ProductPicker
            organizationId={organizationId}
            label={t('loyalty.reward.product')}
            value={productId}
            onChange={(product) => {
              form.setValue('product_id', product?.id ?? '', { shouldDirty: true });
              form.clearErrors('product_id');
            }}
            error={errors.product_id}
          />
        </Flex>
      )}
      <FormTextAreaInput form={form} name="description" label={t('loyalty.reward.notes')} dir="auto" rows={2} />
    </CardActionDialog>
  );
}
