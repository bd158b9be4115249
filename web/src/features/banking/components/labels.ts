import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import { currentLanguage } from '../../../lib/i18n';

/** "1120 Bank", with the Arabic name when the reader reads Arabic and the account has one. */
export function accountLabel(account: Pick<AccountPublic, 'code' | 'name' | 'name_ar'>) {
  const name = currentLanguage() === 'ar' && account.name_ar ? account.name_ar : account.name;
  return `${account.code} ${name}`;
}

/** Today in the person's own calendar day (not UTC's). */
export function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** "0.000", "-0.00": an amount that is nothing, read from its text. */
export const isZeroAmount = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount.trim());
