/**
 * The statements' routes: who may read them, how bad queries are refused (422 with the field and
 * a clear message), the language of labels, and the shapes the screens read.
 */
import { describe, expect, it } from 'vitest';
import { todayInZone } from '@daftar/shared/reportPeriods';
import { call } from '../../../test/client.js';
import { createUser, organizationWithRoles } from '../../../test/fixtures.js';
import { defaultAccountId, ensureChartOfAccounts } from '../../ledger/chart.js';
import { buildPosting, postTransaction } from '../../ledger/posting.js';
import { Organization } from '../../db/organization.js';

const ROUTES = ['profit-loss', 'balance-sheet', 'trial-balance', 'working-capital', 'cash-flow-statement', 'cash-flow/categories'] as const;

async function setup() {
  const { org, users } = await organizationWithRoles();
  await ensureChartOfAccounts(org.id);
  const account = (code: string) => defaultAccountId(org.id, code);
  const post = async (date: string, lines: { account_id: string; debit?: number; credit?: number }[]) => {
    const posting = await buildPosting({ organizationId: org.id, date, source: { type: 'manual' }, lines });
    await postTransaction(posting.transactItems);
  };
  const get = (path: string, query: Record<string, string> = {}, token = users.viewer.token, headers?: Record<string, string>) =>
    call('GET', `/api/v1/organizations/${org.id}/reports/${path}`, { token, query, headers });
  return { org, users, account, post, get };
}

describe('statement routes', () => {
  it('answer viewers, refuse non-members with 404 and callers without a token with 401', async () => {
    // prepare
    const { users, get } = await setup();
    const stranger = await createUser();
    // act
    const byViewer = await Promise.all(ROUTES.map((r) => get(r)));
    const byStranger = await Promise.all(ROUTES.map((r) => get(r, {}, stranger.token)));
    const anonymous = await get('profit-loss', {}, '');
    // assess
    expect(byViewer.map((r) => r.status)).toEqual(ROUTES.map(() => 200));
    expect(byStranger.map((r) => r.status)).toEqual(ROUTES.map(() => 404));
    expect(anonymous.status).toBe(401);
    expect(users.viewer.token).toBeTruthy();
  });

  it('refuse a custom period without dates, with the start after the end, or with impossible dates, naming the field', async () => {
    // prepare
    const { get } = await setup();
    // act
    const missing = await get('profit-loss', { period: 'custom' });
    const missingEnd = await get('cash-flow-statement', { period: 'custom', custom_start: '2025-03-01' });
    const backwards = await get('cash-flow/categories', { period: 'custom', custom_start: '2025-03-31', custom_end: '2025-03-01' });
    const impossible = await get('profit-loss', { period: 'custom', custom_start: '2025-02-30', custom_end: '2025-03-31' });
    const noSuchMonth = await get('cash-flow-statement', { period: 'custom', custom_start: '2025-01-01', custom_end: '2025-13-01' });
    const badAsOf = await get('balance-sheet', { as_of_date: '2025-13-01' });
    const unknownPeriod = await get('profit-loss', { period: 'fortnight' });
    const badCategoryType = await get('cash-flow/categories', { category_type: 'transfers' });
    const badComparison = await get('profit-loss', { include_comparison: 'maybe' });
    // assess
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([{ loc: ['query', 'custom_start'], msg: 'A custom period needs custom_start and custom_end (YYYY-MM-DD)', type: 'value_error' }]);
    expect(missingEnd.status).toBe(422);
    expect(missingEnd.body.detail[0].loc).toEqual(['query', 'custom_end']);
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail).toEqual([{ loc: ['query', 'custom_start'], msg: 'custom_start must be on or before custom_end', type: 'value_error' }]);
    expect(impossible.status).toBe(422);
    expect(impossible.body.detail[0]).toMatchObject({ loc: ['query', 'custom_start'], msg: 'Not a valid calendar date' });
    expect(noSuchMonth.status).toBe(422);
    expect(noSuchMonth.body.detail[0].loc).toEqual(['query', 'custom_end']);
    expect(badAsOf.status).toBe(422);
    expect(badAsOf.body.detail[0]).toMatchObject({ loc: ['query', 'as_of_date'] });
    expect(unknownPeriod.status).toBe(422);
    expect(unknownPeriod.body.detail[0].loc).toEqual(['query', 'period']);
    expect(badCategoryType.status).toBe(422);
    expect(badCategoryType.body.detail[0].loc).toEqual(['query', 'category_type']);
    expect(badComparison.status).toBe(422);
  });

  it('resolve the default period in the organization\'s zone and take the balance date from it', async () => {
    // prepare
    const { org, get } = await setup();
    await Organization.patch({ id: org.id }).set({ timezone: 'Pacific/Kiritimati' }).go();
    const today = todayInZone('Pacific/Kiritimati');
    // act
    const profitLoss = await get('profit-loss');
    const sheet = await get('balance-sheet');
    const lastYear = await get('trial-balance', { period: 'last_year' });
    // assess
    expect(profitLoss.body.period).toEqual({ period: 'current_month', from: `${today.slice(0, 7)}-01`, to: expect.stringMatching(new RegExp(`^${today.slice(0, 7)}-\\d\\d$`)) });
    expect(sheet.body.as_of).toBe(today);
    expect(lastYear.body.as_of).toBe(`${Number(today.slice(0, 4)) - 1}-12-31`);
  });

  it('shape every statement as the screens read it, with cash flow labels in the caller\'s language', async () => {
    // prepare: capital into the bank, a cash sale, rent paid, all in March 2025
    const { account, post, get } = await setup();
    await post('2025-03-01', [{ account_id: account('1120'), debit: 10_000_000 }, { account_id: account('3100'), credit: 10_000_000 }]);
    await post('2025-03-10', [{ account_id: account('1110'), debit: 1_160_000 }, { account_id: account('4100'), credit: 1_000_000 }, { account_id: account('2200'), credit: 160_000 }]);
    await post('2025-03-15', [{ account_id: account('6200'), debit: 400_000 }, { account_id: account('1120'), credit: 400_000 }]);
    const march = { period: 'custom', custom_start: '2025-03-01', custom_end: '2025-03-31' };
    // act
    const profitLoss = await get('profit-loss', march);
    const sheet = await get('balance-sheet', { as_of_date: '2025-03-31' });
    const trial = await get('trial-balance', { as_of_date: '2025-03-31' });
    const capital = await get('working-capital', { as_of_date: '2025-03-31' });
    const english = await get('cash-flow-statement', march, undefined, { 'accept-language': 'en-GB,en;q=0.9' });
    const arabic = await get('cash-flow-statement', march, undefined, { 'accept-language': 'ar-JO,ar;q=0.9,en;q=0.5' });
    const arabicByQuery = await get('cash-flow-statement', { ...march, lang: 'ar' });
    const categories = await get('cash-flow/categories', { ...march, category_type: 'expenses', lang: 'ar' });
    // assess
    expect(profitLoss.body).toEqual({
      period: { period: 'custom', from: '2025-03-01', to: '2025-03-31' },
      currency: 'JOD',
      income: { lines: [{ account_id: account('4100'), code: '4100', name: 'Sales', name_ar: 'المبيعات', amount: '1000.000' }], total: '1000.000' },
      cost_of_sales: { lines: [], total: '0.000' },
      gross_profit: '1000.000',
      expenses: { lines: [{ account_id: account('6200'), code: '6200', name: 'Rent', name_ar: 'الإيجار', amount: '400.000' }], total: '400.000' },
      total_income: '1000.000',
      total_expenses: '400.000',
      net_income: '600.000',
      comparison: null,
    });
    expect(sheet.body).toMatchObject({
      as_of: '2025-03-31',
      assets: { current: { total: '10760.000' }, non_current: { lines: [], total: '0.000' }, total: '10760.000' },
      liabilities: { current: { lines: [{ code: '2200', amount: '160.000' }], total: '160.000' }, total: '160.000' },
      equity: {
        lines: [
          { code: '3100', amount: '10000.000' },
          { account_id: null, code: null, name: 'Current period earnings', name_ar: 'أرباح الفترة الحالية', amount: '600.000' },
        ],
        total: '10600.000',
      },
      total_liabilities_and_equity: '10760.000',
      balanced: true,
    });
    expect(trial.body).toMatchObject({ as_of: '2025-03-31', total_debit: '11160.000', total_credit: '11160.000', balanced: true });
    expect(trial.body.rows.map((r: { code: string; type: string; debit: string; credit: string }) => [r.code, r.type, r.debit, r.credit])).toEqual([
      ['1110', 'asset', '1160.000', '0.000'],
      ['1120', 'asset', '9600.000', '0.000'],
      ['2200', 'liability', '0.000', '160.000'],
      ['3100', 'equity', '0.000', '10000.000'],
      ['4100', 'income', '0.000', '1000.000'],
      ['6200', 'expense', '400.000', '0.000'],
    ]);
    expect(capital.body).toMatchObject({ current_assets: '10760.000', current_liabilities: '160.000', working_capital: '10600.000', current_ratio: '67.25', quick_ratio: '67.25', cash: '10760.000', receivables: '0.000', inventory: '0.000', payables: '0.000' });
    expect(english.body).toEqual({
      period: { period: 'custom', from: '2025-03-01', to: '2025-03-31' },
      currency: 'JOD',
      beginning_cash_balance: '0.000',
      net_operating_cash_flow: '760.000',
      net_investing_cash_flow: '0.000',
      net_financing_cash_flow: '10000.000',
      net_change_in_cash: '10760.000',
      ending_cash_balance: '10760.000',
      operating_activities: [
        { label: 'Net income', current_amount: '600.000' },
        { label: 'Change in sales tax balances', current_amount: '160.000' },
      ],
      investing_activities: [],
      financing_activities: [{ label: 'Capital contributed (withdrawn)', current_amount: '10000.000' }],
    });
    expect(arabic.body.operating_activities).toEqual([
      { label: 'صافي الربح', current_amount: '600.000' },
      { label: 'التغير في أرصدة ضريبة المبيعات', current_amount: '160.000' },
    ]);
    expect(arabicByQuery.body).toEqual(arabic.body);
    expect(categories.body).toEqual({
      period: { period: 'custom', from: '2025-03-01', to: '2025-03-31' },
      currency: 'JOD',
      category_type: 'expenses',
      total_income: '1000.000',
      total_expenses: '400.000',
      net_cash_flow: '600.000',
      income_categories: [],
      expense_categories: [{ category: 'الإيجار', account_id: account('6200'), code: '6200', amount: '400.000', transaction_count: 1 }],
    });
  });

  it('compare the profit and loss with the period before when asked', async () => {
    // prepare
    const { account, post, get } = await setup();
    await post('2025-02-10', [{ account_id: account('1110'), debit: 800_000 }, { account_id: account('4200'), credit: 800_000 }]);
    await post('2025-03-10', [{ account_id: account('1110'), debit: 1_000_000 }, { account_id: account('4200'), credit: 1_000_000 }]);
    // act
    const res = await get('profit-loss', { period: 'custom', custom_start: '2025-03-01', custom_end: '2025-03-31', include_comparison: 'true' });
    // assess
    expect(res.body.comparison).toEqual({
      from: '2025-01-29',
      to: '2025-02-28',
      total_income: '800.000',
      total_expenses: '0.000',
      net_income: '800.000',
      change: { net_income: '200.000', net_income_percent: '25.0' },
    });
  });
});
