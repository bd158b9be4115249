import type { AccountPublic } from '@daftar/shared/schemas/accounting';
import type { PaymentType } from '@daftar/shared/schemas/payments';
import { currentLanguage } from '../../../lib/i18n';

/** Each direction's own list page; the detail page links back to it. */
export const LIST_PATHS: Record<PaymentType, string> = {
  received: '/sales/payments',
  sent: '/purchases/payments',
};

/** Where an allocated document is shown. */
export const documentPath = (allocation: { invoice_id: string | null; bill_id: string | null }) =>
  allocation.invoice_id ? `/sales/invoices/${allocation.invoice_id}` : `/purchases/bills/${allocation.bill_id ?? ''}`;

/** "1110 Cash on hand", with the Arabic name when the reader reads Arabic and the account has one. */
export function accountLabel(account: Pick<AccountPublic, 'code' | 'name' | 'name_ar'>) {
  const name = currentLanguage() === 'ar' && account.name_ar ? account.name_ar : account.name;
  return `${account.code} ${name}`;
}

/** Today in the person's own calendar day (not UTC's). */
export function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
