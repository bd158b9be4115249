/**
 * What the financial statements share: how accounts are classified on the statements, and the
 * wording of amounts, ratios and account names (the request itself is resolved by ../request.ts).
 *
 * Classification is by account type and subtype (ledger/chart.ts, ACCOUNT_SUBTYPES):
 * - cash and cash equivalents: cash, bank, undeposited_funds (card and CliQ receipts in transit).
 *   Post-dated cheques received (cheques_receivable) are NOT cash: in Jordan they are a customer's
 *   promise dated weeks or months ahead, collected only on their date, so the statements treat
 *   them like receivables (a current asset whose change is an operating line). The accounting
 *   dashboard's cash position counts the same three subtypes (ledger/chart.ts CASH_SUBTYPES).
 * - current assets: the cash subtypes, cheques_receivable, receivable, vat_input, inventory,
 *   prepaid_expenses, other_current_asset; every other asset (fixed_asset, accumulated_depreciation
 *   — a contra-asset with a credit balance —, other_asset) is non-current.
 * - non-current liabilities: loan and other_liability (as other_asset mirrors other_current_asset);
 *   every other liability is current.
 * - cost of sales: expense accounts of subtype cogs and inventory_adjustments; the other expense
 *   accounts are operating expenses. Income accounts are all income; sales_returns and
 *   sales_discounts are contra-income with debit balances, so their (negative) amounts reduce it.
 */
import type { AccountType } from '@daftar/shared/schemas/accounting';
import type { AccountRecord } from '../../db/account.js';
import { normalBalance, type Totals } from '../../ledger/balances.js';
import { CASH_SUBTYPES } from '../../ledger/chart.js';
import type { ReportLanguage } from '../definition.js';

/** What a statement needs of an account; accounts missing from the chart get a stand-in. */
export type StatementAccount = Pick<AccountRecord, 'id' | 'code' | 'name' | 'name_ar' | 'type' | 'subtype'>;

/** An account and its amount on a statement, in minor units, signed in its section's direction. */
export interface AccountAmount {
  account: StatementAccount;
  amount: number;
}

export const CURRENT_ASSET_SUBTYPES: readonly string[] = [
  ...CASH_SUBTYPES, 'cheques_receivable', 'receivable', 'vat_input', 'inventory', 'prepaid_expenses', 'other_current_asset',
];
export const NON_CURRENT_LIABILITY_SUBTYPES: readonly string[] = ['loan', 'other_liability'];
export const COST_OF_SALES_SUBTYPES: readonly string[] = ['cogs', 'inventory_adjustments'];

export const isCash = (a: StatementAccount) => a.type === 'asset' && CASH_SUBTYPES.includes(a.subtype);
export const isCurrentAsset = (a: StatementAccount) => a.type === 'asset' && CURRENT_ASSET_SUBTYPES.includes(a.subtype);
export const isCurrentLiability = (a: StatementAccount) => a.type === 'liability' && !NON_CURRENT_LIABILITY_SUBTYPES.includes(a.subtype);
export const isCostOfSales = (a: StatementAccount) => a.type === 'expense' && COST_OF_SALES_SUBTYPES.includes(a.subtype);

/** An account a posting named but the chart no longer has (see docs/ledger.md, known limits). */
export const unknownAccount = (id: string): StatementAccount => ({ id, code: '?', name: 'Unknown account', name_ar: 'حساب غير معروف', type: 'asset', subtype: 'other_asset' });

export const add = (a: number, b: number) => {
  const total = a + b;
  if (!Number.isSafeInteger(total)) throw new Error('Amount exceeds the safe integer range');
  return total;
};
export const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total = add(total, v);
  return total;
};
export const totalOf = (lines: readonly AccountAmount[]) => sum(lines.map((l) => l.amount));

export const byAccountCode = (a: AccountAmount, b: AccountAmount) => (a.account.code < b.account.code ? -1 : a.account.code > b.account.code ? 1 : 0);

/** The accounts of `chart` that `pick` selects and that have a non-zero amount, by code. */
export function amountsOf(chart: readonly StatementAccount[], balances: Map<string, Totals>, pick: (a: StatementAccount) => boolean): AccountAmount[] {
  const out: AccountAmount[] = [];
  for (const account of chart) {
    if (!pick(account)) continue;
    const amount = normalBalance(account.type as AccountType, balances.get(account.id));
    if (amount !== 0) out.push({ account, amount });
  }
  return out.sort(byAccountCode);
}

// ---------------------------------------------------------------------------------------------
// Wording

export { asOfLabel, moneyText as money, periodLabel } from '../wording.js';

/** The account's name in the report's language (Arabic falls back to the English name). */
export const accountName = (language: ReportLanguage, account: Pick<StatementAccount, 'name' | 'name_ar'>) => (language === 'ar' && account.name_ar ? account.name_ar : account.name);

/**
 * `numerator × multiplier ÷ denominator` with `decimals` decimals, rounded half away from zero, in integer
 * arithmetic (no float on money); null when the denominator is zero.
 */
export function ratioText(numerator: number, denominator: number, decimals: number, multiplier = 1): string | null {
  if (denominator === 0) return null;
  const scale = 10n ** BigInt(decimals);
  const n = BigInt(numerator) * BigInt(multiplier) * scale;
  const d = BigInt(denominator);
  const negative = n < 0n !== d < 0n && n !== 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const scaled = (absN * 2n + absD) / (absD * 2n);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  const text = decimals ? `${whole}.${fraction}` : `${whole}`;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** Change ÷ |base| × 100 with one decimal ("12.5", "-40.0"); null when the base is zero. */
export const percentChangeText = (current: number, base: number) => (base === 0 ? null : ratioText(current - base, Math.abs(base), 1, 100));
