import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Callout } from '@radix-ui/themes';
import { GIFT_CARD_PAYMENT_METHODS, type GiftCardPaymentMethod, type GiftCardType } from '@daftar/shared/schemas/giftCards';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextInput, type BoundForm } from '../../../components/fields';
import { locale } from '../../../lib/format';
import { applyServerErrors, issueMessages, readerMessage, type ApplyServerErrorsOptions } from '../../../lib/forms';
import { errorMessage } from '../../../lib/notify';

/** Methods that take money; `promotional` is the one way a promotional card is given (and the only one it takes). */
export const PAID_METHODS = GIFT_CARD_PAYMENT_METHODS.filter((method) => method !== 'promotional');
const GIVEN: readonly GiftCardPaymentMethod[] = ['promotional'];
export const methodsFor = (type: GiftCardType): readonly GiftCardPaymentMethod[] => (type === 'promotional' ? GIVEN : PAID_METHODS);

export const methodOptions = (t: (key: string) => string, methods: readonly GiftCardPaymentMethod[]) => methods.map((method) => ({ value: method, label: t(`giftCards.methods.${method}`) }));

/**
 * The currency as its reader writes it beside an amount: "JOD" in English, "د.أ." in Arabic (a
 * Latin code in an Arabic label would be the one English word of the form).
 */
export function currencyLabel(currency: string) {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
}

/** The text typed, or undefined for a blank optional field (left out of the body). */
export const typed = (text: string) => (text.trim() ? text.trim() : undefined);
/** The text typed, or null for a blank field the server clears. */
export const typedOrNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * A refusal as pos-sessions shows one: a 422's issues beside the fields they name, what no field
 * shows (and a 409's reason, in the reader's language where known) above the form.
 */
export function showFailure<T extends FieldValues>(form: Pick<UseFormReturn<T, any, any>, 'setError' | 'getValues'>, error: unknown, options?: ApplyServerErrorsOptions & { detail?: (error: unknown) => string | undefined }) {
  const rest = applyServerErrors(form, error, options);
  if (rest) {
    if (rest.length) form.setError('root', { type: rest[0]!.type, message: issueMessages(rest).join(' ') });
    return;
  }
  form.setError('root', { type: 'server', message: options?.detail?.(error) ?? readerMessage(errorMessage(error)) });
}

/** The form's alert: what the server refused that no field shows. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

interface AmountFieldProps<T extends FieldValues> {
  form: BoundForm<T>;
  name: Path<T>;
  /** The label's key; it is given the currency as `{{currency}}`. */
  labelKey: string;
  currency: string;
  hint?: string;
  autoFocus?: boolean;
}

/**
 * A money amount, kept as the text typed (exact decimals, no rounding by a number input) and
 * labelled with the currency as its reader writes it.
 */
export function AmountField<T extends FieldValues>({ form, name, labelKey, currency, hint, autoFocus = true }: AmountFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextInput
      form={form}
      name={name}
      label={t(labelKey, { currency: currencyLabel(currency) })}
      hint={hint}
      inputMode="decimal"
      dir="ltr"
      placeholder="0.000"
      autoComplete="off"
      required
      autoFocus={autoFocus}
    />
  );
}
