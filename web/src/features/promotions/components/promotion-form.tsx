import { ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, IconButton, RadioGroup, Text } from '@radix-ui/themes';
import type { PromotionReward } from '@daftar/shared/promotions/engine';
import { PROMOTION_TYPES, promotionCreate, promotionUpdate, type PromotionType } from '@daftar/shared/schemas/promotions';
import { useId, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull, type FormIssue } from '../../../lib/form-schema';
import { firstErrorOf, flattenErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useLocations } from '../../inventory/api/get-locations';
import { useCreatePromotion, type PromotionCreateBody } from '../api/create-promotion';
import type { Promotion } from '../api/keys';
import { useUpdatePromotion } from '../api/update-promotion';
import { ProductPicker } from './pickers';
import { usePromotionMessages } from './promotion-messages';
import { RuleCard, rulesPartOf } from './rule-card';
import { emptyConditions, emptyRule, rulePayload, type RuleValues } from './rules';
import { combiningOf, type Combining, currencyText } from './texts';

export interface TierValues {
  basis: 'subtotal' | 'quantity';
  threshold: string;
  percent: string;
}

/** The reward as typed: every type's fields are kept while the type changes, and only the chosen type's are sent. */
export interface RewardValues {
  type: PromotionType;
  percent: string;
  amount: string;
  product_id: string;
  quantity: string;
  buy_quantity: string;
  get_quantity: string;
  /** buy X get Y: the discount on the items got; blank is free (100 %). */
  get_percent: string;
  tiers: TierValues[];
}

export interface PromotionValues {
  name: string;
  name_ar: string;
  description: string;
  status: 'draft' | 'active';
  priority: string;
  combining: Combining;
  usage_limit_total: string;
  usage_limit_per_customer: string;
  reward: RewardValues;
  rules: RuleValues[];
}

const emptyTier = (): TierValues => ({ basis: 'subtotal', threshold: '', percent: '' });

function rewardValuesOf(reward: PromotionReward | undefined): RewardValues {
  const values: RewardValues = { type: 'percent', percent: '', amount: '', product_id: '', quantity: '1', buy_quantity: '', get_quantity: '', get_percent: '', tiers: [emptyTier()] };
  if (!reward) return values;
  switch (reward.type) {
    case 'percent':
      return { ...values, type: 'percent', percent: reward.percent };
    case 'fixed_amount':
      return { ...values, type: 'fixed_amount', amount: reward.amount };
    case 'free_item':
      return { ...values, type: 'free_item', product_id: reward.product_id, quantity: reward.quantity };
    case 'buy_x_get_y':
      return { ...values, type: 'buy_x_get_y', buy_quantity: reward.buy_quantity, get_quantity: reward.get_quantity, get_percent: reward.percent ?? '' };
    case 'tiered':
      return {
        ...values,
        type: 'tiered',
        tiers: reward.tiers.map((tier) =>
          'min_subtotal' in tier ? { basis: 'subtotal', threshold: tier.min_subtotal, percent: tier.percent } : { basis: 'quantity', threshold: tier.min_quantity, percent: tier.percent },
        ),
      };
    default:
      return values;
  }
}

export function valuesOf(promotion?: Promotion): PromotionValues {
  return {
    name: promotion?.name ?? '',
    name_ar: promotion?.name_ar ?? '',
    description: promotion?.description ?? '',
    status: 'draft',
    priority: promotion ? String(promotion.priority) : '0',
    combining: promotion ? combiningOf(promotion) : 'best',
    usage_limit_total: promotion?.usage_limit_total ? String(promotion.usage_limit_total) : '',
    usage_limit_per_customer: promotion?.usage_limit_per_customer ? String(promotion.usage_limit_per_customer) : '',
    reward: rewardValuesOf(promotion?.reward),
    rules: [],
  };
}

/** Whole numbers as numbers; anything else as typed, for the schema to name ("Enter a number"). */
const integerOrText = (text: string): number | string | undefined => {
  const value = text.trim();
  if (!value) return undefined;
  return /^-?\d{1,9}$/.test(value) ? Number(value) : value;
};

/** The reward as the API takes it: only the chosen type's fields. */
export function rewardPayload(values: RewardValues): PromotionReward {
  const trim = (text: string) => text.trim();
  switch (values.type) {
    case 'percent':
      return { type: 'percent', percent: trim(values.percent) };
    case 'fixed_amount':
      return { type: 'fixed_amount', amount: trim(values.amount) };
    case 'free_item':
      return { type: 'free_item', product_id: values.product_id, quantity: trim(values.quantity) };
    case 'buy_x_get_y':
      return {
        type: 'buy_x_get_y',
        buy_quantity: trim(values.buy_quantity),
        get_quantity: trim(values.get_quantity),
        ...(trim(values.get_percent) ? { percent: trim(values.get_percent) } : {}),
      };
    case 'tiered':
      return {
        type: 'tiered',
        tiers: values.tiers.map((tier) =>
          tier.basis === 'subtotal' ? { min_subtotal: trim(tier.threshold), percent: trim(tier.percent) } : { min_quantity: trim(tier.threshold), percent: trim(tier.percent) },
        ),
      };
    default:
      return { type: 'percent', percent: '' };
  }
}

function settingsPayload(values: PromotionValues) {
  return {
    name: values.name.trim(),
    name_ar: textOrNull(values.name_ar),
    description: textOrNull(values.description),
    // Text that is not a whole number goes as typed: the schema names it ("Enter a number").
    priority: (integerOrText(values.priority) ?? 0) as number,
    exclusive: values.combining === 'exclusive',
    stackable: values.combining === 'stackable',
    usage_limit_total: (integerOrText(values.usage_limit_total) ?? null) as number | null,
    usage_limit_per_customer: (integerOrText(values.usage_limit_per_customer) ?? null) as number | null,
    reward: rewardPayload(values.reward),
  };
}

/** The form's field for a payload path where they differ (a tier's threshold, the percent of buy X get Y, how it combines). */
function fieldPathOf(path: readonly PropertyKey[], values: Pick<PromotionValues, 'reward'>): readonly PropertyKey[] {
  if (path[0] === 'reward' && path[1] === 'tiers' && typeof path[2] === 'number' && (path[3] === 'min_subtotal' || path[3] === 'min_quantity')) {
    return ['reward', 'tiers', path[2], 'threshold', ...path.slice(4)];
  }
  if (path[0] === 'reward' && path[1] === 'percent' && values.reward.type === 'buy_x_get_y') return ['reward', 'get_percent', ...path.slice(2)];
  if (path[0] === 'exclusive' || path[0] === 'stackable') return ['combining'];
  return path;
}

interface PromotionFormProps {
  organizationId: string;
  currency: string;
  timeZone: string;
  /** The promotion being changed; absent when creating one. */
  promotion?: Promotion;
  cancelTo: string;
  onSaved: (promotion: Promotion) => void;
}

/**
 * A promotion's offer, reward, priority and limits; creating one, its rules too (a rule builder:
 * cards of conditions). A saved promotion's rules change on its page, one by one. The shared
 * schemas check what is sent, here first and on the server again.
 */
export function PromotionForm({ organizationId, currency, timeZone, promotion, cancelTo, onSaved }: PromotionFormProps) {
  const { t } = useTranslation();
  const ids = { offer: useId(), reward: useId(), limits: useId(), rules: useId(), combining: useId(), tiers: useId() };
  const messages = usePromotionMessages();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const locations = useLocations(organizationId, !!organizationId && !promotion);
  const creating = !promotion;

  const schema = useMemo(() => {
    const check = (values: PromotionValues): FormIssue[] =>
      creating ? values.rules.flatMap((rule, index) => emptyConditions(rule, ['rules', index], (condition) => t(`promotions.errors.empty.${condition}`))) : [];
    return creating
      ? payloadSchema(promotionCreate, (values: PromotionValues) => ({ ...settingsPayload(values), status: values.status, rules: values.rules.map((rule) => rulePayload(rule, timeZone)) }), check, fieldPathOf)
      : payloadSchema(promotionUpdate, (values: PromotionValues) => settingsPayload(values), check, fieldPathOf);
  }, [creating, timeZone, t]);
  const form = useZodForm(schema, {
    defaultValues: valuesOf(promotion),
    messages: messages.form,
  });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const tiers = useFieldArray({ control: form.control, name: 'reward.tiers' });
  const rewardType = useWatch({ control: form.control, name: 'reward.type' });
  const productId = useWatch({ control: form.control, name: 'reward.product_id' });
  const combining = useWatch({ control: form.control, name: 'combining' });
  const tierValues = useWatch({ control: form.control, name: 'reward.tiers' });
  const errors = flattenErrors(form.formState.errors);
  const pending = form.formState.isSubmitting || create.isPending || update.isPending;
  const title = promotion ? t('promotions.form.editTitle', { name: promotion.name }) : t('promotions.form.newTitle');

  const onSubmit = form.handleSubmit(async (data) => {
    let saved: Promotion;
    try {
      saved = promotion
        ? await update.mutateAsync({ organizationId, promotionId: promotion.id, data })
        : await create.mutateAsync({ organizationId, data: data as PromotionCreateBody });
    } catch (error) {
      const values = form.getValues();
      const rename: Record<string, string> = { exclusive: 'combining', stackable: 'combining' };
      values.reward.tiers.forEach((_, index) => {
        rename[`reward.tiers.${index}.min_subtotal`] = `reward.tiers.${index}.threshold`;
        rename[`reward.tiers.${index}.min_quantity`] = `reward.tiers.${index}.threshold`;
      });
      if (values.reward.type === 'buy_x_get_y') rename['reward.percent'] = 'reward.get_percent';
      return reportFormFailure(form, error, { rename, message: messages.server, unplaced: 'form' });
    }
    notify.success(t(promotion ? 'promotions.form.saved' : 'promotions.form.created', { name: saved.name }));
    onSaved(saved);
  });

  const money = (name: `reward.${'amount'}`, label: string, hint?: string) => (
    <FormTextInput form={form} name={name} label={label} hint={hint} inputMode="decimal" dir="ltr" placeholder="0.000" />
  );
  const alert = formAlert(form);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
      <Flex direction="column" gap="4">
        {alert ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{alert}</Callout.Text>
          </Callout.Root>
        ) : null}

        <Card size="3" asChild>
          <section aria-labelledby={ids.offer}>
            <Flex direction="column" gap="4">
              <Heading as="h2" size="4" id={ids.offer}>
                {t('promotions.form.offer')}
              </Heading>
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <FormTextInput form={form} name="name" label={t('promotions.form.name')} dir="auto" required />
                <FormTextInput form={form} name="name_ar" label={t('promotions.form.nameAr')} hint={t('promotions.form.nameArHint')} dir="rtl" lang="ar" />
              </Grid>
              <FormTextAreaInput form={form} name="description" label={t('promotions.form.description')} dir="auto" rows={2} />
              {creating ? (
                <FormSelectInput
                  form={form}
                  name="status"
                  label={t('promotions.form.status')}
                  hint={t('promotions.form.statusHint')}
                  options={[
                    { value: 'draft', label: t('promotions.form.statusDraft') },
                    { value: 'active', label: t('promotions.form.statusActive') },
                  ]}
                />
              ) : null}
            </Flex>
          </section>
        </Card>

        <Card size="3" asChild>
          <section aria-labelledby={ids.reward}>
            <Flex direction="column" gap="4">
              <Heading as="h2" size="4" id={ids.reward}>
                {t('promotions.form.reward')}
              </Heading>
              <FormSelectInput
                form={form}
                name="reward.type"
                label={t('promotions.form.rewardType')}
                hint={t(`promotions.typeHints.${rewardType}`)}
                options={PROMOTION_TYPES.map((type) => ({ value: type, label: t(`promotions.types.${type}`) }))}
              />
              {rewardType === 'percent' ? (
                <FormTextInput form={form} name="reward.percent" label={t('promotions.form.percent')} hint={t('promotions.form.percentHint')} inputMode="decimal" dir="ltr" />
              ) : null}
              {rewardType === 'fixed_amount' ? money('reward.amount', t('promotions.form.amount', { currency: currencyText(currency) }), t('promotions.form.amountHint')) : null}
              {rewardType === 'free_item' ? (
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <ProductPicker
                    organizationId={organizationId}
                    label={t('promotions.form.freeProduct')}
                    hint={t('promotions.form.freeProductHint')}
                    value={productId}
                    onChange={(product) => {
                      form.setValue('reward.product_id', product?.id ?? '', { shouldDirty: true });
                      form.clearErrors('reward.product_id');
                    }}
                    error={errors['reward.product_id']}
                  />
                  <FormTextInput form={form} name="reward.quantity" label={t('promotions.form.freeQuantity')} inputMode="decimal" dir="ltr" />
                </Grid>
              ) : null}
              {rewardType === 'buy_x_get_y' ? (
                <Grid columns={{ initial: '1', sm: '3' }} gap="4">
                  <FormTextInput form={form} name="reward.buy_quantity" label={t('promotions.form.buyQuantity')} inputMode="decimal" dir="ltr" />
                  <FormTextInput form={form} name="reward.get_quantity" label={t('promotions.form.getQuantity')} inputMode="decimal" dir="ltr" />
                  <FormTextInput form={form} name="reward.get_percent" label={t('promotions.form.getPercent')} hint={t('promotions.form.getPercentHint')} inputMode="decimal" dir="ltr" />
                </Grid>
              ) : null}
              {rewardType === 'tiered' ? (
                <Flex direction="column" gap="3" role="group" aria-labelledby={ids.tiers}>
                  <Text size="2" weight="medium" id={ids.tiers}>
                    {t('promotions.form.tiers')}
                  </Text>
                  <Text size="1" color="gray">
                    {t('promotions.form.tiersHint')}
                  </Text>
                  {tiers.fields.map((field, index) => {
                    const basis = tierValues?.[index]?.basis ?? 'subtotal';
                    return (
                      <Grid key={field.id} columns={{ initial: '1', sm: '4' }} gap="3" align="end" data-testid="tier-row">
                        <FormSelectInput
                          form={form}
                          name={`reward.tiers.${index}.basis`}
                          label={t('promotions.form.tierBasis', { number: index + 1 })}
                          options={[
                            { value: 'subtotal', label: t('promotions.form.tierBySubtotal') },
                            { value: 'quantity', label: t('promotions.form.tierByQuantity') },
                          ]}
                        />
                        <FormTextInput
                          form={form}
                          name={`reward.tiers.${index}.threshold`}
                          label={basis === 'subtotal' ? t('promotions.form.tierSubtotal', { number: index + 1, currency: currencyText(currency) }) : t('promotions.form.tierQuantity', { number: index + 1 })}
                          inputMode="decimal"
                          dir="ltr"
                        />
                        <FormTextInput form={form} name={`reward.tiers.${index}.percent`} label={t('promotions.form.tierPercent', { number: index + 1 })} inputMode="decimal" dir="ltr" />
                        <Flex pb="1">
                          <IconButton
                            type="button"
                            variant="soft"
                            color="red"
                            disabled={tiers.fields.length <= 1}
                            aria-label={t('promotions.form.removeTier', { number: index + 1 })}
                            onClick={() => tiers.remove(index)}
                          >
                            <TrashIcon />
                          </IconButton>
                        </Flex>
                      </Grid>
                    );
                  })}
                  {firstErrorOf(errors, 'reward.tiers') && !tiers.fields.length ? (
                    <Text size="1" color="red" role="alert">
                      {firstErrorOf(errors, 'reward.tiers')}
                    </Text>
                  ) : null}
                  {tiers.fields.length < 10 ? (
                    <Flex>
                      <Button type="button" size="1" variant="soft" onClick={() => tiers.append(emptyTier())}>
                        <PlusIcon />
                        {t('promotions.form.addTier')}
                      </Button>
                    </Flex>
                  ) : null}
                </Flex>
              ) : null}
            </Flex>
          </section>
        </Card>

        <Card size="3" asChild>
          <section aria-labelledby={ids.limits}>
            <Flex direction="column" gap="4">
              <Heading as="h2" size="4" id={ids.limits}>
                {t('promotions.form.combiningAndLimits')}
              </Heading>
              <Flex direction="column" gap="2">
                <Text size="2" weight="medium" id={ids.combining}>
                  {t('promotions.form.combining')}
                </Text>
                <RadioGroup.Root
                  value={combining}
                  onValueChange={(value) => form.setValue('combining', value as Combining, { shouldDirty: true })}
                  aria-labelledby={ids.combining}
                >
                  {(['best', 'stackable', 'exclusive'] as const).map((value) => (
                    <RadioGroup.Item key={value} value={value}>
                      <Flex direction="column">
                        <Text size="2">{t(`promotions.combining.${value}`)}</Text>
                        <Text size="1" color="gray">
                          {t(`promotions.combiningHints.${value}`)}
                        </Text>
                      </Flex>
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
                {errors.combining ? (
                  <Text size="1" color="red" role="alert">
                    {errors.combining}
                  </Text>
                ) : null}
              </Flex>
              <Grid columns={{ initial: '1', sm: '3' }} gap="4">
                <FormTextInput form={form} name="priority" label={t('promotions.form.priority')} hint={t('promotions.form.priorityHint')} inputMode="numeric" dir="ltr" />
                <FormTextInput form={form} name="usage_limit_total" label={t('promotions.form.limitTotal')} hint={t('promotions.form.limitHint')} inputMode="numeric" dir="ltr" />
                <FormTextInput form={form} name="usage_limit_per_customer" label={t('promotions.form.limitPerCustomer')} hint={t('promotions.form.limitPerCustomerHint')} inputMode="numeric" dir="ltr" />
              </Grid>
            </Flex>
          </section>
        </Card>

        {creating ? (
          <Card size="3" asChild>
            <section aria-labelledby={ids.rules}>
              <Flex direction="column" gap="4">
                <Flex direction="column" gap="1">
                  <Heading as="h2" size="4" id={ids.rules}>
                    {t('promotions.rules.heading')}
                  </Heading>
                  <Text size="2" color="gray">
                    {rules.fields.length ? t('promotions.rules.anyHolds') : t('promotions.rules.none')}
                  </Text>
                </Flex>
                {rules.fields.map((field, index) => (
                  <RuleCard
                    key={field.id}
                    form={rulesPartOf(form)}
                    index={index}
                    organizationId={organizationId}
                    currency={currency}
                    timeZone={timeZone}
                    locations={locations.data?.data ?? []}
                    onRemove={() => {
                      rules.remove(index);
                      form.clearErrors('rules');
                    }}
                  />
                ))}
                {rules.fields.length < 20 ? (
                  <Flex>
                    <Button type="button" variant="soft" onClick={() => rules.append(emptyRule())}>
                      <PlusIcon />
                      {t('promotions.rules.add')}
                    </Button>
                  </Flex>
                ) : null}
              </Flex>
            </section>
          </Card>
        ) : (
          <Text size="2" color="gray">
            {t('promotions.form.rulesOnPage')}
          </Text>
        )}

        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={pending}>
            {promotion ? t('common.saveChanges') : t('promotions.form.create')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
