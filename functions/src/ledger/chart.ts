/**
 * The chart of accounts: the default Jordanian chart created for an organization on first use,
 * reading the chart, and finding the system account of a subtype for posting code.
 */
import { createHash } from 'node:crypto';
import type { AccountSubtype, AccountType } from '@daftar/shared/schemas/accounting';
import { Account, AccountCode, ChartOfAccounts, type AccountRecord } from '../db/account.js';
import { Conflict } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { organizationSettings } from '../organizations/settings.js';
import { cachedForCall, knownForCall } from '../platform/call-cache.js';
import { postTransaction, putItem, type TransactItem } from '../db/transaction.js';
import { ensureDefaultExpenseCategories } from '../expenses/categories.js';

interface DefaultAccount {
  code: string;
  type: AccountType;
  subtype: AccountSubtype;
  name: string;
  name_ar: string;
  /** The account posting code finds by subtype; cannot be deleted, deactivated or retyped. */
  system?: true;
}

/**
 * Raise when DEFAULT_CHART gains accounts: organizations created earlier get the new ones on their
 * next `ensureChartOfAccounts`. Version 2 added the default expense categories
 * (expenses/categories.ts), filed for organizations that had none.
 */
export const CHART_VERSION = 2;

/**
 * Four-digit codes: 1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx cost of sales,
 * 6xxx operating expenses. Arabic names as Jordanian bookkeepers write them. Every subtype the
 * posting modules need (sales, VAT, deposits, gift cards, store credit, POS cash differences…) has
 * exactly one system account.
 */
export const DEFAULT_CHART: readonly DefaultAccount[] = [
  { code: '1110', type: 'asset', subtype: 'cash', name: 'Cash on hand', name_ar: 'النقد في الصندوق', system: true },
  { code: '1120', type: 'asset', subtype: 'bank', name: 'Bank', name_ar: 'النقد لدى البنوك', system: true },
  { code: '1130', type: 'asset', subtype: 'undeposited_funds', name: 'Card and CliQ receipts in transit', name_ar: 'مقبوضات البطاقات وكليك قيد التحصيل', system: true },
  { code: '1140', type: 'asset', subtype: 'cheques_receivable', name: 'Post-dated cheques received', name_ar: 'شيكات برسم التحصيل', system: true },
  { code: '1200', type: 'asset', subtype: 'receivable', name: 'Accounts receivable', name_ar: 'الذمم المدينة', system: true },
  { code: '1300', type: 'asset', subtype: 'vat_input', name: 'Sales tax on purchases (input)', name_ar: 'ضريبة المبيعات على المشتريات', system: true },
  { code: '1400', type: 'asset', subtype: 'inventory', name: 'Inventory', name_ar: 'المخزون', system: true },
  { code: '1500', type: 'asset', subtype: 'prepaid_expenses', name: 'Prepaid expenses', name_ar: 'مصاريف مدفوعة مقدماً' },
  { code: '1600', type: 'asset', subtype: 'other_current_asset', name: 'Employee advances', name_ar: 'سلف الموظفين' },
  { code: '1700', type: 'asset', subtype: 'fixed_asset', name: 'Furniture and equipment', name_ar: 'الأثاث والمعدات' },
  { code: '1710', type: 'asset', subtype: 'fixed_asset', name: 'Vehicles', name_ar: 'المركبات' },
  { code: '1790', type: 'asset', subtype: 'accumulated_depreciation', name: 'Accumulated depreciation', name_ar: 'مجمع الاستهلاك' },

  { code: '2100', type: 'liability', subtype: 'payable', name: 'Accounts payable', name_ar: 'الذمم الدائنة', system: true },
  { code: '2110', type: 'liability', subtype: 'cheques_payable', name: 'Post-dated cheques issued', name_ar: 'شيكات آجلة الدفع', system: true },
  { code: '2200', type: 'liability', subtype: 'vat_output', name: 'Sales tax payable (output)', name_ar: 'ضريبة المبيعات المستحقة', system: true },
  { code: '2210', type: 'liability', subtype: 'special_tax_output', name: 'Special sales tax payable', name_ar: 'الضريبة الخاصة المستحقة', system: true },
  { code: '2300', type: 'liability', subtype: 'customer_deposits', name: 'Customer deposits', name_ar: 'دفعات مقدمة من العملاء', system: true },
  { code: '2400', type: 'liability', subtype: 'gift_card_liability', name: 'Gift card liability', name_ar: 'التزامات بطاقات الهدايا', system: true },
  { code: '2500', type: 'liability', subtype: 'store_credit', name: 'Customer store credit', name_ar: 'أرصدة العملاء الدائنة', system: true },
  { code: '2600', type: 'liability', subtype: 'loyalty_liability', name: 'Loyalty points liability', name_ar: 'التزامات نقاط الولاء', system: true },
  { code: '2700', type: 'liability', subtype: 'accrued_liabilities', name: 'Accrued expenses', name_ar: 'مصاريف مستحقة' },
  { code: '2710', type: 'liability', subtype: 'payroll_liabilities', name: 'Salaries payable', name_ar: 'رواتب مستحقة' },
  { code: '2720', type: 'liability', subtype: 'social_security_payable', name: 'Social security payable', name_ar: 'الضمان الاجتماعي المستحق' },
  { code: '2730', type: 'liability', subtype: 'income_tax_payable', name: 'Income tax payable', name_ar: 'ضريبة الدخل المستحقة' },
  { code: '2800', type: 'liability', subtype: 'loan', name: 'Loans', name_ar: 'القروض' },

  { code: '3100', type: 'equity', subtype: 'owner_capital', name: 'Capital', name_ar: 'رأس المال', system: true },
  { code: '3200', type: 'equity', subtype: 'owner_drawings', name: "Owner's drawings", name_ar: 'المسحوبات الشخصية' },
  { code: '3300', type: 'equity', subtype: 'retained_earnings', name: 'Retained earnings', name_ar: 'الأرباح المحتجزة', system: true },
  { code: '3900', type: 'equity', subtype: 'opening_balance_equity', name: 'Opening balance equity', name_ar: 'حقوق ملكية الأرصدة الافتتاحية', system: true },

  { code: '4100', type: 'income', subtype: 'sales', name: 'Sales', name_ar: 'المبيعات', system: true },
  { code: '4200', type: 'income', subtype: 'service_revenue', name: 'Service revenue', name_ar: 'إيرادات الخدمات', system: true },
  { code: '4300', type: 'income', subtype: 'sales_returns', name: 'Sales returns', name_ar: 'مردودات المبيعات', system: true },
  { code: '4400', type: 'income', subtype: 'sales_discounts', name: 'Sales discounts', name_ar: 'الخصم المسموح به', system: true },
  { code: '4900', type: 'income', subtype: 'other_income', name: 'Other income', name_ar: 'إيرادات أخرى', system: true },

  { code: '5100', type: 'expense', subtype: 'cogs', name: 'Cost of goods sold', name_ar: 'تكلفة البضاعة المباعة', system: true },
  { code: '5200', type: 'expense', subtype: 'inventory_adjustments', name: 'Inventory adjustments', name_ar: 'تسويات المخزون', system: true },
  { code: '6100', type: 'expense', subtype: 'salaries', name: 'Salaries and wages', name_ar: 'الرواتب والأجور' },
  { code: '6110', type: 'expense', subtype: 'social_security_expense', name: 'Social security (employer share)', name_ar: 'مساهمة الضمان الاجتماعي' },
  { code: '6200', type: 'expense', subtype: 'rent', name: 'Rent', name_ar: 'الإيجار' },
  { code: '6300', type: 'expense', subtype: 'utilities', name: 'Electricity and water', name_ar: 'الكهرباء والمياه' },
  { code: '6310', type: 'expense', subtype: 'telecom', name: 'Telephone and internet', name_ar: 'الهاتف والإنترنت' },
  { code: '6400', type: 'expense', subtype: 'office_supplies', name: 'Office supplies', name_ar: 'القرطاسية واللوازم المكتبية' },
  { code: '6500', type: 'expense', subtype: 'marketing', name: 'Advertising and marketing', name_ar: 'الدعاية والإعلان' },
  { code: '6600', type: 'expense', subtype: 'transport', name: 'Transport and fuel', name_ar: 'النقل والمحروقات' },
  { code: '6700', type: 'expense', subtype: 'maintenance', name: 'Repairs and maintenance', name_ar: 'الصيانة والإصلاحات' },
  { code: '6800', type: 'expense', subtype: 'professional_fees', name: 'Professional fees', name_ar: 'الأتعاب المهنية' },
  { code: '6810', type: 'expense', subtype: 'government_fees', name: 'Government fees and licences', name_ar: 'الرسوم الحكومية والرخص' },
  { code: '6820', type: 'expense', subtype: 'insurance', name: 'Insurance', name_ar: 'التأمين' },
  { code: '6900', type: 'expense', subtype: 'bank_charges', name: 'Bank charges', name_ar: 'العمولات والمصاريف البنكية', system: true },
  { code: '6910', type: 'expense', subtype: 'depreciation', name: 'Depreciation', name_ar: 'الاستهلاك' },
  { code: '6920', type: 'expense', subtype: 'cash_over_short', name: 'Cash over and short', name_ar: 'فروقات الصندوق', system: true },
  { code: '6930', type: 'expense', subtype: 'rounding', name: 'Rounding differences', name_ar: 'فروقات التقريب', system: true },
  { code: '6940', type: 'expense', subtype: 'income_tax_expense', name: 'Income tax expense', name_ar: 'مصروف ضريبة الدخل' },
  { code: '6990', type: 'expense', subtype: 'other_expense', name: 'Other expenses', name_ar: 'مصاريف أخرى', system: true },
];

/**
 * The default accounts' ids are derived from (organization, code) in UUID form (RFC 9562 version
 * 8), so two requests creating the chart at once write the same items and the conditional puts
 * make the second a no-op instead of a duplicate chart.
 */
export function defaultAccountId(organizationId: string, code: string): string {
  const hex = createHash('sha256').update(`daftar:chart:${organizationId}:${code}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Every account of the organization (consistent read), unordered. */
export async function loadChart(organizationId: string): Promise<AccountRecord[]> {
  const { data } = await Account.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  return data;
}

const chartKey = (organizationId: string) => `chart:${organizationId}`;

/**
 * The chart as the postings of this call see it: read once per request (a posting looks up its
 * system accounts by subtype, then validates every account it names — the same accounts), so a
 * confirmation reads the chart in one Query and its accounts are checked from it
 * (`chartReadInThisCall`). Accounts created later in the request are not in it; the validation
 * reads those by key.
 */
export const postingChart = (organizationId: string) => cachedForCall(chartKey(organizationId), () => loadChart(organizationId));

/** The chart if this call already read it for posting (see `postingChart`). */
export const chartReadInThisCall = (organizationId: string) => knownForCall<AccountRecord[]>(chartKey(organizationId));

/**
 * Cash and cash equivalents: cash on hand, bank, and undeposited funds (card and CliQ receipts in
 * transit). Post-dated cheques received are not cash until collected. The accounting dashboard's
 * cash position and the reports' cash (statements, dashboard metrics) count these subtypes.
 */
export const CASH_SUBTYPES: readonly string[] = ['cash', 'bank', 'undeposited_funds'];

export const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function isCancellation(err: unknown) {
  const name = (err as { name?: string })?.name;
  return name === 'TransactionCanceledException' || name === 'TransactionConflictException' || err instanceof Conflict;
}

/**
 * Organizations whose chart this container has seen complete. A complete chart never becomes
 * incomplete (the marker is only written after every default account exists), so a warm Lambda
 * skips the marker read.
 */
const chartsKnownComplete = new Set<string>();

/**
 * Creates the organization's default chart of accounts unless it exists (idempotent and safe to
 * run concurrently), with the default expense categories on it when the organization has none.
 * Call it before reading or posting; once done it costs one consistent GetItem.
 * Exported for organization creation, which may call it eagerly.
 */
export async function ensureChartOfAccounts(organizationId: string): Promise<void> {
  if (chartsKnownComplete.has(organizationId)) return;
  const marker = await ChartOfAccounts.get({ organization_id: organizationId }).go({ consistent: true });
  if (marker.data && marker.data.chart_version >= CHART_VERSION) {
    chartsKnownComplete.add(organizationId);
    return;
  }

  const [{ currency }, existing] = await Promise.all([organizationSettings(organizationId), loadChart(organizationId)]);
  const existingIds = new Set(existing.map((a) => a.id));
  const existingCodes = new Set(existing.map((a) => a.code));
  const now = new Date().toISOString();

  const pairs: TransactItem[][] = [];
  for (const account of DEFAULT_CHART) {
    const id = defaultAccountId(organizationId, account.code);
    if (existingIds.has(id)) continue;
    if (existingCodes.has(account.code)) {
      // The organization already uses this code for an account of its own; keep theirs.
      logger.warn('default account code taken', { organizationId, code: account.code });
      continue;
    }
    pairs.push([
      putItem(
        Account.create({
          organization_id: organizationId,
          id,
          code: account.code,
          name: account.name,
          name_ar: account.name_ar,
          type: account.type,
          subtype: account.subtype,
          is_active: true,
          is_system: account.system ?? false,
          currency,
          version: 1,
          created_at: now,
          updated_at: now,
        }).params(),
      ),
      putItem(AccountCode.create({ organization_id: organizationId, code: account.code, account_id: id }).params()),
    ]);
  }

  // Fifty accounts (with their code guards) per transaction; if another request is creating the
  // same chart at the same moment, fall back to one account at a time and skip what exists.
  const perTransaction = 50;
  for (let i = 0; i < pairs.length; i += perTransaction) {
    const chunk = pairs.slice(i, i + perTransaction);
    try {
      await postTransaction(chunk.flat());
    } catch (err) {
      if (!isCancellation(err)) throw err;
      for (const pair of chunk) {
        try {
          await postTransaction(pair);
        } catch (pairErr) {
          if (!isCancellation(pairErr)) throw pairErr;
        }
      }
    }
  }
  // The first expense of a new organization finds categories to file it under, each on its account.
  await ensureDefaultExpenseCategories(organizationId, pairs.length ? await loadChart(organizationId) : existing);
  await ChartOfAccounts.put({ organization_id: organizationId, chart_version: CHART_VERSION, created_at: now }).go();
  chartsKnownComplete.add(organizationId);
}

/**
 * The accounts posting code uses for the given subtypes: the system account of each subtype (or,
 * failing that, its active account with the lowest code). One chart read for all of them.
 * Throws 409 when the chart has no active account of a subtype.
 */
export async function systemAccounts<S extends AccountSubtype>(organizationId: string, subtypes: readonly S[]): Promise<Record<S, AccountRecord>> {
  await ensureChartOfAccounts(organizationId);
  const chart = (await postingChart(organizationId)).filter((a) => a.is_active).sort(byCode);
  const out = {} as Record<S, AccountRecord>;
  for (const subtype of subtypes) {
    const account = chart.find((a) => a.subtype === subtype && a.is_system) ?? chart.find((a) => a.subtype === subtype);
    if (!account) throw new Conflict(`The chart of accounts has no active ${subtype} account`);
    out[subtype] = account;
  }
  return out;
}

/** The account posting code uses for one subtype, e.g. `systemAccount(orgId, 'receivable')`. */
export async function systemAccount(organizationId: string, subtype: AccountSubtype): Promise<AccountRecord> {
  return (await systemAccounts(organizationId, [subtype]))[subtype];
}
