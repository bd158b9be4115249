import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, Heading, IconButton, Text } from '@radix-ui/themes';
import { LAYAWAY_ITEMS_MAX, layawayCreate, type LayawayCancellationPolicy, type LayawayPaymentFrequency } from '@daftar/shared/schemas/layaway';
import { useState } from 'react';
import { useFieldArray, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormSelectInput, FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { currentLanguage } from '../../../lib/i18n';
import { fieldError, useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { localName } from '../../../lib/names';
import { notify } from '../../../lib/notify';
import { useLocations } from '../../inventory/api/get-locations';
import { CustomerPicker, ProductPicker } from '../../promotions/components/pickers';
import { useCreateLayaway } from '../api/create-layaway';
import type { Layaway } from '../api/keys';
import { AmountField, FormAlert, frequencyOptions, methodOptions, policyOptions, showFailure, today, typed } from './form-parts';

interface ItemValues {
  product_id: string;
  quantity: string;
  /** Blank: the product's shelf price. */
  unit_price: string;
}

export interface LayawayValues {
  customer_id: string;
  location_id: string;
  items: ItemValues[];
  payment_frequency: LayawayPaymentFrequency;
  start_date: string;
  due_date: string;
  minimum_deposit: string;
  deposit: { amount: string; payment_method: string };
  cancellation_policy: '' | LayawayCancellationPolicy;
  cancellation_fee: string;
  notes: string;
}

const emptyItem = (): ItemValues => ({ product_id: '', quantity: '1', unit_price: '' });

/** The form as layawayCreate takes it: blank optional fields left out; a deposit only when one is typed. */
export function layawayBodyOf(values: LayawayValues) {
  const deposit = values.deposit.amount.trim();
  return {
    customer_id: values.customer_id,
    location_id: values.location_id || 'main',
    items: values.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity.trim(), ...(item.unit_price.trim() ? { unit_price: item.unit_price.trim() } : {}) })),
    payment_frequency: values.payment_frequency,
    start_date: typed(values.start_date),
    due_date: values.due_date,
    minimum_deposit: typed(values.minimum_deposit),
    deposit: deposit ? { amount: deposit, payment_method: values.deposit.payment_method } : undefined,
    cancellation_policy: values.cancellation_policy || undefined,
    cancellation_fee: values.cancellation_policy === 'fee' ? typed(values.cancellation_fee) : undefined,
    notes: typed(values.notes),
  };
}

/**
 * A new layaway: the customer, the goods (reserved at the location when it is saved), how often
 * instalments fall due up to the due date, and the deposit taken now. Saved with one
 * Idempotency-Key per form, so a double click makes one layaway and takes one deposit.
 */
export function LayawayForm({ organizationId, currency, cancelTo, onSaved }: { organizationId: string; currency: string; cancelTo: string; onSaved: (layaway: Layaway) => void }) {
  const { t } = useTranslation();
  const create = useCreateLayaway();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const locations = useLocations(organizationId);
  const language = currentLanguage();
  const form = useZodForm<typeof layawayCreate, LayawayValues>(layawayCreate, {
    defaultValues: {
      customer_id: '',
      location_id: 'main',
      items: [emptyItem()],
      payment_frequency: 'monthly',
      start_date: today(),
      due_date: '',
      minimum_deposit: '',
      deposit: { amount: '', payment_method: 'cash' },
      cancellation_policy: '',
      cancellation_fee: '',
      notes: '',
    },
    prepare: layawayBodyOf,
    // An id left blank is "choose one", whatever zod says about an empty string.
    messages: (issue) =>
      issue.path === 'customer_id' ? t('layaway.form.chooseCustomer') : /^items\.\d+\.product_id$/.test(issue.path) ? t('layaway.form.chooseProduct') : issue.path === 'due_date' && issue.code !== 'custom' ? t('layaway.form.chooseDueDate') : undefined,
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const [customerId, itemValues, policy] = useWatch({ control: form.control, name: ['customer_id', 'items', 'cancellation_policy'] });
  const errors = form.formState.errors;
  const itemsError = (errors.items as (FieldError & { root?: FieldError }) | undefined)?.root?.message ?? (errors.items as FieldError | undefined)?.message;
  const depositError = (errors.deposit as FieldError | undefined)?.message;
  const locationOptions = (locations.data?.data ?? []).map((l) => ({ value: l.id, label: localName(l, language) }));

  const onSubmit = form.handleSubmit((data) =>
    create.mutate(
      { organizationId, data, idempotencyKey },
      {
        onSuccess: (layaway) => {
          notify.success(t('layaway.form.created', { number: layaway.layaway_number }));
          onSaved(layaway);
        },
        onError: (error) => showFailure(form, error),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('layaway.form.title')}>
      <Flex direction="column" gap="4">
        <FormAlert message={errors.root?.message} />
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t('layaway.form.customerSection')}
          </Heading>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <CustomerPicker
              organizationId={organizationId}
              label={t('layaway.form.customer')}
              value={customerId}
              onChange={(customer) => form.setValue('customer_id', customer?.id ?? '', { shouldDirty: true })}
              error={fieldError(form, 'customer_id')}
            />
            {locationOptions.length > 1 ? (
              <FormSelectInput form={form} name="location_id" label={t('layaway.form.location')} hint={t('layaway.form.locationHint')} options={locationOptions} />
            ) : null}
          </Grid>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="1">
            {t('layaway.form.itemsSection')}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {t('layaway.form.itemsHint')}
          </Text>
          <Flex direction="column" gap="3" role="list" aria-label={t('layaway.form.itemsSection')}>
            {items.fields.map((field, index) => (
              <Grid key={field.id} columns={{ initial: '1', sm: '3fr 1fr 1fr auto' }} gap="3" align="end" role="listitem">
                <ProductPicker
                  organizationId={organizationId}
                  label={t('layaway.form.product', { number: index + 1 })}
                  value={itemValues[index]?.product_id ?? ''}
                  onChange={(product) => form.setValue(`items.${index}.product_id`, product?.id ?? '', { shouldDirty: true })}
                  error={fieldError(form, `items.${index}.product_id`)}
                  currency={currency}
                />
                <FormTextInput form={form} name={`items.${index}.quantity`} label={t('layaway.form.quantity')} inputMode="decimal" dir="ltr" autoComplete="off" />
                <FormTextInput form={form} name={`items.${index}.unit_price`} label={t('layaway.form.unitPrice')} placeholder={t('layaway.form.shelfPrice')} inputMode="decimal" dir="ltr" autoComplete="off" />
                <IconButton type="button" variant="soft" color="red" disabled={items.fields.length === 1} aria-label={t('layaway.form.removeItem', { number: index + 1 })} onClick={() => items.remove(index)}>
                  <TrashIcon />
                </IconButton>
              </Grid>
            ))}
          </Flex>
          {itemsError ? (
            <Text as="p" size="1" color="red" role="alert" mt="2">
              {itemsError}
            </Text>
          ) : null}
          <Button type="button" variant="soft" mt="3" disabled={items.fields.length >= LAYAWAY_ITEMS_MAX} onClick={() => items.append(emptyItem())}>
            <PlusIcon />
            {t('layaway.form.addItem')}
          </Button>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            {t('layaway.form.termsSection')}
          </Heading>
          <Grid columns={{ initial: '1', sm: '3' }} gap="3">
            <FormSelectInput form={form} name="payment_frequency" label={t('layaway.form.frequency')} options={frequencyOptions(t)} />
            <FormTextInput form={form} name="start_date" label={t('layaway.form.startDate')} type="date" />
            <FormTextInput form={form} name="due_date" label={t('layaway.form.dueDate')} type="date" required />
            <AmountField form={form} name="minimum_deposit" labelKey="layaway.form.minimumDeposit" currency={currency} autoFocus={false} hint={t('layaway.form.minimumDepositHint')} />
            <FormSelectInput
              form={form}
              name="cancellation_policy"
              label={t('layaway.form.policy')}
              options={[{ value: '', label: t('layaway.form.policyDefault') }, ...policyOptions(t)]}
            />
            {policy === 'fee' ? <AmountField form={form} name="cancellation_fee" labelKey="layaway.form.fee" currency={currency} autoFocus={false} /> : null}
          </Grid>
        </Card>
        <Card size="3">
          <Heading as="h2" size="4" mb="1">
            {t('layaway.form.depositSection')}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {t('layaway.form.depositHint')}
          </Text>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <AmountField form={form} name="deposit.amount" labelKey="layaway.form.depositAmount" currency={currency} autoFocus={false} />
            <FormSelectInput form={form} name="deposit.payment_method" label={t('layaway.payment.method')} options={methodOptions(t)} />
          </Grid>
          {depositError ? (
            <Text as="p" size="1" color="red" role="alert" mt="2">
              {depositError}
            </Text>
          ) : null}
        </Card>
        <FormTextAreaInput form={form} name="notes" label={t('layaway.form.notes')} dir="auto" rows={2} />
        <Flex gap="3" justify="end">
          <Button asChild type="button" variant="soft" color="gray">
            <Link to={cancelTo}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('layaway.form.submit')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
