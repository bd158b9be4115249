import { LAYAWAY_CANCELLATION_POLICIES, LAYAWAY_PAYMENT_FREQUENCIES, LAYAWAY_PAYMENT_METHODS } from '@daftar/shared/schemas/layaway';

/**
 * The dialogs' frame, the amount field and the refusal shown on a form are the gift cards' own
 * (one look for every money dialog of the back office); layaway adds its option lists.
 */
export { AmountField, FormAlert, currencyLabel, showFailure, typed, typedOrNull } from '../../gift-cards/components/form-parts';
export { CardActionDialog as ActionDialog, closeAfter } from '../../gift-cards/components/card-action-dialog';
export { signedMoney } from '../../gift-cards/components/ledger-table';

type T = (key: string) => string;

export const methodOptions = (t: T) => LAYAWAY_PAYMENT_METHODS.map((method) => ({ value: method, label: t(`layaway.methods.${method}`) }));
export const frequencyOptions = (t: T) => LAYAWAY_PAYMENT_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`layaway.frequencies.${frequency}`) }));
export const policyOptions = (t: T) => LAYAWAY_CANCELLATION_POLICIES.map((policy) => ({ value: policy, label: t(`layaway.policies.${policy}`) }));

/** Today on the device's calendar (a layaway's dates are days, not instants). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Whether a decimal amount is more than zero ("0.000" is not). */
export const owes = (amount: string | null | undefined) => !!amount && /[1-9]/.test(amount);
