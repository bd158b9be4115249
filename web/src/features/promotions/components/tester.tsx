import { CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Card, Flex, Grid, Heading, IconButton, SegmentedControl, Text } from '@radix-ui/themes';
import { MoneyError, formatMoney as moneyText, multiply, parseMoney, subtract } from '@daftar/shared/money';
import { promotionValidate } from '@daftar/shared/schemas/promotions';
import { useId, useMemo } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColumnsTable } from '../../../components/columns-table';
import { FormSelectInput, FormTextInput } from '../../../components/fields';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema } from '../../../lib/form-schema';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import type { Location } from '../../inventory/api/keys';
import { useCustomersById } from '../api/get-customers-by-id';
import { useProductsById } from '../api/get-products-by-id';
import type { Promotion, PromotionCheck } from '../api/keys';
import { useValidatePromotion, type PromotionValidateBody } from '../api/validate-promotion';
import { CustomerPicker, ProductPicker, productLabel } from './pickers';
import { usePromotionMessages } from './promotion-messages';
import { usePromotionTexts, currencyText } from './texts';
import { instantOf } from './time';

interface TesterLine {
  product_id: string;
  category_id: string;
  quantity: string;
  unit_price: string;
}

export interface TesterValues {
  mode: 'lines' | 'total';
  lines: TesterLine[];
  cart_total: string;
  item_count: string;
  customer_id: string;
  location_id: string;
  /** The shop's wall time; blank is now. */
  at: string;
}

const emptyLine = (): TesterLine => ({ product_id: '', category_id: '', quantity: '1', unit_price: '' });

export const lineId = (index: number) => `line-${index + 1}`;

/** quantity × unit price in the currency's minor units, as text ("2.500"); null while either is not yet a number. */
export function grossOf(line: Pick<TesterLine, 'quantity' | 'unit_price'>, currency: string): string | null {
  const quantity = line.quantity.trim();
  const price = line.unit_price.trim();
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(quantity) || !/^\d{1,12}(\.\d+)?$/.test(price)) return null;
  try {
    return moneyText(multiply(parseMoney(price, currency), quantity));
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** The test cart as the validate route takes it: its lines (ids line-1, line-2 …), or a total and an item count. */
export function validateBody(values: TesterValues, promotionId: string, currency: string, timeZone: string): PromotionValidateBody {
  const at = values.at.trim() ? (instantOf(values.at, timeZone) ?? values.at.trim()) : undefined;
  const common = { promotion_id: promotionId, customer_id: values.customer_id || null, location_id: values.location_id || null, ...(at ? { at } : {}) };
  if (values.mode === 'total') {
    return { ...common, cart_total: values.cart_total.trim(), ...(values.item_count.trim() ? { item_count: values.item_count.trim() } : {}) };
  }
  return {
    ...common,
    lines: values.lines.map((line, index) => ({
      id: lineId(index),
      product_id: line.product_id || null,
      category_id: line.category_id || null,
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim(),
      // A line whose quantity or price is not yet a number has its own message there; its gross says nothing more.
      gross: grossOf(line, currency) ?? '0',
    })),
  };
}

interface PromotionTesterProps {
  organizationId: string;
  promotion: Promotion;
  currency: string;
  timeZone: string;
  locations: readonly Location[];
}

/**
 * "Why not?": a test cart against this promotion, through the server's validate (the engine the
 * till runs). Lines of products with a quantity and a unit price (the gross is their product), or
 * just a total and an item count; a customer, a location and a moment when they matter. The answer:
 * whether it applies, the discount, each line's share, and the reason in the reader's language.
 */
export function PromotionTester({ organizationId, promotion, currency, timeZone, locations }: PromotionTesterProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const language = currentLanguage();
  const texts = usePromotionTexts(currency);
  const messages = usePromotionMessages();
  const validate = useValidatePromotion();
  const schema = useMemo(
    () =>
      payloadSchema(
        promotionValidate,
        (values: TesterValues) => validateBody(values, promotion.id, currency, timeZone),
        undefined,
        (path, values) => {
          // The cart's own message ("give its lines or its total") sits on what the person fills in.
          if (path.length === 1 && path[0] === 'lines') return [values.mode === 'total' ? 'cart_total' : 'lines'];
          if (path[0] === 'lines' && path[2] === 'gross') return ['lines', path[1]!, 'unit_price'];
          return path;
        },
      ),
    [promotion.id, currency, timeZone],
  );
  const form = useZodForm(schema, {
    defaultValues: { mode: 'lines', lines: [emptyLine()], cart_total: '', item_count: '', customer_id: '', location_id: '', at: '' },
    messages: messages.form,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as TesterValues;
  const errors = flattenErrors(form.formState.errors);
  const result = validate.data;
  const productIds = [...(values.lines ?? []).map((l) => l.product_id), ...(promotion.reward.type === 'free_item' ? [promotion.reward.product_id] : [])];
  const products = useProductsById(organizationId, productIds);
  const customers = useCustomersById(organizationId, values.customer_id ? [values.customer_id] : []);
  const money = (amount: string) => formatMoney(amount, currency);

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await validate.mutateAsync({ organizationId, data });
    } catch (error) {
      reportFormFailure(form, error, { message: messages.server, unplaced: 'form', rename: { 'lines.0.gross': 'lines.0.unit_price' } });
    }
  });

  const reasonOf = (check: PromotionCheck) =>
    texts.reason(check.reason_key, check.reason_params, check.reason, {
      product: (id) => {
        const product = products.get(id);
        return product ? localName(product, language) : undefined;
      },
      customer: (id) => {
        const customer = customers.get(id);
        return customer ? localName(customer, language) : undefined;
      },
      location: (id) => {
        const location = locations.find((l) => l.id === id);
        return location ? localName(location, language) : undefined;
      },
    });

  const lineRows = result && result.eligible && values.mode === 'lines' && result.promotion_id === promotion.id ? (values.lines ?? []).map((line, index) => ({ line, index })) : [];
  const discountOf = (index: number) => result?.lines.find((l) => l.line_id === lineId(index))?.discount ?? '0';
  const alert = formAlert(form);

  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id={headingId}>
              {t('promotions.tester.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('promotions.tester.intro')}
            </Text>
          </Flex>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('promotions.tester.title')}>
            <Flex direction="column" gap="4">
              {alert ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Icon>
                    <ExclamationTriangleIcon />
                  </Callout.Icon>
                  <Callout.Text>{alert}</Callout.Text>
                </Callout.Root>
              ) : null}
              <SegmentedControl.Root
                value={values.mode ?? 'lines'}
                onValueChange={(mode) => {
                  form.setValue('mode', mode as TesterValues['mode']);
                  form.clearErrors();
                }}
                aria-label={t('promotions.tester.cartKind')}
              >
                <SegmentedControl.Item value="lines">{t('promotions.tester.byLines')}</SegmentedControl.Item>
                <SegmentedControl.Item value="total">{t('promotions.tester.byTotal')}</SegmentedControl.Item>
              </SegmentedControl.Root>

              {values.mode === 'total' ? (
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <FormTextInput form={form} name="cart_total" label={t('promotions.tester.cartTotal', { currency: currencyText(currency) })} hint={t('promotions.tester.cartTotalHint')} inputMode="decimal" dir="ltr" placeholder="0.000" />
                  <FormTextInput form={form} name="item_count" label={t('promotions.tester.itemCount')} inputMode="decimal" dir="ltr" />
                </Grid>
              ) : (
                <Flex direction="column" gap="3" role="group" aria-label={t('promotions.tester.lines')}>
                  {lines.fields.map((field, index) => {
                    const line = values.lines?.[index] ?? emptyLine();
                    const gross = grossOf(line, currency);
                    const number = index + 1;
                    return (
                      <Grid key={field.id} columns={{ initial: '1', sm: '12' }} gap="3" align="end" data-testid="tester-line">
                        <Flex direction="column" gap="1" gridColumn={{ sm: 'span 5' }}>
                          <Text size="2" weight="medium">
                            {t('promotions.tester.product', { number })}
                          </Text>
                          <ProductPicker
                            organizationId={organizationId}
                            label={t('promotions.tester.product', { number })}
                            value={line.product_id}
                            currency={currency}
                            bare
                            onChange={(product) => {
                              form.setValue(`lines.${index}.product_id`, product?.id ?? '');
                              form.setValue(`lines.${index}.category_id`, product?.category_id ?? '');
                              if (product && !form.getValues(`lines.${index}.unit_price`).trim()) form.setValue(`lines.${index}.unit_price`, product.sale_price);
                            }}
                          />
                        </Flex>
                        <Flex direction="column" gridColumn={{ sm: 'span 2' }}>
                          <FormTextInput form={form} name={`lines.${index}.quantity`} label={t('promotions.tester.quantity', { number })} inputMode="decimal" dir="ltr" />
                        </Flex>
                        <Flex direction="column" gridColumn={{ sm: 'span 2' }}>
                          <FormTextInput form={form} name={`lines.${index}.unit_price`} label={t('promotions.tester.unitPrice', { number })} inputMode="decimal" dir="ltr" placeholder="0.000" />
                        </Flex>
                        <Flex direction="column" gap="1" gridColumn={{ sm: 'span 2' }}>
                          <Text size="2" weight="medium">
                            {t('promotions.tester.gross')}
                          </Text>
                          <Text size="2" data-testid={`tester-gross-${number}`} style={{ minHeight: 'var(--space-6)', display: 'flex', alignItems: 'center' }}>
                            {gross === null ? '—' : money(gross)}
                          </Text>
                        </Flex>
                        <Flex gridColumn={{ sm: 'span 1' }} pb="1">
                          <IconButton type="button" variant="soft" color="red" disabled={lines.fields.length <= 1} aria-label={t('promotions.tester.removeLine', { number })} onClick={() => lines.remove(index)}>
                            <TrashIcon />
                          </IconButton>
                        </Flex>
                      </Grid>
                    );
                  })}
                  {errors.lines ? (
                    <Text size="1" color="red" role="alert">
                      {errors.lines}
                    </Text>
                  ) : null}
                  {lines.fields.length < 200 ? (
                    <Flex>
                      <Button type="button" size="1" variant="soft" onClick={() => lines.append(emptyLine())}>
                        <PlusIcon />
                        {t('promotions.tester.addLine')}
                      </Button>
                    </Flex>
                  ) : null}
                </Flex>
              )}

              <Grid columns={{ initial: '1', sm: '3' }} gap="4">
                <CustomerPicker
                  organizationId={organizationId}
                  label={t('promotions.tester.customer')}
                  hint={t('promotions.tester.optional')}
                  value={values.customer_id ?? ''}
                  onChange={(customer) => form.setValue('customer_id', customer?.id ?? '')}
                  error={errors.customer_id}
                />
                <FormSelectInput
                  form={form}
                  name="location_id"
                  label={t('promotions.tester.location')}
                  hint={t('promotions.tester.optional')}
                  options={[{ value: '', label: t('promotions.tester.noLocation') }, ...locations.map((l) => ({ value: l.id, label: localName(l, language) }))]}
                />
                <FormTextInput form={form} name="at" label={t('promotions.tester.at')} hint={t('promotions.tester.atHint', { zone: timeZone })} type="datetime-local" />
              </Grid>
              <Flex gap="3" justify="end">
                <Button type="submit" loading={validate.isPending}>
                  {t('promotions.tester.test')}
                </Button>
              </Flex>
            </Flex>
          </form>

          {result && result.promotion_id === promotion.id ? (
            <Card variant="surface" asChild>
              <section aria-label={t('promotions.tester.result')} data-testid="tester-result" role="region">
                <Flex direction="column" gap="3">
                  <Flex gap="3" align="center" wrap="wrap">
                    {result.eligible ? (
                      <Badge color="green" size="2">
                        <CheckCircledIcon />
                        {t('promotions.tester.eligible')}
                      </Badge>
                    ) : (
                      <Badge color="red" size="2">
                        <CrossCircledIcon />
                        {t('promotions.tester.notEligible')}
                      </Badge>
                    )}
                    <Text size="3" weight="bold" data-testid="tester-discount">
                      {t('promotions.tester.discount', { amount: money(result.discount) })}
                    </Text>
                  </Flex>
                  <Text as="p" size="3" role="status" data-testid="promotion-reason" data-reason={result.reason_key}>
                    {reasonOf(result)}
                  </Text>
                  {lineRows.length > 0 ? (
                    <ColumnsTable
                      size="1"
                      caption={t('promotions.tester.perLine')}
                      rows={lineRows}
                      rowKey={(row) => String(row.index)}
                      columns={[
                        {
                          header: t('promotions.tester.line'),
                          rowHeader: true,
                          cell: ({ line, index }) => {
                            const product = line.product_id ? products.get(line.product_id) : undefined;
                            return product ? productLabel(product) : t('promotions.tester.lineNumber', { number: index + 1 });
                          },
                        },
                        { header: t('promotions.tester.gross'), end: true, cell: ({ line }) => money(grossOf(line, currency) ?? '0') },
                        { header: t('promotions.tester.lineDiscount'), end: true, cell: ({ index }) => money(discountOf(index)) },
                        {
                          header: t('promotions.tester.toPay'),
                          end: true,
                          cell: ({ line, index }) => {
                            try {
                              return money(moneyText(subtract(parseMoney(grossOf(line, currency) ?? '0', currency), parseMoney(discountOf(index), currency))));
                            } catch {
                              return '—';
                            }
                          },
                        },
                      ]}
                    />
                  ) : null}
                </Flex>
              </section>
            </Card>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
