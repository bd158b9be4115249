import { ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, IconButton, RadioGroup, Text } from '@radix-ui/themes';
import { LOYALTY_ACCOUNTING_METHODS, LOYALTY_ROUNDINGS, loyaltyProgramCreate, loyaltyProgramUpdate, type LoyaltyAccountingMethod } from '@daftar/shared/schemas/loyalty';
import { useId, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, textOrNull } from '../../../lib/form-schema';
import { firstErrorOf, flattenErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { currencyLabel } from '../../gift-cards/components/form-parts';
import type { Program } from '../api/keys';
import { useCreateProgram, useUpdateProgram, type ProgramCreateBody } from '../api/save-program';

export interface TierValues {
  name: string;
  min_lifetime_points: string;
  multiplier: string;
}

/** The terms as typed: text everywhere (exact decimals), numbers made at the end. */
export interface ProgramValues {
  name: string;
  name_ar: string;
  description: string;
  status: 'active' | 'inactive';
  points_per_unit: string;
  rounding: 'down' | 'nearest' | 'up';
  minimum_spend: string;
  point_value: string;
  expiry_days: string;
  min_redemption_points: string;
  tiers: TierValues[];
  accounting_method: LoyaltyAccountingMethod;
  redemption_rate: string;
}

export function valuesOf(program?: Program): ProgramValues {
  return {
    name: program?.name ?? '',
    name_ar: program?.name_ar ?? '',
    description: program?.description ?? '',
    status: program?.status ?? 'active',
    points_per_unit: program?.points_per_unit ?? '1',
    rounding: program?.rounding ?? 'down',
    minimum_spend: program?.minimum_spend ?? '0.000',
    point_value: program?.point_value ?? '0.010',
    expiry_days: program?.expiry_days ? String(program.expiry_days) : '',
    min_redemption_points: program ? String(program.min_redemption_points) : '0',
    tiers: (program?.tiers ?? []).map((tier) => ({ name: tier.name, min_lifetime_points: String(tier.min_lifetime_points), multiplier: tier.multiplier })),
    accounting_method: program?.accounting_method ?? 'deferral',
    redemption_rate: program?.redemption_rate ?? '1',
  };
}

/** Whole numbers as numbers; anything else as typed, for the schema to name ("Enter a number"). */
const integerOrText = (text: string): number | string | undefined => {
  const value = text.trim();
  if (!value) return undefined;
  return /^-?\d{1,10}$/.test(value) ? Number(value) : value;
};

/**
 * A program's point value and accounting method are fixed once points exist: the liability was
 * measured with them (shared/src/schemas/loyalty.ts). The form then shows them and does not send them.
 */
export const termsLocked = (program?: Program) => !!program && program.points_outstanding > 0;

export function programPayload(values: ProgramValues, locked = false) {
  return {
    name: values.name.trim(),
    name_ar: textOrNull(values.name_ar),
    description: textOrNull(values.description),
    status: values.status,
    points_per_unit: values.points_per_unit.trim(),
    rounding: values.rounding,
    minimum_spend: values.minimum_spend.trim() || '0',
    ...(locked ? {} : { point_value: values.point_value.trim(), accounting_method: values.accounting_method }),
    expiry_days: (integerOrText(values.expiry_days) ?? null) as number | null,
    min_redemption_points: (integerOrText(values.min_redemption_points) ?? 0) as number,
    tiers: values.tiers.map((tier) => ({ name: tier.name.trim(), min_lifetime_points: (integerOrText(tier.min_lifetime_points) ?? '') as number, multiplier: tier.multiplier.trim() })),
    redemption_rate: values.redemption_rate.trim(),
  };
}

interface ProgramFormProps {
  organizationId: string;
  currency: string;
  /** The program being changed; absent when creating one. */
  program?: Program;
  cancelTo: string;
  onSaved: (program: Program) => void;
}

/**
 * A program's terms: what is earned per JOD and how it rounds, the minimum spend, what a point is
 * worth and how long it lives, the tiers, and how the books carry the points (deferral or expense).
 * The shared schema checks what is sent, here first and on the server again.
 */
export function ProgramForm({ organizationId, currency, program, cancelTo, onSaved }: ProgramFormProps) {
  const { t } = useTranslation();
  const ids = { terms: useId(), tiers: useId(), accounting: useId(), method: useId() };
  const create = useCreateProgram();
  const update = useUpdateProgram();
  const locked = termsLocked(program);
  const schema = useMemo(
    () =>
      program
        ? payloadSchema(loyaltyProgramUpdate, (values: ProgramValues) => programPayload(values, locked))
        : payloadSchema(loyaltyProgramCreate, (values: ProgramValues) => programPayload(values) as ReturnType<typeof programPayload> & { point_value: string }),
    [program, locked],
  );
  const form = useZodForm(schema, { defaultValues: valuesOf(program) });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const method = useWatch({ control: form.control, name: 'accounting_method' });
  const errors = flattenErrors(form.formState.errors);
  const pending = form.formState.isSubmitting || create.isPending || update.isPending;
  const title = program ? t('loyalty.form.editTitle', { name: program.name }) : t('loyalty.form.newTitle');
  const money = currencyLabel(currency);

  const onSubmit = form.handleSubmit(async (data) => {
    let saved: Program;
    try {
      saved = program ? await update.mutateAsync({ organizationId, programId: program.id, data }) : await create.mutateAsync({ organizationId, data: data as ProgramCreateBody });
    } catch (error) {
      return reportFormFailure(form, error, { unplaced: 'form' });
    }
    notify.success(t(program ? 'loyalty.form.saved' : 'loyalty.form.created', { name: saved.name }));
    onSaved(saved);
  });
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
          <section aria-labelledby={ids.terms}>
            <Flex direction="column" gap="4">
              <Heading as="h2" size="4" id={ids.terms}>
                {t('loyalty.form.terms')}
              </Heading>
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <FormTextInput form={form} name="name" label={t('loyalty.form.name')} dir="auto" required />
                <FormTextInput form={form} name="name_ar" label={t('loyalty.form.nameAr')} dir="rtl" lang="ar" />
              </Grid>
              <FormTextAreaInput form={form} name="description" label={t('loyalty.form.description')} dir="auto" rows={2} />
              <Grid columns={{ initial: '1', sm: '3' }} gap="4">
                <FormTextInput form={form} name="points_per_unit" label={t('loyalty.form.pointsPerUnit', { currency: money })} hint={t('loyalty.form.pointsPerUnitHint')} inputMode="decimal" dir="ltr" required />
                <FormSelectInput
                  form={form}
                  name="rounding"
                  label={t('loyalty.form.rounding')}
                  hint={t('loyalty.form.roundingHint')}
                  options={LOYALTY_ROUNDINGS.map((value) => ({ value, label: t(`loyalty.rounding.${value}`) }))}
                />
                <FormTextInput form={form} name="minimum_spend" label={t('loyalty.form.minimumSpend', { currency: money })} hint={t('loyalty.form.minimumSpendHint')} inputMode="decimal" dir="ltr" />
              </Grid>
              <Grid columns={{ initial: '1', sm: '3' }} gap="4">
                <FormTextInput
                  form={form}
                  name="point_value"
                  label={t('loyalty.form.pointValue', { currency: money })}
                  hint={locked ? t('loyalty.form.lockedHint') : t('loyalty.form.pointValueHint')}
                  inputMode="decimal"
                  dir="ltr"
                  readOnly={locked}
                  required
                />
                <FormTextInput form={form} name="expiry_days" label={t('loyalty.form.expiryDays')} hint={t('loyalty.form.expiryDaysHint')} inputMode="numeric" dir="ltr" />
                <FormTextInput form={form} name="min_redemption_points" label={t('loyalty.form.minRedemption')} hint={t('loyalty.form.minRedemptionHint')} inputMode="numeric" dir="ltr" />
              </Grid>
              <FormSelectInput
                form={form}
                name="status"
                label={t('loyalty.form.status')}
                options={[
                  { value: 'active', label: t('loyalty.status.active') },
                  { value: 'inactive', label: t('loyalty.status.inactive') },
                ]}
              />
            </Flex>
          </section>
        </Card>

        <Card size="3" asChild>
          <section aria-labelledby={ids.tiers}>
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4" id={ids.tiers}>
                {t('loyalty.form.tiers')}
              </Heading>
              <Text size="2" color="gray">
                {t('loyalty.form.tiersHint')}
              </Text>
              {tiers.fields.map((field, index) => (
                <Grid key={field.id} columns={{ initial: '1', sm: '4' }} gap="3" align="end" data-testid="tier-row">
                  <FormTextInput form={form} name={`tiers.${index}.name`} label={t('loyalty.form.tierName', { number: index + 1 })} dir="auto" />
                  <FormTextInput form={form} name={`tiers.${index}.min_lifetime_points`} label={t('loyalty.form.tierFrom', { number: index + 1 })} inputMode="numeric" dir="ltr" />
                  <FormTextInput form={form} name={`tiers.${index}.multiplier`} label={t('loyalty.form.tierMultiplier', { number: index + 1 })} inputMode="decimal" dir="ltr" />
                  <Flex pb="1">
                    <IconButton type="button" variant="soft" color="red" aria-label={t('loyalty.form.removeTier', { number: index + 1 })} onClick={() => tiers.remove(index)}>
                      <TrashIcon />
                    </IconButton>
                  </Flex>
                </Grid>
              ))}
              {firstErrorOf(errors, 'tiers') && !tiers.fields.length ? (
                <Text size="1" color="red" role="alert">
                  {firstErrorOf(errors, 'tiers')}
                </Text>
              ) : null}
              {tiers.fields.length < 10 ? (
                <Flex>
                  <Button type="button" size="1" variant="soft" onClick={() => tiers.append({ name: '', min_lifetime_points: '', multiplier: '1' })}>
                    <PlusIcon />
                    {t('loyalty.form.addTier')}
                  </Button>
                </Flex>
              ) : null}
            </Flex>
          </section>
        </Card>

        <Card size="3" asChild>
          <section aria-labelledby={ids.accounting}>
            <Flex direction="column" gap="4">
              <Heading as="h2" size="4" id={ids.accounting}>
                {t('loyalty.form.accounting')}
              </Heading>
              <Flex direction="column" gap="2">
                <Text size="2" weight="medium" id={ids.method}>
                  {t('loyalty.form.method')}
                </Text>
                <RadioGroup.Root
                  value={method}
                  disabled={locked}
                  onValueChange={(value) => form.setValue('accounting_method', value as LoyaltyAccountingMethod, { shouldDirty: true })}
                  aria-labelledby={ids.method}
                >
                  {LOYALTY_ACCOUNTING_METHODS.map((value) => (
                    <RadioGroup.Item key={value} value={value}>
                      <Flex direction="column">
                        <Text size="2">{t(`loyalty.methods.${value}`)}</Text>
                        <Text size="1" color="gray">
                          {t(`loyalty.methodHints.${value}`)}
                        </Text>
                      </Flex>
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
                {locked ? (
                  <Text size="1" color="gray">
                    {t('loyalty.form.lockedHint')}
                  </Text>
                ) : null}
              </Flex>
              {method === 'deferral' ? (
                <FormTextInput form={form} name="redemption_rate" label={t('loyalty.form.redemptionRate')} hint={t('loyalty.form.redemptionRateHint')} inputMode="decimal" dir="ltr" />
              ) : null}
            </Flex>
          </section>
        </Card>

        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={pending}>
            {program ? t('common.saveChanges') : t('loyalty.form.create')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
