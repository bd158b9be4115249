/**
 * The trial balance on a date: the ledger's own `trialBalance` (balance items up to the date; each
 * account's net balance in the debit or the credit column), in the reports' shape.
 */
import type { TrialBalanceReportPublic } from '@daftar/shared/schemas/reportStatements';
import { trialBalance as ledgerTrialBalance, type TrialBalance } from '../../ledger/balances.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { money } from './books.js';

export const trialBalance = (request: ReportRequest): Promise<TrialBalance> => ledgerTrialBalance(request.organization.id, request.asOf);

export function presentTrialBalance(request: ReportRequest, tb: TrialBalance): TrialBalanceReportPublic {
  const currency = request.organization.currency;
  const text = (minor: number) => money(minor, currency);
  return {
    as_of: tb.asOf,
    currency,
    rows: tb.rows.map((r) => ({
      account_id: r.account.id,
      code: r.account.code,
      name: r.account.name,
      name_ar: r.account.name_ar ?? null,
      type: r.account.type,
      debit: text(r.debit),
      credit: text(r.credit),
    })),
    total_debit: text(tb.totalDebit),
    total_credit: text(tb.totalCredit),
    balanced: tb.totalDebit === tb.totalCredit,
  };
}

export const trialBalanceLabels = (language: ReportLanguage) => {
  const t = (en: string, ar: string) => (language === 'ar' ? ar : en);
  return {
    title: t('Trial Balance', 'ميزان المراجعة'),
    code: t('Code', 'الرمز'),
    account: t('Account', 'الحساب'),
    type: t('Type', 'النوع'),
    debit: t('Debit', 'مدين'),
    credit: t('Credit', 'دائن'),
    total: t('Total', 'المجموع'),
    totalDebit: t('Total debit', 'مجموع المدين'),
    totalCredit: t('Total credit', 'مجموع الدائن'),
    types: {
      asset: t('Asset', 'موجودات'),
      liability: t('Liability', 'مطلوبات'),
      equity: t('Equity', 'حقوق ملكية'),
      income: t('Income', 'إيرادات'),
      expense: t('Expense', 'مصاريف'),
    } as Record<string, string>,
    notBalanced: t('Debits do not equal credits: run the ledger verification.', 'المدين لا يساوي الدائن: شغّل التحقق من دفتر الأستاذ.'),
  };
};
