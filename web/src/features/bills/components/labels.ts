import type { DocumentLinesLabels, LineAccountOption } from '../../../components/document-lines-editor';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n';
import { BILL_LINE_ASSET_SUBTYPES } from '@daftar/shared/schemas/bills';
import type { Account } from '../api/get-accounts';

/** The lines editor speaks through the feature's own texts. */
export function useBillLinesLabels(): DocumentLinesLabels {
  const { t } = useTranslation();
  return {
    caption: t('bills.lines.caption'),
    lineNumber: t('bills.lines.number'),
    product: t('bills.lines.product'),
    noProduct: t('bills.lines.noProduct'),
    description: t('bills.lines.description'),
    account: t('bills.lines.account'),
    chooseAccount: t('bills.lines.chooseAccount'),
    quantity: t('bills.lines.quantity'),
    unitPrice: t('bills.lines.unitPrice'),
    discount: t('bills.lines.discount'),
    discountType: t('bills.lines.discountType'),
    discountAmount: t('bills.lines.discountAmount'),
    discountPercent: t('bills.lines.discountPercent'),
    tax: t('bills.lines.tax'),
    noTax: t('bills.lines.noTax'),
    net: t('bills.lines.net'),
    taxAmount: t('bills.lines.taxAmount'),
    lineTotal: t('bills.lines.lineTotal'),
    addLine: t('bills.lines.addLine'),
    actions: t('common.actions'),
    removeLine: (line) => t('bills.lines.removeLine', { line }),
    fieldOfLine: (field, line) => t('bills.lines.fieldOfLine', { field, line }),
    totalsCaption: t('bills.totals.caption'),
    subtotal: t('bills.totals.subtotal'),
    discountTotal: t('bills.totals.discount'),
    netTotal: t('bills.totals.net'),
    taxRow: ({ category, rate }) => (category === 'standard' ? t('bills.totals.taxAt', { rate }) : t(`bills.totals.categories.${category}`)),
    total: t('bills.totals.total'),
    problems: {
      quantity: t('bills.lines.problems.quantity'),
      unit_price: t('bills.lines.problems.unitPrice'),
      discount: t('bills.lines.problems.discount'),
      tax: t('bills.lines.problems.tax'),
    },
  };
}

const accountName = (account: Pick<Account, 'name' | 'name_ar'>, language: Language) => (language === 'ar' && account.name_ar ? account.name_ar : account.name);

export const accountLabel = (account: Pick<Account, 'code' | 'name' | 'name_ar'>, language: Language) => `${account.code} ${accountName(account, language)}`;

const ASSET_SUBTYPES: readonly string[] = BILL_LINE_ASSET_SUBTYPES;

/** What a purchase may be booked to: active expense accounts, and asset accounts of the purchase subtypes. */
export function lineAccountOptions(accounts: readonly Account[], language: Language, groups: { expense: string; asset: string }): LineAccountOption[] {
  return accounts
    .filter((account) => account.is_active && (account.type === 'expense' || (account.type === 'asset' && ASSET_SUBTYPES.includes(account.subtype))))
    // Expenses first (what most bills are), then assets; by code within each.
    .sort((a, b) => (a.type === b.type ? a.code.localeCompare(b.code) : a.type === 'expense' ? -1 : 1))
    .map((account) => ({ id: account.id, label: accountLabel(account, language), group: account.type === 'expense' ? groups.expense : groups.asset }));
}
