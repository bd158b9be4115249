/**
 * The statements as report tables (catalogue preview and exports): valid tables of the shared
 * model, the same figures as the JSON routes, labels and account names in the request's language.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { reportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { call } from '../../../test/client.js';
import { organizationWithRoles } from '../../../test/fixtures.js';
import { defaultAccountId, ensureChartOfAccounts } from '../../ledger/chart.js';
import { buildPosting, postTransaction } from '../../ledger/posting.js';
import type { ReportLanguage } from '../definition.js';
import { reportRequest, type ReportInput } from '../request.js';
import { statementReports } from './tables.js';

type Table = z.output<typeof reportTablePublic>;

async function setup() {
  const { org, users } = await organizationWithRoles();
  await ensureChartOfAccounts(org.id);
  const account = (code: string) => defaultAccountId(org.id, code);
  const post = async (date: string, lines: { account_id: string; debit?: number; credit?: number }[]) => {
    const posting = await buildPosting({ organizationId: org.id, date, source: { type: 'manual' }, lines });
    await postTransaction(posting.transactItems);
  };
  // February: capital, stock, a cash sale; March: a sale with a return, cost of goods, rent, a loan and equipment.
  await post('2025-02-01', [{ account_id: account('1120'), debit: 5_000_000 }, { account_id: account('3100'), credit: 5_000_000 }]);
  await post('2025-02-10', [{ account_id: account('1400'), debit: 2_000_000 }, { account_id: account('1120'), credit: 2_000_000 }]);
  await post('2025-02-15', [{ account_id: account('1110'), debit: 300_000 }, { account_id: account('4100'), credit: 300_000 }]);
  await post('2025-03-05', [{ account_id: account('1200'), debit: 2_320_000 }, { account_id: account('4100'), credit: 2_000_000 }, { account_id: account('2200'), credit: 320_000 }]);
  await post('2025-03-06', [{ account_id: account('5100'), debit: 1_200_000 }, { account_id: account('1400'), credit: 1_200_000 }]);
  await post('2025-03-07', [{ account_id: account('4300'), debit: 100_000 }, { account_id: account('1200'), credit: 100_000 }]);
  await post('2025-03-09', [{ account_id: account('6200'), debit: 400_000 }, { account_id: account('1120'), credit: 400_000 }]);
  await post('2025-03-20', [{ account_id: account('1120'), debit: 3_000_000 }, { account_id: account('2800'), credit: 3_000_000 }]);
  await post('2025-03-22', [{ account_id: account('1700'), debit: 1_500_000 }, { account_id: account('1120'), credit: 1_500_000 }]);
  const march = { period: 'custom' as const, custom_start: '2025-03-01', custom_end: '2025-03-31' };
  const build = async (id: string, language: ReportLanguage, extra: Record<string, string> = {}, query: ReportInput = march): Promise<Table> => {
    const request = await reportRequest(org.id, { ...query, lang: language }, undefined, { query: extra });
    const definition = statementReports.find((d) => d.id === id)!;
    return reportTablePublic.parse(await definition.build(request));
  };
  return { org, users, account, build, march };
}

/** The rows of a section as [first text cell, amount] pairs. */
const rowsOf = (table: Table, section = 0, label = 'account') => table.sections[section]!.rows.map((r) => [r.cells[label], r.cells.amount ?? null, r.style]);

describe('statement report tables', () => {
  it('lay out every statement as a valid table in English and Arabic, with the ids the catalogue expects', async () => {
    // prepare
    const { build } = await setup();
    // act
    const tables = await Promise.all(
      statementReports.flatMap((definition) => (['en', 'ar'] as const).map((language) => build(definition.id, language, {}, { period: 'custom', custom_start: '2025-03-01', custom_end: '2025-03-31', as_of_date: '2025-03-31' }))),
    );
    // assess
    expect(statementReports.map((d) => d.id)).toEqual(['profit-loss', 'balance-sheet', 'cash-flow', 'trial-balance', 'working-capital', 'cash-flow-categories']);
    expect(tables.map((t) => [t.report_id, t.language, t.title])).toEqual([
      ['profit-loss', 'en', 'Profit & Loss Statement'],
      ['profit-loss', 'ar', 'قائمة الدخل'],
      ['balance-sheet', 'en', 'Balance Sheet'],
      ['balance-sheet', 'ar', 'الميزانية العمومية'],
      ['cash-flow', 'en', 'Cash Flow Statement'],
      ['cash-flow', 'ar', 'قائمة التدفقات النقدية'],
      ['trial-balance', 'en', 'Trial Balance'],
      ['trial-balance', 'ar', 'ميزان المراجعة'],
      ['working-capital', 'en', 'Working Capital'],
      ['working-capital', 'ar', 'رأس المال العامل'],
      ['cash-flow-categories', 'en', 'Cash Flow by Category'],
      ['cash-flow-categories', 'ar', 'التدفقات النقدية حسب الفئة'],
    ]);
    for (const table of tables) {
      for (const section of table.sections) {
        for (const row of section.rows) {
          for (const column of section.columns) {
            const value = row.cells[column.key];
            if (column.kind === 'money' && value !== undefined && value !== null) expect(value, `${table.report_id} ${column.key}`).toMatch(/^-?\d+\.\d{3}$/);
          }
        }
      }
    }
  });

  it('shows the profit and loss with contra-income, subtotals and net income, and the period before on request', async () => {
    // prepare
    const { build } = await setup();
    // act
    const english = await build('profit-loss', 'en');
    const arabic = await build('profit-loss', 'ar');
    const compared = await build('profit-loss', 'en', { include_comparison: 'true' });
    // assess
    expect(english.period_label).toBe('1 Mar 2025 – 31 Mar 2025');
    expect(english.highlights).toEqual([
      { label: 'Total income', value: '1900.000', kind: 'money' },
      { label: 'Gross profit', value: '700.000', kind: 'money' },
      { label: 'Net income', value: '300.000', kind: 'money' },
    ]);
    expect(rowsOf(english)).toEqual([
      ['Income', null, 'heading'],
      ['Sales', '2000.000', 'normal'],
      ['Sales returns', '-100.000', 'normal'],
      ['Total income', '1900.000', 'subtotal'],
      ['Cost of sales', null, 'heading'],
      ['Cost of goods sold', '1200.000', 'normal'],
      ['Total cost of sales', '1200.000', 'subtotal'],
      ['Gross profit', '700.000', 'subtotal'],
      ['Operating expenses', null, 'heading'],
      ['Rent', '400.000', 'normal'],
      ['Total operating expenses', '400.000', 'subtotal'],
      ['Net income', '300.000', 'total'],
    ]);
    expect(arabic.period_label).toBe('1 آذار 2025 – 31 آذار 2025');
    expect(rowsOf(arabic).slice(0, 4)).toEqual([
      ['الإيرادات', null, 'heading'],
      ['المبيعات', '2000.000', 'normal'],
      ['مردودات المبيعات', '-100.000', 'normal'],
      ['مجموع الإيرادات', '1900.000', 'subtotal'],
    ]);
    expect(compared.sections[0]!.columns.map((c) => [c.key, c.label])).toEqual([
      ['code', 'Code'],
      ['account', 'Account'],
      ['amount', '1 Mar 2025 – 31 Mar 2025'],
      ['previous', '29 Jan 2025 – 28 Feb 2025'],
    ]);
    expect(compared.sections[0]!.rows.map((r) => [r.cells.account, r.cells.amount ?? null, r.cells.previous ?? null]).filter(([, a]) => a !== null)).toEqual([
      ['Sales', '2000.000', '300.000'],
      ['Sales returns', '-100.000', '0.000'],
      ['Total income', '1900.000', '300.000'],
      ['Cost of goods sold', '1200.000', '0.000'],
      ['Total cost of sales', '1200.000', '0.000'],
      ['Gross profit', '700.000', '300.000'],
      ['Rent', '400.000', '0.000'],
      ['Total operating expenses', '400.000', '0.000'],
      ['Net income', '300.000', '300.000'],
    ]);
  });

  it('shows the balance sheet with current period earnings in equity, and the cash flow with its sections', async () => {
    // prepare
    const { build } = await setup();
    // act
    const sheet = await build('balance-sheet', 'ar', {}, { as_of_date: '2025-03-31' });
    const cashFlow = await build('cash-flow', 'en');
    const categories = await build('cash-flow-categories', 'en', { category_type: 'income' });
    // assess
    expect(sheet.period_label).toBe('كما في 31 آذار 2025');
    expect(sheet.highlights.map((h) => [h.label, h.value])).toEqual([['مجموع الموجودات', '8920.000'], ['مجموع المطلوبات', '3320.000'], ['مجموع حقوق الملكية', '5600.000']]);
    expect(rowsOf(sheet, 1).slice(-5)).toEqual([
      ['حقوق الملكية', null, 'heading'],
      ['رأس المال', '5000.000', 'normal'],
      ['أرباح الفترة الحالية', '600.000', 'normal'],
      ['مجموع حقوق الملكية', '5600.000', 'subtotal'],
      ['مجموع المطلوبات وحقوق الملكية', '8920.000', 'total'],
    ]);
    expect(sheet.notes).toEqual([]);
    expect(cashFlow.highlights.map((h) => [h.label, h.value])).toEqual([['Beginning cash', '3300.000'], ['Net change in cash', '1100.000'], ['Ending cash', '4400.000']]);
    expect(cashFlow.sections.map((s) => [s.title, s.rows.map((r) => [r.cells.item, r.cells.amount])])).toEqual([
      [
        'Operating activities',
        [
          ['Net income', '300.000'],
          ['Change in accounts receivable', '-2220.000'],
          ['Change in inventory', '1200.000'],
          ['Change in sales tax balances', '320.000'],
          ['Net cash from operating activities', '-400.000'],
        ],
      ],
      ['Investing activities', [['Purchase and disposal of fixed assets', '-1500.000'], ['Net cash from investing activities', '-1500.000']]],
      ['Financing activities', [['Loans received (repaid)', '3000.000'], ['Net cash from financing activities', '3000.000']]],
      ['Cash', [['Beginning cash', '3300.000'], ['Net change in cash', '1100.000'], ['Ending cash', '4400.000']]],
    ]);
    expect(categories.sections.map((s) => s.title)).toEqual(['Income categories']);
    expect(categories.sections[0]!.rows.map((r) => [r.cells.category, r.cells.transactions, r.cells.amount])).toEqual([
      ['Sales', 1, '2000.000'],
      ['Sales returns', 1, '-100.000'],
      ['Total income', 2, '1900.000'],
    ]);
  });

  it('preview through the catalogue route with the statements\' figures', async () => {
    // prepare
    const { org, users } = await setup();
    // act
    const res = await call('GET', `/api/v1/organizations/${org.id}/reports/catalogue/trial-balance`, {
      token: users.viewer.token,
      query: { as_of_date: '2025-03-31' },
      headers: { 'accept-language': 'ar' },
    });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ report_id: 'trial-balance', title: 'ميزان المراجعة', language: 'ar', to: '2025-03-31' });
    expect(res.body.highlights.map((h: { value: string }) => h.value)).toEqual(['10620.000', '10620.000']);
  });
});
