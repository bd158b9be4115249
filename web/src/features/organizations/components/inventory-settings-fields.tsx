import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Box, Button, Code, Flex, Heading, IconButton, RadioGroup, Switch, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import {
  exampleScaleLabel,
  parseScaleBarcode,
  SCALE_ITEM_DIGITS_MAX,
  SCALE_ITEM_DIGITS_MIN,
  SCALE_PREFIXES_MAX,
  SCALE_VALUE_KINDS,
  type ScaleValueKind,
} from '@daftar/shared/barcodes';
import { VALUATION_METHODS } from '@daftar/shared/inventory/costing';
import { POS_RECEIPTLESS_RETURN_POLICIES } from '@daftar/shared/schemas/codes';
import { FormSelectInput } from '../../../components/fields';
import { useId } from 'react';
import { Controller, useFieldArray, useWatch, type ArrayPath, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type InventoryForm<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'control' | 'getFieldState' | 'formState'>;

/**
 * How the organization costs its stock (issue #14): the form's `inventory_valuation_method`
 * ('fifo' | 'average'). The server refuses a change once stock has moved; its reason is set on
 * this field by the form.
 */
export function ValuationMethodField<T extends FieldValues>({ form, disabled }: { form: InventoryForm<T>; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const name = 'inventory_valuation_method' as Path<T>;
  const error = form.getFieldState(name, form.formState).error?.message || undefined;
  return (
    <Flex direction="column" gap="2" className="field">
      <Text id={`${id}-label`} size="2" weight="medium">
        {t('organizations.inventory.valuationMethod')}
      </Text>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RadioGroup.Root
            ref={field.ref}
            name={field.name}
            value={field.value as string}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <Flex direction="column" gap="2">
              {VALUATION_METHODS.map((method) => (
                <RadioGroup.Item key={method} value={method} aria-describedby={`${id}-${method}`}>
                  <Flex direction="column">
                    <Text size="2">{t(`organizations.inventory.methods.${method}`)}</Text>
                    <Text id={`${id}-${method}`} size="1" color="gray">
                      {t(`organizations.inventory.methodHints.${method}`)}
                    </Text>
                  </Flex>
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        )}
      />
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="1" color="gray">
          {t('organizations.inventory.valuationLocked')}
        </Text>
      )}
    </Flex>
  );
}

/** The form's `allow_negative_stock`: whether a sale may take more than the stock records show. */
export function NegativeStockSwitch<T extends FieldValues>({ form, disabled }: { form: InventoryForm<T>; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Flex direction="column" gap="1" className="field">
      <Flex gap="2" align="center">
        <Controller
          control={form.control}
          name={'allow_negative_stock' as Path<T>}
          render={({ field }) => (
            <Switch
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
            />
          )}
        />
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {t('organizations.inventory.allowNegativeStock')}
        </Text>
      </Flex>
      <Text id={`${id}-hint`} size="1" color="gray">
        {t('organizations.inventory.allowNegativeStockHint')}
      </Text>
    </Flex>
  );
}

/** The form's `pos_receiptless_returns`: who may take a return without a receipt at the till (as store credit). */
export function ReceiptlessReturnsSelect<T extends FieldValues>({ form, disabled }: { form: InventoryForm<T>; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSelectInput
      form={form as never}
      name={'pos_receiptless_returns' as Path<T>}
      label={t('organizations.inventory.receiptlessReturns')}
      hint={t('organizations.inventory.receiptlessReturnsHint')}
      disabled={disabled}
      options={POS_RECEIPTLESS_RETURN_POLICIES.map((policy) => ({ value: policy, label: t(`organizations.inventory.receiptlessPolicies.${policy}`) }))}
    />
  );
}

/** A prefix row of the form's `scale_barcodes.prefixes`. */
export interface ScalePrefixValues {
  prefix: string;
  value: ScaleValueKind;
}

type ScaleForm<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'control' | 'register' | 'getFieldState' | 'formState'>;

/** What a label with this prefix would read as, with the layout on screen: "2012345012509 → product barcode 2012345, weight 1.250 kg". */
function ScaleExample({ prefix, value, itemDigits }: { prefix: string; value: ScaleValueKind; itemDigits: number }) {
  const { t } = useTranslation();
  const trimmed = prefix.trim();
  const code = exampleScaleLabel(trimmed, itemDigits, 1250);
  const label = code ? parseScaleBarcode(code, { prefixes: [{ prefix: trimmed, value }], item_digits: itemDigits }) : null;
  if (!code || !label) return <Text color="gray">{t('organizations.inventory.scale.noExample')}</Text>;
  return (
    <Text size="1">
      <Code variant="ghost" dir="ltr">
        {code}
      </Code>{' '}
      {value === 'weight'
        ? t('organizations.inventory.scale.exampleWeight', { product: label.productCode, quantity: label.quantity })
        : t('organizations.inventory.scale.examplePrice', { product: label.productCode, amount: label.amount })}
    </Text>
  );
}

/**
 * The form's `scale_barcodes` (issue 14): how the shop's scales print labels — a small table of
 * prefixes, each carrying a weight or a price, and the item code's length — with a live example
 * per prefix. The schema's refusals (a prefix outside 2…/02…, listed twice, or too long for the
 * item code) show under the prefix they are about.
 */
export function ScaleLabelsFields<T extends FieldValues>({ form, disabled }: { form: ScaleForm<T>; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const prefixesName = 'scale_barcodes.prefixes' as ArrayPath<T>;
  const rows = useFieldArray({ control: form.control, name: prefixesName });
  const watched = useWatch({ control: form.control, name: 'scale_barcodes' as Path<T> }) as
    | { prefixes?: ScalePrefixValues[]; item_digits?: number | string }
    | undefined;
  const itemDigits = Number(watched?.item_digits ?? 5);
  const errorOf = (name: string) => form.getFieldState(name as Path<T>, form.formState).error?.message || undefined;
  const listError = errorOf('scale_barcodes.prefixes');
  const digits = Array.from({ length: SCALE_ITEM_DIGITS_MAX - SCALE_ITEM_DIGITS_MIN + 1 }, (_, i) => SCALE_ITEM_DIGITS_MIN + i);

  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby={`${id}-title`}>
        <Heading as="h3" size="3" id={`${id}-title`}>
          {t('organizations.inventory.scale.title')}
        </Heading>
        <Text id={`${id}-hint`} size="2" color="gray">
          {t('organizations.inventory.scale.hint')}
        </Text>
        <div className="table-scroll">
          <Table.Root size="1" variant="surface">
            <VisuallyHidden asChild>
              <caption>{t('organizations.inventory.scale.title')}</caption>
            </VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('organizations.inventory.scale.prefix')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('organizations.inventory.scale.value')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('organizations.inventory.scale.example')}</Table.ColumnHeaderCell>
                {disabled ? null : <Table.ColumnHeaderCell />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.fields.map((row, index) => {
                const prefixName = `scale_barcodes.prefixes.${index}.prefix`;
                const error = errorOf(prefixName);
                const current = watched?.prefixes?.[index];
                return (
                  <Table.Row key={row.id} data-testid="scale-prefix-row">
                    <Table.Cell>
                      <Flex direction="column" gap="1">
                        <TextField.Root
                          {...form.register(prefixName as Path<T>)}
                          id={`${id}-prefix-${index}`}
                          aria-label={t('organizations.inventory.scale.prefixOf', { number: index + 1 })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-prefix-${index}-error` : undefined}
                          inputMode="numeric"
                          dir="ltr"
                          maxLength={3}
                          style={{ maxWidth: '6rem' }}
                          disabled={disabled}
                        />
                        {error ? (
                          <Text id={`${id}-prefix-${index}-error`} size="1" color="red" role="alert">
                            {error}
                          </Text>
                        ) : null}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell>
                      <select
                        className="native-select"
                        {...form.register(`scale_barcodes.prefixes.${index}.value` as Path<T>)}
                        aria-label={t('organizations.inventory.scale.valueOf', { number: index + 1 })}
                        disabled={disabled}
                      >
                        {SCALE_VALUE_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {t(`organizations.inventory.scale.values.${kind}`)}
                          </option>
                        ))}
                      </select>
                    </Table.Cell>
                    <Table.Cell>
                      <ScaleExample prefix={current?.prefix ?? ''} value={current?.value ?? 'weight'} itemDigits={itemDigits} />
                    </Table.Cell>
                    {disabled ? null : (
                      <Table.Cell>
                        <IconButton
                          type="button"
                          size="1"
                          variant="soft"
                          color="red"
                          aria-label={t('organizations.inventory.scale.remove', { number: index + 1 })}
                          disabled={rows.fields.length <= 1}
                          onClick={() => rows.remove(index)}
                        >
                          <TrashIcon />
                        </IconButton>
                      </Table.Cell>
                    )}
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </div>
        {listError ? (
          <Text size="1" color="red" role="alert">
            {listError}
          </Text>
        ) : null}
        {disabled || rows.fields.length >= SCALE_PREFIXES_MAX ? null : (
          <Flex>
            <Button type="button" size="1" variant="soft" onClick={() => rows.append({ prefix: '', value: 'weight' } as never)}>
              <PlusIcon /> {t('organizations.inventory.scale.add')}
            </Button>
          </Flex>
        )}
        <Box maxWidth="28rem">
          <FormSelectInput
            form={form as never}
            name={'scale_barcodes.item_digits' as Path<T>}
            rules={{ setValueAs: (v: unknown) => Number(v) } as never}
            label={t('organizations.inventory.scale.itemDigits')}
            hint={t('organizations.inventory.scale.itemDigitsHint')}
            disabled={disabled}
            options={digits.map((n) => ({ value: String(n), label: t('organizations.inventory.scale.itemDigitsOption', { count: n }) }))}
          />
        </Box>
      </section>
    </Flex>
  );
}
