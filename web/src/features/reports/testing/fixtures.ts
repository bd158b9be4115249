import type { Role } from '@daftar/shared';
import { todayInZone } from '@daftar/shared/reportPeriods';
import type { PayablesAnalysisPublic, ReceivablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import type { ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import type { WorkingCapitalReportPublic } from '@daftar/shared/schemas/reportStatements';
import { vi } from 'vitest';
import { signedInSession } from '../../../testing/session';
import type { CashFlowCategories } from '../api/get-cash-flow-categories';
import type { CashFlowStatement } from '../api/get-cash-flow-statement';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;
export const ORGANIZATION_NAME = 'Amman Traders';
export const TODAY = todayInZone('Asia/Amman');

export function session(role: Role = 'viewer') {
  return {
    ...signedInSession({
      organizationId: ORG,
      role,
      user: { email: 'rana@example.jo', full_name: 'Rana Haddad' },
      organization: { name: ORGANIZATION_NAME, base_currency: 'JOD', timezone: 'Asia/Amman', fiscal_year_start_month: 1 },
    }),
    // The screen reads the POS transactions it does not show (SPEC §2).
    [`GET ${API}/pos/transactions`]: () => ({ json: { data: [posTransaction('S1-000001', '11.600'), posTransaction('S1-000002', '5.220')], count: 2 } }),
  };
}

/** A till receipt as the list answers it (only status and total_amount matter to this screen). */
export const posTransaction = (number: string, total_amount: string) => ({ id: `tx-${number}`, kind: 'sale', status: 'completed', number, total_amount });

export function profitLossTable(overrides: Partial<ReportTablePublic> = {}): ReportTablePublic {
  return {
    report_id: 'profit-loss',
    title: 'Profit & Loss Statement',
    organization_name: ORGANIZATION_NAME,
    currency: 'JOD',
    language: 'en',
    period_label: '1–30 Nov 2026',
    from: '2026-11-01',
    to: '2026-11-30',
    generated_at: '2026-11-21T10:00:00Z',
    highlights: [
      { label: 'Net income', value: '1234.500', kind: 'money' },
      { label: 'Gross margin', value: '42.5', kind: 'percent' },
    ],
    sections: [
      {
        title: 'Income',
        columns: [
          { key: 'account', label: 'Account', kind: 'text' },
          { key: 'amount', label: 'Amount', kind: 'money' },
        ],
        rows: [
          { cells: { account: 'Sales', amount: '2000.000' }, style: 'normal', indent: 1 },
          { cells: { account: 'Total income', amount: '2000.000' }, style: 'total', indent: 0 },
        ],
      },
      {
        title: 'Cost of sales',
        columns: [
          { key: 'account', label: 'Account', kind: 'text' },
          { key: 'amount', label: 'Amount', kind: 'money' },
        ],
        rows: [],
        empty_text: 'No cost of sales in this period',
      },
    ],
    notes: ['Figures in Jordanian dinars.'],
    ...overrides,
  };
}

export function statement(overrides: Partial<CashFlowStatement> = {}): CashFlowStatement {
  return {
    period: { period: 'current_month', from: '2026-11-01', to: '2026-11-30' },
    currency: 'JOD',
    beginning_cash_balance: '1000.000',
    net_operating_cash_flow: '250.500',
    net_investing_cash_flow: '-400.000',
    net_financing_cash_flow: '0.000',
    net_change_in_cash: '-149.500',
    ending_cash_balance: '850.500',
    operating_activities: [
      { label: 'Cash received from customers', current_amount: '600.500' },
      { label: 'Cash paid to suppliers', current_amount: '-350.000' },
    ],
    investing_activities: [{ label: 'Purchase of equipment', current_amount: '-400.000' }],
    financing_activities: [{ label: 'Owner contributions', current_amount: '0.000' }],
    ...overrides,
  };
}

export const emptyStatement = (): CashFlowStatement =>
  statement({
    beginning_cash_balance: '0.000',
    net_operating_cash_flow: '0.000',
    net_investing_cash_flow: '0.000',
    net_financing_cash_flow: '0.000',
    net_change_in_cash: '0.000',
    ending_cash_balance: '0.000',
    operating_activities: [],
    investing_activities: [],
    financing_activities: [],
  });

export function categories(overrides: Partial<CashFlowCategories> = {}): CashFlowCategories {
  const names = ['Consulting', 'Retail sales', 'Wholesale', 'Rent income', 'Interest'];
  return {
    period: { period: 'current_month', from: '2026-11-01', to: '2026-11-30' },
    currency: 'JOD',
    category_type: 'all',
    total_income: '5000.000',
    total_expenses: '6200.000',
    net_cash_flow: '-1200.000',
    income_categories: names.map((category, i) => ({ category, account_id: `income-${i}`, code: `41${i}`, amount: `${1000 - i * 100}.000`, transaction_count: i + 1 })),
    expense_categories: ['Salaries', 'Rent', 'Utilities', 'Fuel', 'Stationery', 'Insurance'].map((category, i) => ({
      category,
      account_id: `expense-${i}`,
      code: `51${i}`,
      amount: `${2000 - i * 300}.000`,
      transaction_count: i + 2,
    })),
    ...overrides,
  };
}

export const receivables = (overrides: Partial<ReceivablesAnalysisPublic> = {}): ReceivablesAnalysisPublic => ({
  as_of: '2026-11-21',
  currency: 'JOD',
  total_outstanding: '0.000',
  overdue_amount: '0.000',
  invoice_count: 0,
  aging: { current: '0.000', days_1_30: '0.000', days_31_60: '0.000', days_61_90: '0.000', over_90: '0.000' },
  average_days_outstanding: 0,
  collection_risk_level: 'Low',
  top_customers: [],
  ...overrides,
});

export const payables = (overrides: Partial<PayablesAnalysisPublic> = {}): PayablesAnalysisPublic => {
  const { invoice_count: _count, collection_risk_level: _risk, top_customers: _top, ...common } = receivables();
  return { ...common, bill_count: 0, payment_risk_level: 'Low', top_suppliers: [], ...overrides };
};

export const workingCapital = (overrides: Partial<WorkingCapitalReportPublic> = {}): WorkingCapitalReportPublic => ({
  as_of: '2026-11-21',
  currency: 'JOD',
  current_assets: '0.000',
  current_liabilities: '0.000',
  working_capital: '0.000',
  current_ratio: null,
  quick_ratio: null,
  cash: '0.000',
  receivables: '0.000',
  inventory: '0.000',
  payables: '0.000',
  assets: [],
  liabilities: [],
  ...overrides,
});

/** The answers of the Cash Flow Reports tab's five calls. */
export function cashFlowRoutes(
  answers: { statement?: CashFlowStatement; categories?: CashFlowCategories; receivables?: ReceivablesAnalysisPublic; payables?: PayablesAnalysisPublic; workingCapital?: WorkingCapitalReportPublic } = {},
) {
  return {
    [`GET ${API}/reports/cash-flow-statement`]: () => ({ json: answers.statement ?? statement() }),
    [`GET ${API}/reports/cash-flow/categories`]: () => ({ json: answers.categories ?? categories() }),
    [`GET ${API}/reports/receivables-analysis`]: () => ({ json: answers.receivables ?? receivables() }),
    [`GET ${API}/reports/payables-analysis`]: () => ({ json: answers.payables ?? payables() }),
    [`GET ${API}/reports/working-capital`]: () => ({ json: answers.workingCapital ?? workingCapital() }),
  };
}

/**
 * jsdom has no object URLs and does not download: the saved files' names are recorded instead,
 * from the link saveDownload clicks.
 */
export function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

/** Customers owing 1,500.000, 400.000 of it more than 30 days late. */
export const owedByCustomers = () =>
  receivables({
    total_outstanding: '1500.000',
    overdue_amount: '600.000',
    invoice_count: 4,
    aging: { current: '900.000', days_1_30: '200.000', days_31_60: '400.000', days_61_90: '0.000', over_90: '0.000' },
    average_days_outstanding: 27.6,
    collection_risk_level: 'Medium',
    top_customers: [
      { customer_id: 'c-1', customer_name: 'Haddad Trading', customer_name_ar: 'تجارة حداد', outstanding_amount: '1000.000' },
      { customer_id: 'c-2', customer_name: 'Omar Khalil', customer_name_ar: null, outstanding_amount: '500.000' },
    ],
  });

export const owedToSuppliers = () =>
  payables({
    total_outstanding: '800.000',
    overdue_amount: '0.000',
    bill_count: 2,
    aging: { current: '800.000', days_1_30: '0.000', days_31_60: '0.000', days_61_90: '0.000', over_90: '0.000' },
    average_days_outstanding: 10,
    payment_risk_level: 'Low',
    top_suppliers: [{ supplier_id: 's-1', supplier_name: 'Zain Wholesale', supplier_name_ar: 'زين للجملة', outstanding_amount: '800.000' }],
  });

export const capital = () =>
  workingCapital({
    current_assets: '2600.000',
    current_liabilities: '1000.000',
    working_capital: '1600.000',
    current_ratio: '2.60',
    quick_ratio: '1.90',
    cash: '1000.000',
    receivables: '1500.000',
    inventory: '100.000',
    payables: '800.000',
    assets: [
      { account_id: 'a-1110', code: '1110', name: 'Cash on hand', name_ar: 'الصندوق', amount: '1000.000' },
      { account_id: 'a-1200', code: '1200', name: 'Accounts receivable', name_ar: 'الذمم المدينة', amount: '1500.000' },
      { account_id: 'a-1300', code: '1300', name: 'Inventory', name_ar: 'المخزون', amount: '100.000' },
    ],
    liabilities: [
      { account_id: 'a-2100', code: '2100', name: 'Accounts payable', name_ar: 'الذمم الدائنة', amount: '800.000' },
      { account_id: 'a-2200', code: '2200', name: 'Sales tax payable', name_ar: 'ضريبة المبيعات المستحقة', amount: '200.000' },
    ],
  });
