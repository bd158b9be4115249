import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createUser, organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Bill } from '../db/bill.js';
import { Organization } from '../db/organization.js';
import { Tax } from '../db/tax.js';
import { trialBalance } from '../ledger/balances.js';
import { loadChart } from '../ledger/chart.js';
import { todayIn } from '../ledger/dates.js';
import { ledgerAccounts } from '../ledger/test-helpers.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { fiscalYearStart } from './dashboard.js';

const orgPath = (orgId: string) => `/api/v1/organizations/${orgId}`;

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const accounts = await ledgerAccounts(org.id);
  const chart = await loadChart(org.id);
  const code = (c: string) => chart.find((a) => a.code === c)!.id;
  const now = nowIso();
  const { data: gst16 } = await Tax.create({
    organization_id: org.id,
    id: uuidv7(),
    name: 'GST 16%',
    rate: '16',
    tax_category: 'standard',
    jofotara_category: 'S',
    sales_account_subtype: 'vat_output',
    created_at: now,
    updated_at: now,
  }).go();
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Al Noor Trading' }));
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Amman Wholesale' }));

  /** A manual entry posted at once: [account, debit, credit] in JOD. */
  const post = async (date: string, memo: string, lines: [string, string | null, string | null][], status: 'posted' | 'draft' = 'posted') => {
    const res = await call('POST', `${orgPath(org.id)}/journal-entries`, {
      ...as('admin'),
      json: { date, memo, status, lines: lines.map(([account_id, debit, credit]) => ({ account_id, debit, credit })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  /** An invoice drafted (member) and, unless `draft`, confirmed (admin). */
  const invoice = async (issue_date: string, due_date: string | null, line: { unit_price: string; taxed: boolean }, confirm = true) => {
    const draft = await call('POST', `${orgPath(org.id)}/invoices/with-line-items`, {
      ...as('member'),
      json: {
        contact_id: customer.id,
        issue_date,
        due_date,
        lines: [{ description: 'Goods', quantity: '1', unit_price: line.unit_price, tax_id: line.taxed ? gst16.id : null }],
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    if (!confirm) return draft.body as { id: string; journal_entry_id: string | null };
    const confirmed = await call('POST', `${orgPath(org.id)}/invoices/${draft.body.id}/confirm`, as('admin'));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return confirmed.body as { id: string; journal_entry_id: string | null };
  };
  /** A confirmed bill, written straight through the entity (the dashboard only reads it). */
  const bill = async (issue_date: string, due_date: string, gross: number, paid: number) => {
    const at = nowIso();
    await Bill.create({
      organization_id: org.id,
      id: uuidv7(),
      number: 'BILL-000001',
      status: paid ? 'partially_paid' : 'confirmed',
      contact_id: supplier.id,
      issue_date,
      due_date,
      currency: 'JOD',
      price_includes_tax: false,
      lines: [],
      subtotal: gross,
      discount_total: 0,
      net_total: gross,
      tax_total: 0,
      gross_total: gross,
      amount_paid: paid,
      version: 1,
      created_at: at,
      updated_at: at,
    }).go();
  };
  const dashboard = (query: Record<string, string> = {}, role: keyof typeof users = 'viewer') =>
    call('GET', `${orgPath(org.id)}/accounting/dashboard`, { ...as(role), query });
  return { org, users, as, accounts, code, post, invoice, bill, dashboard };
}

const ZERO_BUCKETS = [
  { bucket: '0-30', amount: '0.000', count: 0 },
  { bucket: '31-60', amount: '0.000', count: 0 },
  { bucket: '61-90', amount: '0.000', count: 0 },
  { bucket: '90+', amount: '0.000', count: 0 },
];

describe('accounting summary and dashboard', () => {
  it('summarizes the fiscal year to date, assets, liabilities and cash as of today', async () => {
    // prepare
    const { org, as, accounts, code, post, invoice } = await setup();
    const today = todayIn('Asia/Amman');
    const lastYear = `${Number(today.slice(0, 4)) - 1}-06-15`;
    await post(lastYear, 'Capital paid in', [[accounts.bank, '10000', null], [accounts.owner_capital, null, '10000']]);
    await post(lastYear, 'Cash sales last year', [[accounts.cash, '500', null], [accounts.sales, null, '500']]);
    await post(today, 'Rent', [[code('6200'), '300', null], [accounts.bank, null, '300']]);
    await post(today, 'Bank loan', [[accounts.bank, '2000', null], [code('2800'), null, '2000']]);
    await invoice(today, null, { unit_price: '100.000', taxed: true }); // 100.000 + 16.000 GST
    // act
    const res = await call('GET', `${orgPath(org.id)}/accounting/summary`, as('viewer'));
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      financial_summary: {
        total_revenue_ytd: '100.000',
        total_expenses_ytd: '300.000',
        net_income_ytd: '-200.000',
        total_assets: '12316.000', // bank 11,700 + cash 500 + receivable 116
        total_liabilities: '2016.000', // loan 2,000 + GST 16
      },
      current_cash_position: '12200.000',
      currency: 'JOD',
      as_of_date: today,
      fiscal_year_start: `${today.slice(0, 4)}-01-01`,
    });
    expect(Date.now() - Date.parse(res.body.last_updated)).toBeLessThan(60_000);
    const tb = await trialBalance(org.id, today);
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it('builds the dashboard as of a date: balances, months, receivables ageing, payables, counts, tax, latest entries', async () => {
    // prepare
    const { accounts, code, post, invoice, bill, dashboard } = await setup();
    const capital = await post('2024-12-20', 'Capital', [[accounts.bank, '5000', null], [accounts.owner_capital, null, '5000']]);
    const sale = await post('2025-01-10', 'Cash sales', [[accounts.cash, '1000', null], [accounts.sales, null, '1000']]);
    const rent = await post('2025-03-05', 'Rent', [[code('6200'), '400', null], [accounts.bank, null, '400']]);
    const overdue = await invoice('2025-03-01', '2025-03-31', { unit_price: '100.000', taxed: true }); // 116.000, 121 days old
    const recent = await invoice('2025-06-15', '2025-07-15', { unit_price: '50.000', taxed: false }); // 50.000, 15 days old
    await invoice('2025-07-05', null, { unit_price: '70.000', taxed: true }); // after the date
    await invoice('2025-06-20', null, { unit_price: '9.000', taxed: false }, false); // a draft
    await post('2025-07-02', 'After the date', [[accounts.cash, '77', null], [code('4900'), null, '77']]);
    await post('2025-06-20', 'A draft', [[accounts.cash, '5', null], [code('4900'), null, '5']], 'draft');
    await bill('2025-05-01', '2025-05-31', 232_000, 32_000); // 200.000 outstanding, 60 days old, overdue
    await bill('2025-06-25', '2025-07-25', 40_000, 0); // 40.000, 5 days old
    // act
    const res = await dashboard({ as_of_date: '2025-06-30' });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.financial_summary).toEqual({
      total_revenue_ytd: '1150.000', // 1,000 + 100 + 50
      total_expenses_ytd: '400.000',
      net_income_ytd: '750.000',
      total_assets: '5766.000', // bank 4,600 + cash 1,000 + receivable 166
      total_liabilities: '16.000',
    });
    expect(body.current_cash_position).toBe('5600.000');
    expect(body.as_of_date).toBe('2025-06-30');
    expect(body.cash_accounts.map((a: { code: string; balance: string }) => [a.code, a.balance])).toEqual([
      ['1110', '1000.000'],
      ['1120', '4600.000'],
      ['1130', '0.000'],
    ]);
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly[0].month).toBe('2024-07');
    const months = Object.fromEntries(body.monthly.map((m: { month: string; revenue: string; expenses: string; net_income: string }) => [m.month, [m.revenue, m.expenses, m.net_income]]));
    expect(months['2024-12']).toEqual(['0.000', '0.000', '0.000']);
    expect(months['2025-01']).toEqual(['1000.000', '0.000', '1000.000']);
    expect(months['2025-03']).toEqual(['100.000', '400.000', '-300.000']);
    expect(months['2025-06']).toEqual(['50.000', '0.000', '50.000']);
    expect(body.receivables).toEqual({
      outstanding: '166.000',
      outstanding_count: 2,
      overdue_amount: '116.000',
      overdue_count: 1,
      aging: [
        { bucket: '0-30', amount: '50.000', count: 1 },
        { bucket: '31-60', amount: '0.000', count: 0 },
        { bucket: '61-90', amount: '0.000', count: 0 },
        { bucket: '90+', amount: '116.000', count: 1 },
      ],
    });
    expect(body.payables).toEqual({
      outstanding: '240.000',
      outstanding_count: 2,
      overdue_amount: '200.000',
      overdue_count: 1,
      aging: [
        { bucket: '0-30', amount: '40.000', count: 1 },
        { bucket: '31-60', amount: '200.000', count: 1 },
        { bucket: '61-90', amount: '0.000', count: 0 },
        { bucket: '90+', amount: '0.000', count: 0 },
      ],
    });
    expect(body.invoice_counts).toEqual({ draft: 1, confirmed: 3, sent: 0, partially_paid: 0, paid: 0, cancelled: 0 });
    expect(body.bill_counts).toEqual({ draft: 0, confirmed: 1, partially_paid: 1, paid: 0, cancelled: 0 });
    expect(body.sales_tax).toEqual({ output_tax: '16.000', input_tax: '0.000', net_payable: '16.000' });
    expect(body.recent_journal_entries.map((e: { id: string }) => e.id)).toEqual([
      recent.journal_entry_id,
      rent.id,
      overdue.journal_entry_id,
      sale.id,
      capital.id,
    ]);
    expect(body.recent_journal_entries[1]).toMatchObject({ memo: 'Rent', status: 'posted', total_debit: '400.000' });
  });

  it('starts the year to date at the organization’s fiscal year start', async () => {
    // prepare
    const { org, accounts, code, post, dashboard } = await setup();
    await post('2025-03-10', 'March sales', [[accounts.cash, '300', null], [accounts.sales, null, '300']]);
    await post('2025-04-02', 'April sales', [[accounts.cash, '120', null], [accounts.sales, null, '120']]);
    await post('2025-05-02', 'May fuel', [[code('6600'), '20', null], [accounts.cash, null, '20']]);
    await Organization.patch({ id: org.id }).set({ fiscal_year_start_month: 4 }).go();
    // act
    const res = await dashboard({ as_of_date: '2025-06-30' });
    // assess
    expect(res.body.fiscal_year_start).toBe('2025-04-01');
    expect(res.body.financial_summary).toMatchObject({ total_revenue_ytd: '120.000', total_expenses_ytd: '20.000', net_income_ytd: '100.000', total_assets: '400.000' });
  });

  it('answers zeros, not errors, for an organization with nothing posted', async () => {
    // prepare
    const { org, as, dashboard } = await setup();
    // act
    const summary = await call('GET', `${orgPath(org.id)}/accounting/summary`, as('viewer'));
    const res = await dashboard({ as_of_date: '2025-06-30' });
    // assess
    expect(summary.status).toBe(200);
    expect(summary.body.financial_summary).toEqual({
      total_revenue_ytd: '0.000',
      total_expenses_ytd: '0.000',
      net_income_ytd: '0.000',
      total_assets: '0.000',
      total_liabilities: '0.000',
    });
    expect(summary.body.current_cash_position).toBe('0.000');
    expect(res.status).toBe(200);
    expect(res.body.receivables).toEqual({ outstanding: '0.000', outstanding_count: 0, overdue_amount: '0.000', overdue_count: 0, aging: ZERO_BUCKETS });
    expect(res.body.payables.aging).toEqual(ZERO_BUCKETS);
    expect(res.body.monthly.every((m: { revenue: string; expenses: string }) => m.revenue === '0.000' && m.expenses === '0.000')).toBe(true);
    expect(Object.values(res.body.invoice_counts).every((n) => n === 0)).toBe(true);
    expect(res.body.sales_tax).toEqual({ output_tax: '0.000', input_tax: '0.000', net_payable: '0.000' });
    expect(res.body.recent_journal_entries).toEqual([]);
  });

  it("never shows another organization's books or documents", async () => {
    // prepare
    const mine = await setup();
    const theirs = await setup();
    await mine.post('2025-06-01', 'Mine', [[mine.accounts.cash, '10', null], [mine.accounts.sales, null, '10']]);
    await theirs.post('2025-06-01', 'Theirs', [[theirs.accounts.cash, '999', null], [theirs.accounts.sales, null, '999']]);
    await theirs.invoice('2025-06-10', null, { unit_price: '500.000', taxed: true });
    await theirs.bill('2025-06-10', '2025-06-20', 80_000, 0);
    // act
    const res = await mine.dashboard({ as_of_date: '2025-06-30' });
    const stranger = await createUser();
    const outsider = await call('GET', `${orgPath(mine.org.id)}/accounting/dashboard`, { token: stranger.token, org: mine.org.id });
    // assess
    expect(res.body.financial_summary).toMatchObject({ total_revenue_ytd: '10.000', total_assets: '10.000', total_liabilities: '0.000' });
    expect(res.body.receivables.outstanding).toBe('0.000');
    expect(res.body.payables.outstanding).toBe('0.000');
    expect(res.body.invoice_counts.confirmed).toBe(0);
    expect(res.body.bill_counts.confirmed).toBe(0);
    expect(res.body.sales_tax.output_tax).toBe('0.000');
    expect(res.body.recent_journal_entries.map((e: { memo: string }) => e.memo)).toEqual(['Mine']);
    expect(outsider.status).toBe(404);
  });

  it('refuses a malformed as_of_date with 422', async () => {
    // prepare
    const { dashboard } = await setup();
    // act
    const res = await dashboard({ as_of_date: '2025-02-30' });
    // assess
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'as_of_date']);
  });
});

describe('fiscalYearStart', () => {
  it('is the calendar year by default and the last start month on or before the date otherwise', () => {
    expect(fiscalYearStart('2025-12-31', 1)).toBe('2025-01-01');
    expect(fiscalYearStart('2025-03-10', 7)).toBe('2024-07-01');
    expect(fiscalYearStart('2025-07-01', 7)).toBe('2025-07-01');
  });
});
