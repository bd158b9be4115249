/**
 * Issue #5's bar: the reports agree with the ledger. A quarter of a small Amman trading company is
 * written through the API (invoices confirmed, payments received, bills and their payments, an
 * approved expense, a bank loan and a fixed asset bought with it as manual journal entries), then
 * the reports, read through their routes, must agree with each other and with the books:
 * - P&L net income for March = the change in retained earnings + current period earnings between
 *   the day before March and its last day (the balance sheets of both days);
 * - the balance sheet balances (assets = liabilities + equity) on both days;
 * - the trial balance's debits equal its credits;
 * - the receivables ageing total equals the receivable account's balance;
 * - the cash flow statement's beginning and ending cash equal the cash accounts' balances, and
 *   its sections add up to the net change;
 * - the category analysis's amounts equal the P&L's and its transaction counts equal the journal
 *   lines posted in the period (counted here from the journal, which the report never reads).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { money } from '@daftar/shared';
import { call } from '../../test/client.js';
import { addPurchaseTax } from '../bills/test-setup.js';
import { JournalEntry } from '../db/journalEntry.js';
import { invoicingOrganization } from '../invoices/test-helpers.js';
import { accountBalances, normalBalance } from '../ledger/balances.js';
import { defaultAccountId, loadChart } from '../ledger/chart.js';
import { verifyLedger } from '../ledger/verify.js';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { createContact } from '../contacts/contacts.js';
import { addDays } from '../ledger/dates.js';

type Reply = { status: number; body: any };
const ok = async (res: Promise<Reply>, what: string) => {
  const r = await res;
  expect([200, 201], `${what}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
  return r.body;
};
const fils = (text: string) => money.parseMoney(text, 'JOD').amount;
const sumFils = (texts: string[]) => texts.reduce((s, t) => s + fils(t), 0);

const MARCH = { period: 'custom', custom_start: '2025-03-01', custom_end: '2025-03-31' } as const;

/** Writes the quarter through the API; answers what the checks need. */
async function tradingQuarter() {
  const inv = await invoicingOrganization();
  const { org, users, as, customer, gst16, createConfirmed } = inv;
  const base = `/api/v1/organizations/${org.id}`;
  const account = (code: string) => defaultAccountId(org.id, code);
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Zarqa Wholesale' }));
  const inputTax = await addPurchaseTax(org.id, users.admin.token, 'GST 16% (purchases)', '16');
  const journal = (date: string, memo: string, lines: { account_id: string; debit?: string; credit?: string }[]) =>
    ok(call('POST', `${base}/journal-entries`, { ...as('admin'), json: { date, memo, status: 'posted', lines } }), memo);
  const sale = (issue_date: string, quantity: string, unit_price: string) =>
    createConfirmed({ contact_id: customer.id, issue_date, due_date: issue_date, lines: [{ description: 'Olive oil 4L', quantity, unit_price, tax_id: gst16.id }] });
  const bill = async (issue_date: string, lines: { description: string; unit_price: string; account_id: string; tax_id?: string }[]) => {
    const draft = await ok(
      call('POST', `${base}/bills/with-line-items`, { ...as('member'), json: { contact_id: supplier.id, issue_date, due_date: issue_date, lines: lines.map((l) => ({ quantity: '1', ...l })) } }),
      'bill draft',
    );
    return ok(call('POST', `${base}/bills/${draft.id}/confirm`, as('admin')), 'confirm bill');
  };

  // February: capital paid in, a first sale on credit, stock bought on credit.
  await journal('2025-02-01', 'Capital paid in', [{ account_id: account('1120'), debit: '20000' }, { account_id: account('3100'), credit: '20000' }]);
  const februarySale = await sale('2025-02-20', '40', '25.000'); // 1000.000 + 160.000 tax
  await bill('2025-02-22', [{ description: 'Olive oil stock', unit_price: '3000', account_id: account('1400'), tax_id: inputTax.id }]);

  // March: sales, collections, rent and supplies, a supplier paid, an expense, a loan and a van.
  const marchSale = await sale('2025-03-05', '120', '25.000'); // 3000.000 + 480.000
  await sale('2025-03-18', '10', '12.345'); // 123.450 + 19.752
  await ok(
    call('POST', `${base}/payments`, {
      ...as('member'),
      json: { payment_type: 'received', contact_id: customer.id, payment_method: 'cash', date: '2025-03-10', amount: '1160.000', allocations: [{ invoice_id: februarySale.id, amount: '1160.000' }] },
    }),
    'February invoice collected in cash',
  );
  await ok(
    call('POST', `${base}/payments`, {
      ...as('member'),
      json: { payment_type: 'received', contact_id: customer.id, payment_method: 'bank_transfer', date: '2025-03-25', amount: '2000.000', allocations: [{ invoice_id: marchSale.id, amount: '2000.000' }] },
    }),
    'March invoice partly collected by transfer',
  );
  const rent = await bill('2025-03-01', [
    { description: 'March rent', unit_price: '450', account_id: account('6200'), tax_id: inputTax.id },
    { description: 'Printer paper', unit_price: '37.035', account_id: account('6400') },
  ]);
  await ok(call('POST', `${base}/bills/${rent.id}/payments`, { ...as('member'), json: { payment_method: 'bank_transfer', date: '2025-03-03', amount: '522.000' } }), 'rent paid');
  const category = await ok(call('POST', `${base}/expense-categories`, { ...as('admin'), json: { name: 'Fuel', name_ar: 'محروقات', account_id: account('6600') } }), 'expense category');
  const expense = await ok(
    call('POST', `${base}/expenses`, { ...as('member'), json: { date: '2025-03-12', category_id: category.id, description: 'Delivery fuel', amount: '58.000', paid_from_account_id: account('1110') } }),
    'expense',
  );
  await ok(call('POST', `${base}/expenses/${expense.id}/submit`, as('member')), 'submit expense');
  await ok(call('POST', `${base}/expenses/${expense.id}/approve`, as('admin')), 'approve expense');
  await journal('2025-03-20', 'Bank loan received', [{ account_id: account('1120'), debit: '15000' }, { account_id: account('2800'), credit: '15000' }]);
  await journal('2025-03-22', 'Delivery van bought', [{ account_id: account('1710'), debit: '12500' }, { account_id: account('1120'), credit: '12500' }]);
  await journal('2025-03-31', 'Depreciation for March', [{ account_id: account('6910'), debit: '208.333' }, { account_id: account('1790'), credit: '208.333' }]);

  // April: a sale after the period, which no March figure may include.
  await sale('2025-04-03', '5', '25.000');
  return { org, users, base, as };
}

/** What the books themselves say: each account's normal balance from the ledger's balance reads. */
async function ledgerBalance(orgId: string, asOf: string, pick: (a: { subtype: string; type: string }) => boolean) {
  const [chart, balances] = await Promise.all([loadChart(orgId), accountBalances(orgId, { asOf })]);
  return chart.filter(pick).reduce((s, a) => s + normalBalance(a.type, balances.get(a.id)), 0);
}

describe('reports agree with the ledger', () => {
  it('for a quarter of documents written through the API', async () => {
    // prepare
    const { org, base, as } = await tradingQuarter();
    const report = (path: string, query: Record<string, string>) => ok(call('GET', `${base}/reports/${path}`, { ...as('viewer'), query }), path);

    // act
    const profitLoss = await report('profit-loss', { ...MARCH, include_comparison: 'true' });
    const sheetBefore = await report('balance-sheet', { as_of_date: '2025-02-28' });
    const sheetAfter = await report('balance-sheet', { as_of_date: '2025-03-31' });
    const trial = await report('trial-balance', { as_of_date: '2025-03-31' });
    const cashFlow = await report('cash-flow-statement', MARCH);
    const categories = await report('cash-flow/categories', MARCH);
    const capital = await report('working-capital', { as_of_date: '2025-03-31' });
    const ageing = await report('receivables-analysis', { as_of_date: '2025-03-31' });
    const marchEntries = (await JournalEntry.query.byId({ organization_id: org.id }).go({ pages: 'all' })).data.filter(
      (e) => e.status !== 'draft' && e.date >= '2025-03-01' && e.date <= '2025-03-31',
    );

    // assess
    // P&L net income = change in retained earnings + current period earnings.
    const earnings = (sheet: any) => sumFils(sheet.equity.lines.filter((l: any) => l.code === '3300' || l.account_id === null).map((l: any) => l.amount));
    expect(fils(profitLoss.net_income)).toBe(earnings(sheetAfter) - earnings(sheetBefore));
    expect(fils(profitLoss.net_income)).toBe(fils(profitLoss.total_income) - fils(profitLoss.total_expenses));
    expect(profitLoss.income.lines.map((l: any) => [l.code, l.amount])).toEqual([['4100', '3123.450']]);
    expect(profitLoss.cost_of_sales).toEqual({ lines: [], total: '0.000' });
    expect(profitLoss.expenses.lines.map((l: any) => [l.code, l.amount])).toEqual([['6200', '450.000'], ['6400', '37.035'], ['6600', '58.000'], ['6910', '208.333']]);
    expect(profitLoss).toMatchObject({ total_income: '3123.450', total_expenses: '753.368', net_income: '2370.082', gross_profit: '3123.450' });
    expect(profitLoss.comparison).toMatchObject({ from: '2025-01-29', to: '2025-02-28', net_income: '1000.000', change: { net_income: '1370.082', net_income_percent: '137.0' } });

    // The balance sheet balances, on both days.
    for (const sheet of [sheetBefore, sheetAfter]) {
      expect(sheet.balanced).toBe(true);
      expect(sheet.assets.total).toBe(sheet.total_liabilities_and_equity);
      expect(fils(sheet.total_liabilities_and_equity)).toBe(fils(sheet.liabilities.total) + fils(sheet.equity.total));
    }
    expect(sheetAfter.liabilities.non_current.lines.map((l: any) => [l.code, l.amount])).toEqual([['2800', '15000.000']]);
    expect(sheetAfter.assets.non_current.lines.map((l: any) => [l.code, l.amount])).toEqual([['1710', '12500.000'], ['1790', '-208.333']]);

    // The trial balance's columns agree.
    expect(trial.balanced).toBe(true);
    expect(trial.total_debit).toBe(trial.total_credit);

    // The receivables ageing is the receivable account.
    const receivable = await ledgerBalance(org.id, '2025-03-31', (a) => a.subtype === 'receivable');
    expect(fils(ageing.total_outstanding)).toBe(receivable);
    expect(trial.rows.find((r: any) => r.code === '1200').debit).toBe(ageing.total_outstanding);

    // The cash flow statement starts and ends at the cash accounts' balances and adds up.
    const isCash = (a: { subtype: string; type: string }) => a.type === 'asset' && ['cash', 'bank', 'undeposited_funds'].includes(a.subtype);
    expect(fils(cashFlow.beginning_cash_balance)).toBe(await ledgerBalance(org.id, '2025-02-28', isCash));
    expect(fils(cashFlow.ending_cash_balance)).toBe(await ledgerBalance(org.id, '2025-03-31', isCash));
    expect(fils(cashFlow.net_change_in_cash)).toBe(fils(cashFlow.net_operating_cash_flow) + fils(cashFlow.net_investing_cash_flow) + fils(cashFlow.net_financing_cash_flow));
    expect(fils(cashFlow.ending_cash_balance) - fils(cashFlow.beginning_cash_balance)).toBe(fils(cashFlow.net_change_in_cash));
    for (const [section, total] of [['operating_activities', 'net_operating_cash_flow'], ['investing_activities', 'net_investing_cash_flow'], ['financing_activities', 'net_financing_cash_flow']]) {
      expect(sumFils(cashFlow[section!].map((l: any) => l.current_amount))).toBe(fils(cashFlow[total!]));
    }
    expect(cashFlow.operating_activities[0]).toEqual({ label: 'Net income', current_amount: profitLoss.net_income });
    expect(cashFlow.investing_activities).toEqual([{ label: 'Purchase and disposal of fixed assets', current_amount: '-12500.000' }]);
    expect(cashFlow.financing_activities).toEqual([{ label: 'Loans received (repaid)', current_amount: '15000.000' }]);
    expect(fils(capital.cash)).toBe(fils(cashFlow.ending_cash_balance));

    // Categories agree with the P&L, and their counts with the journal lines of March.
    expect(categories.total_income).toBe(profitLoss.total_income);
    expect(categories.total_expenses).toBe(profitLoss.total_expenses);
    expect(categories.net_cash_flow).toBe(profitLoss.net_income);
    const linesOf = (accountId: string) => marchEntries.flatMap((e) => e.lines).filter((l) => l.account_id === accountId).length;
    for (const category of [...categories.income_categories, ...categories.expense_categories]) {
      expect(category.transaction_count, category.category).toBe(linesOf(category.account_id));
    }
    expect(categories.income_categories.map((c: any) => [c.category, c.transaction_count])).toEqual([['Sales', 2]]);

    // And the books verify, counts included.
    expect((await verifyLedger(org.id)).ok).toBe(true);
  });

  it('for random documents: sales, collections, purchases, supplier payments and journal entries', async () => {
    // Each run is a fresh organization with 12–20 random documents dated January to March; the
    // reports cover February–March, so opening balances are not zero.
    const seed = Number(process.env.AGREEMENT_SEED ?? 20261121);
    const scenario = fc.record({
      sales: fc.array(fc.record({ day: fc.integer({ min: 0, max: 89 }), quantity: fc.integer({ min: 1, max: 40 }), fils: fc.integer({ min: 5, max: 99_999 }), taxed: fc.boolean(), collect: fc.integer({ min: 0, max: 100 }) }), { minLength: 4, maxLength: 8 }),
      purchases: fc.array(fc.record({ day: fc.integer({ min: 0, max: 89 }), fils: fc.integer({ min: 1_000, max: 900_000 }), expenseAccount: fc.constantFrom('6200', '6300', '6400', '1400'), pay: fc.integer({ min: 0, max: 100 }) }), { minLength: 2, maxLength: 5 }),
      journals: fc.array(fc.record({ day: fc.integer({ min: 0, max: 89 }), fils: fc.integer({ min: 1_000, max: 5_000_000 }), kind: fc.constantFrom('capital', 'loan', 'asset', 'drawings') }), { minLength: 1, maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ sales, purchases, journals }) => {
        const inv = await invoicingOrganization();
        const { org, users, as, customer, gst16, exempt, createConfirmed } = inv;
        const base = `/api/v1/organizations/${org.id}`;
        const account = (code: string) => defaultAccountId(org.id, code);
        const date = (day: number) => addDays('2025-01-01', day);
        const amount = (f: number) => money.formatMoney({ amount: f, currency: 'JOD' });
        const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Madaba Traders' }));
        const inputTax = await addPurchaseTax(org.id, users.admin.token, 'GST 16% (purchases)', '16');

        for (const j of journals) {
          const [debit, credit] = { capital: ['1120', '3100'], loan: ['1120', '2800'], asset: ['1700', '1120'], drawings: ['3200', '1110'] }[j.kind] as [string, string];
          await ok(call('POST', `${base}/journal-entries`, { ...as('admin'), json: { date: date(j.day), memo: j.kind, status: 'posted', lines: [{ account_id: account(debit), debit: amount(j.fils) }, { account_id: account(credit), credit: amount(j.fils) }] } }), j.kind);
        }
        for (const sale of sales) {
          const issued = date(sale.day);
          const invoice = await createConfirmed({ contact_id: customer.id, issue_date: issued, due_date: issued, lines: [{ description: 'Goods', quantity: String(sale.quantity), unit_price: amount(sale.fils), tax_id: (sale.taxed ? gst16 : exempt).id }] });
          const collected = Math.floor((fils(invoice.gross_total) * sale.collect) / 100);
          if (collected > 0) {
            await ok(call('POST', `${base}/payments`, { ...as('member'), json: { payment_type: 'received', contact_id: customer.id, payment_method: sale.collect % 2 ? 'cash' : 'bank_transfer', date: date(Math.min(89, sale.day + 7)), amount: amount(collected), allocations: [{ invoice_id: invoice.id, amount: amount(collected) }] } }), 'collection');
          }
        }
        for (const purchase of purchases) {
          const issued = date(purchase.day);
          const draft = await ok(call('POST', `${base}/bills/with-line-items`, { ...as('member'), json: { contact_id: supplier.id, issue_date: issued, due_date: issued, lines: [{ description: 'Purchase', quantity: '1', unit_price: amount(purchase.fils), account_id: account(purchase.expenseAccount), tax_id: inputTax.id }] } }), 'bill');
          const bill = await ok(call('POST', `${base}/bills/${draft.id}/confirm`, as('admin')), 'confirm bill');
          const paid = Math.floor((fils(bill.gross_total) * purchase.pay) / 100);
          if (paid > 0) await ok(call('POST', `${base}/bills/${bill.id}/payments`, { ...as('member'), json: { payment_method: 'bank_transfer', date: date(Math.min(89, purchase.day + 5)), amount: amount(paid) } }), 'bill payment');
        }

        const period = { period: 'custom', custom_start: '2025-02-01', custom_end: '2025-03-31' };
        const report = (path: string, query: Record<string, string>) => ok(call('GET', `${base}/reports/${path}`, { ...as('viewer'), query }), path);
        const [profitLoss, sheetBefore, sheetAfter, trial, cashFlow, ageing] = await Promise.all([
          report('profit-loss', period),
          report('balance-sheet', { as_of_date: '2025-01-31' }),
          report('balance-sheet', { as_of_date: '2025-03-31' }),
          report('trial-balance', { as_of_date: '2025-03-31' }),
          report('cash-flow-statement', period),
          report('receivables-analysis', { as_of_date: '2025-03-31' }),
        ]);

        const earnings = (sheet: any) => sumFils(sheet.equity.lines.filter((l: any) => l.code === '3300' || l.account_id === null).map((l: any) => l.amount));
        expect(fils(profitLoss.net_income)).toBe(earnings(sheetAfter) - earnings(sheetBefore));
        for (const sheet of [sheetBefore, sheetAfter]) {
          expect(sheet.balanced).toBe(true);
          expect(fils(sheet.assets.total)).toBe(fils(sheet.liabilities.total) + fils(sheet.equity.total));
        }
        expect(trial.total_debit).toBe(trial.total_credit);
        expect(fils(ageing.total_outstanding)).toBe(await ledgerBalance(org.id, '2025-03-31', (a) => a.subtype === 'receivable'));
        const isCash = (a: { subtype: string; type: string }) => a.type === 'asset' && ['cash', 'bank', 'undeposited_funds'].includes(a.subtype);
        expect(fils(cashFlow.beginning_cash_balance)).toBe(await ledgerBalance(org.id, '2025-01-31', isCash));
        expect(fils(cashFlow.ending_cash_balance)).toBe(await ledgerBalance(org.id, '2025-03-31', isCash));
        expect(fils(cashFlow.net_change_in_cash)).toBe(fils(cashFlow.net_operating_cash_flow) + fils(cashFlow.net_investing_cash_flow) + fils(cashFlow.net_financing_cash_flow));
        expect((await verifyLedger(org.id)).ok).toBe(true);
      }),
      { numRuns: Number(process.env.AGREEMENT_RUNS ?? 3), seed, endOnFailure: true },
    );
  }, 300_000);
});
