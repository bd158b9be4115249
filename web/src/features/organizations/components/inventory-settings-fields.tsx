import { Flex, RadioGroup, Switch, Text } from '@radix-ui/themes';
import { VALUATION_METHODS } from '@daftar/shared/inventory/costing';
import { POS_RECEIPTLESS_RETURN_POLICIES } from '@daftar/shared/schemas/codes';
import { FormSelectInput } from '../../../components/fields';
import { useId } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
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
