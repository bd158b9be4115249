/**
 * Cash flow (issue 17): postings write their cash flows in their own transaction, classified by
 * what the money was for; summaries and series from the day figures agree with the ledger; posted
 * flows are only re-categorised, manual ones edited; forecasts are made, kept, measured and alert.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { billsSetup } from '../bills/test-setup.js';
import { CashFlowDay, CashFlowForecast, CashFlowTransaction } from '../db/cashFlow.js';
import { backfillOrganization } from './backfill.js';
import { postEntries, postReversal } from '../documents/posting-path.js';
import { accountBalances } from '../ledger/balances.js';
import { defaultAccountId } from '../ledger/chart.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { verifyLedger } from '../ledger/verify.js';
import { handler as forecastConsumer } from './forecast-jobs.js';

async function setup() {
  const s = await billsSetup();
  const O = `/api/v1/organizations/${s.org.id}`;
  const C = `${O}/cashflow`;
  const code = (c: string) => defaultAccountId(s.org.id, c);
  const a = { cash: code('1110'), bank: code('1120'), transit: code('1130'), receivable: code('1200'), payable: code('2100'), vat: code('2200'), loan: code('2800'), sales: code('4100'), rent: code('6200'), shortage: code('6990'), furniture: code('1700') };
  const post = (date: string, lines: { account_id: string; debit?: number; credit?: number }[], source = 'manual') =>
    postEntries([{ organizationId: s.org.id, date, source: { type: source as 'manual' }, lines, memo: `Entry ${date}` }]);
  return { ...s, O, C, a, post };
}

describe('cash flows written by the postings', () => {
  it('classifies each cash movement, keeps the day figures and agrees with the ledger', async () => {
    const t = await setup();
    const { a, C, as } = t;
    expect(Object.values(a).every(Boolean)).toBe(true);
    const day = '2026-03-10';
    const [sale] = await t.post(day, [{ account_id: a.cash, debit: 11_600 }, { account_id: a.transit, debit: 5_800 }, { account_id: a.sales, credit: 15_000 }, { account_id: a.vat, credit: 2_400 }], 'pos_transaction');
    await t.post(day, [{ account_id: a.bank, debit: 20_000 }, { account_id: a.receivable, credit: 20_000 }], 'payment');
    await t.post(day, [{ account_id: a.payable, debit: 7_000 }, { account_id: a.bank, credit: 7_000 }], 'payment');
    await t.post('2026-03-11', [{ account_id: a.rent, debit: 3_000 }, { account_id: a.cash, credit: 3_000 }], 'expense');
    await t.post('2026-03-11', [{ account_id: a.furniture, debit: 9_000 }, { account_id: a.bank, credit: 9_000 }]);
    await t.post('2026-03-12', [{ account_id: a.bank, debit: 50_000 }, { account_id: a.loan, credit: 50_000 }]);
    // The drawer deposited, 0.100 short: a transfer, and the shortage an expense.
    await t.post('2026-03-12', [{ account_id: a.bank, debit: 8_500 }, { account_id: a.shortage, debit: 100 }, { account_id: a.cash, credit: 8_600 }]);

    const list = await call('GET', `${C}/transactions`, { ...as('viewer'), query: { limit: '50' } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const rows = list.body.data.map((r: { date: string; account_id: string; amount: string; cash_flow_category: string }) => [r.date, r.account_id === a.cash ? 'cash' : r.account_id === a.bank ? 'bank' : 'transit', r.amount, r.cash_flow_category]);
    expect(rows).toEqual(expect.arrayContaining([
      ['2026-03-10', 'cash', '11.600', 'sales'],
      ['2026-03-10', 'transit', '5.800', 'sales'],
      ['2026-03-10', 'bank', '20.000', 'customer_receipts'],
      ['2026-03-10', 'bank', '-7.000', 'supplier_payments'],
      ['2026-03-11', 'cash', '-3.000', 'rent_and_utilities'],
      ['2026-03-11', 'bank', '-9.000', 'fixed_assets'],
      ['2026-03-12', 'bank', '50.000', 'loans'],
      ['2026-03-12', 'bank', '8.500', 'transfers'],
      ['2026-03-12', 'cash', '-8.500', 'transfers'],
      ['2026-03-12', 'cash', '-0.100', 'expenses'],
    ]));
    expect(list.body.count).toBe(10);
    const bySource = await call('GET', `${C}/transactions/by-source/pos_transaction/${sale!.source_id}`, as('viewer'));
    expect(bySource.body.count).toBe(2);
    const filtered = await call('GET', `${C}/transactions`, { ...as('viewer'), query: { cash_flow_type: 'financing' } });
    expect(filtered.body.data.map((r: { amount: string }) => r.amount)).toEqual(['50.000']);
    const sized = await call('GET', `${C}/transactions`, { ...as('viewer'), query: { amount_min: '8', amount_max: '9', date_from: '2026-03-11' } });
    expect(sized.body.data.map((r: { amount: string }) => r.amount).sort()).toEqual(['-8.500', '-9.000', '8.500']);

    const summary = await call('GET', `${C}/summary`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // In: 17.400 sales + 20.000 receipts + 50.000 loan; out: 7 + 3 + 9 + 0.1. Transfers cancel over all accounts.
    expect(summary.body).toMatchObject({ opening_balance: '0.000', inflow: '87.400', outflow: '19.100', net: '68.300', closing_balance: '68.300', by_type: { financing: { net: '50.000' }, investing: { net: '-9.000' }, transfer: { net: '0.000' } } });
    const balances = await accountBalances(t.org.id, { to: '2026-03-31' });
    const ledgerCash = [a.cash, a.bank, a.transit].reduce((s, id) => s + (balances.get(id)?.debit ?? 0) - (balances.get(id)?.credit ?? 0), 0);
    expect(ledgerCash).toBe(68_300);
    // One account: the transfer into the bank counts for it.
    const bank = await call('GET', `${C}/summary`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31', account_ids: a.bank } });
    expect(bank.body).toMatchObject({ inflow: '78.500', outflow: '16.000', net: '62.500', closing_balance: '62.500' });
    const daily = await call('GET', `${C}/daily`, { ...as('viewer'), query: { date_from: '2026-03-10', date_to: '2026-03-12' } });
    expect(daily.body.points.map((p: { closing_balance: string }) => p.closing_balance)).toEqual(['30.400', '18.400', '68.300']);
    const weekly = await call('GET', `${C}/weekly`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(weekly.body.points[0]).toMatchObject({ period_start: '2026-03-01', period_end: '2026-03-06' }); // weeks start on Saturday
    expect(weekly.body.points.at(-1).closing_balance).toBe('68.300');
    const categories = await call('GET', `${C}/categories`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(categories.body.categories.find((c: { category: string }) => c.category === 'sales')).toMatchObject({ inflow: '17.400', transaction_count: 2 });

    // Re-categorising a posted flow moves it in the day figures; it cannot be edited or deleted.
    const rent = list.body.data.find((r: { cash_flow_category: string }) => r.cash_flow_category === 'rent_and_utilities');
    const moved = await call('PUT', `${C}/transactions/${rent.id}/category`, { ...as('member'), json: { cash_flow_category: 'expenses' } });
    expect(moved.body).toMatchObject({ cash_flow_category: 'expenses', original_category: 'rent_and_utilities' });
    expect((await call('PUT', `${C}/transactions/${rent.id}/category`, { ...as('member'), json: { cash_flow_category: 'transfers' } })).status).toBe(409);
    expect((await call('PUT', `${C}/transactions/${rent.id}`, { ...as('member'), json: { description: 'x' } })).status).toBe(409);
    expect((await call('DELETE', `${C}/transactions/${rent.id}`, as('member'))).status).toBe(409);
    const after = await call('GET', `${C}/summary`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(after.body.by_category.find((c: { category: string }) => c.category === 'expenses')).toMatchObject({ outflow: '3.100' });
    expect(after.body.by_category.find((c: { category: string }) => c.category === 'rent_and_utilities')).toBeUndefined();

    // A reversal's cash flows undo the original's.
    const [loan] = (await call('GET', `${C}/transactions`, { ...as('viewer'), query: { cash_flow_category: 'loans' } })).body.data;
    await postReversal({ organizationId: t.org.id, entryId: loan.journal_entry_id, date: '2026-03-13' });
    const reversed = await call('GET', `${C}/summary`, { ...as('viewer'), query: { date_from: '2026-03-01', date_to: '2026-03-31' } });
    expect(reversed.body.by_type.financing.net).toBe('0.000');
    const verification = await verifyLedger(t.org.id);
    expect(verification.differences).toEqual([]);
    expect(verification.cashFlowsChecked).toBe(11);
  });

  it('keeps manual entries apart from the books and finds flows by words', async () => {
    const t = await setup();
    const { C, as } = t;
    await t.post('2026-03-10', [{ account_id: t.a.cash, debit: 1_000 }, { account_id: t.a.sales, credit: 1_000 }]);
    const planned = await call('POST', `${C}/transactions`, { ...as('member'), json: { date: addDays(todayIn('Asia/Amman'), 5), amount: '250.000', direction: 'out', cash_flow_category: 'rent_and_utilities', description: 'إيجار المحل' } });
    expect(planned.status, JSON.stringify(planned.body)).toBe(201);
    expect(planned.body).toMatchObject({ is_manual_entry: true, is_planned: true, amount: '-250.000', cash_flow_type: 'operating' });
    expect((await call('POST', `${C}/transactions`, { ...as('member'), json: { date: '2026-03-10', amount: '5', direction: 'in', cash_flow_category: 'transfers', description: 'x' } })).status).toBe(422);
    const edited = await call('PUT', `${C}/transactions/${planned.body.id}`, { ...as('member'), json: { amount: '260.000', date: addDays(todayIn('Asia/Amman'), 6) } });
    expect(edited.body).toMatchObject({ amount: '-260.000', id: planned.body.id });
    const found = await call('GET', `${C}/search`, { ...as('viewer'), query: { q: 'ايجار' } });
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([planned.body.id]);
    const dashboard = await call('GET', `${C}/dashboard`, as('viewer'));
    expect(dashboard.body.planned).toMatchObject({ count: 1, outflow: '260.000' });
    const recent = await call('GET', `${C}/recent`, { ...as('viewer'), query: { limit: '5', account_ids: t.a.cash } });
    expect(recent.body.data.map((r: { amount: string }) => r.amount)).toEqual(['1.000']);
    expect((await call('DELETE', `${C}/transactions/${planned.body.id}`, as('member'))).status).toBe(200);
    expect((await verifyLedger(t.org.id)).ok).toBe(true);
  });
});

describe('the cash flows add up to the ledger', () => {
  it('for any postings and any range, per cash account (property)', async () => {
    const t = await setup();
    const pool = [t.a.cash, t.a.bank, t.a.transit, t.a.sales, t.a.rent, t.a.loan];
    const spec = fc.array(
      fc.record({ day: fc.nat({ max: 20 }), debit: fc.nat({ max: pool.length - 1 }), credit: fc.nat({ max: pool.length - 1 }), amount: fc.integer({ min: 1, max: 900_000 }), extra: fc.nat({ max: 5_000 }) }),
      { minLength: 5, maxLength: 25 },
    );
    await fc.assert(
      fc.asyncProperty(spec, fc.nat({ max: 20 }), fc.nat({ max: 20 }), async (entries, x, y) => {
        for (const e of entries) {
          if (e.debit === e.credit) continue;
          const lines = [{ account_id: pool[e.debit]!, debit: e.amount + e.extra }, { account_id: pool[e.credit]!, credit: e.amount }];
          if (e.extra) lines.push({ account_id: pool[(e.credit + 1) % pool.length] === pool[e.debit] ? pool[(e.credit + 2) % pool.length]! : pool[(e.credit + 1) % pool.length]!, credit: e.extra });
          await t.post(addDays('2026-04-01', e.day), lines);
        }
        const from = addDays('2026-04-01', Math.min(x, y));
        const to = addDays('2026-04-01', Math.max(x, y));
        const balances = await accountBalances(t.org.id, { from, to });
        for (const account of [t.a.cash, t.a.bank, t.a.transit]) {
          const movement = (balances.get(account)?.debit ?? 0) - (balances.get(account)?.credit ?? 0);
          const flows = await call('GET', `${t.C}/transactions`, { ...t.as('viewer'), query: { account_id: account, date_from: from, date_to: to, limit: '100' } });
          const sum = flows.body.data.reduce((s: number, r: { amount: string }) => s + Math.round(Number(r.amount) * 1000), 0);
          expect(flows.body.count).toBeLessThanOrEqual(100);
          expect(sum).toBe(movement);
          const summary = await call('GET', `${t.C}/summary`, { ...t.as('viewer'), query: { date_from: from, date_to: to, account_ids: account } });
          expect(Math.round(Number(summary.body.net) * 1000)).toBe(movement);
        }
      }),
      { numRuns: 4 },
    );
    expect((await verifyLedger(t.org.id)).ok).toBe(true);
  });
});

describe('forecasts', () => {
  it('makes, keeps and measures a forecast, with scenarios, adjustments and the alert threshold', async () => {
    const t = await setup();
    const { C, as } = t;
    const today = todayIn('Asia/Amman');
    // Sixty days of takings, more on Thursdays, and rent every 30 days.
    for (let i = 60; i >= 1; i--) {
      const date = addDays(today, -i);
      const thursday = new Date(`${date}T00:00:00Z`).getUTCDay() === 4;
      await t.post(date, [{ account_id: t.a.cash, debit: thursday ? 90_000 : 40_000 }, { account_id: t.a.sales, credit: thursday ? 90_000 : 40_000 }], 'pos_transaction');
      if (i % 30 === 0) await t.post(date, [{ account_id: t.a.rent, debit: 300_000 }, { account_id: t.a.bank, credit: 300_000 }], 'expense');
    }
    const forecast = await call('GET', `${C}/forecast/30`, { ...as('viewer'), query: { include_scenarios: 'true' } });
    expect(forecast.status, JSON.stringify(forecast.body)).toBe(200);
    expect(forecast.body.base.days).toHaveLength(30);
    expect(forecast.body.days).toBe(30);
    expect(forecast.body.scenarios.map((s: { scenario: string }) => s.scenario)).toEqual(['base', 'optimistic', 'pessimistic']);
    const [base, optimistic, pessimistic] = forecast.body.scenarios as { net: string }[];
    expect(Number(optimistic!.net)).toBeGreaterThan(Number(base!.net));
    expect(Number(pessimistic!.net)).toBeLessThan(Number(base!.net));
    const balance = await call('GET', `${C}/summary`, { ...as('viewer'), query: { date_from: addDays(today, -70), date_to: today } });
    expect(forecast.body.opening_balance).toBe(balance.body.closing_balance);
    expect(Number(forecast.body.base.components.sales)).toBeGreaterThan(0);
    // Kept: asked again the same day, the same forecast.
    const again = await call('GET', `${C}/forecast/30`, as('viewer'));
    expect(again.body.made_at).toBe(forecast.body.made_at);
    expect((await call('GET', `${C}/forecast/45`, as('viewer'))).status).toBe(404);
    expect((await call('GET', `${C}/forecast/scenarios/45`, as('viewer'))).status).toBe(400);

    // An adjustment to the base, and a threshold the forecast crosses.
    const settings = await call('PUT', `${C}/forecast/settings`, { ...as('admin'), json: { alert_threshold: '100000.000', alert_email: 'owner@example.com', adjustments: [{ from: addDays(today, 1), to: addDays(today, 5), component: 'sales', percent: -50, note: 'Road works' }] } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const adjusted = await call('GET', `${C}/forecast/scenarios/30`, { ...as('viewer') });
    const refreshed = await call('GET', `${C}/forecast/30`, { ...as('viewer'), query: { refresh: 'true', include_scenarios: 'true' } });
    expect(refreshed.body.scenarios.map((s: { scenario: string }) => s.scenario)).toEqual(['base', 'optimistic', 'pessimistic', 'custom']);
    const custom = refreshed.body.scenarios[3] as { net: string };
    expect(Number(custom.net)).toBeLessThan(Number(refreshed.body.base.net));
    expect(refreshed.body.base.below_threshold.length).toBeGreaterThan(0);
    expect(adjusted.status).toBe(200);

    // Accuracy: a forecast kept 40 days ago, compared with what happened.
    const made = addDays(today, -40);
    await CashFlowForecast.put({ organization_id: t.org.id, made_on: made, made_at: `${made}T22:30:00Z`, result: {}, base_net: Array.from({ length: 90 }, () => 45_000) }).go();
    const accuracy = await call('GET', `${C}/forecast/accuracy/30`, as('viewer'));
    expect(accuracy.status, JSON.stringify(accuracy.body)).toBe(200);
    expect(accuracy.body).toMatchObject({ horizon: 30, forecasts_compared: 1, days_compared: 30 });
    expect(Number(accuracy.body.wape)).toBeGreaterThan(0);
    expect(accuracy.body.naive_wape).not.toBeNull();
    const summary = await call('GET', `${C}/forecast/summary`, as('viewer'));
    expect(summary.body.horizons.map((h: { days: number }) => h.days)).toEqual([30, 60, 90]);

    // The nightly consumer makes the day's forecast for the organization it is given.
    await CashFlowForecast.delete({ organization_id: t.org.id, made_on: today }).go();
    const result = await forecastConsumer({ Records: [{ messageId: 'm1', body: JSON.stringify({ organization_id: t.org.id }) }, { messageId: 'm2', body: 'not json' }] } as never);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
    expect((await CashFlowForecast.get({ organization_id: t.org.id, made_on: today }).go()).data).toBeTruthy();
  });
});

describe('books that predate cash flows', () => {
  it('get the cash flows their entries would have written, once, however often the backfill runs', async () => {
    const t = await setup();
    await t.post('2026-02-01', [{ account_id: t.a.cash, debit: 5_000 }, { account_id: t.a.sales, credit: 5_000 }]);
    await t.post('2026-02-02', [{ account_id: t.a.rent, debit: 2_000 }, { account_id: t.a.bank, credit: 2_000 }]);
    // As an organization's books were before this change: the entries, no cash flows.
    const { data: flows } = await CashFlowTransaction.query.byDate({ organization_id: t.org.id }).go({ pages: 'all' });
    const { data: days } = await CashFlowDay.query.byDate({ organization_id: t.org.id }).go({ pages: 'all' });
    for (const f of flows) await CashFlowTransaction.delete({ organization_id: t.org.id, date: f.date, id: f.id }).go();
    for (const d of days) await CashFlowDay.delete({ organization_id: t.org.id, date: d.date, account_id: d.account_id, shard: d.shard }).go();
    expect((await verifyLedger(t.org.id)).ok).toBe(false);
    // A posting made since has its own; the backfill leaves it alone.
    await t.post('2026-02-03', [{ account_id: t.a.cash, debit: 1_000 }, { account_id: t.a.sales, credit: 1_000 }]);

    const [first, second] = await Promise.all([backfillOrganization(t.org.id), backfillOrganization(t.org.id)]);
    expect(first + second).toBe(2);
    expect(await backfillOrganization(t.org.id)).toBe(0);
    const verification = await verifyLedger(t.org.id);
    expect(verification.differences).toEqual([]);
    expect(verification.cashFlowsChecked).toBe(3);
    const summary = await call('GET', `${t.C}/summary`, { ...t.as('viewer'), query: { date_from: '2026-02-01', date_to: '2026-02-28' } });
    expect(summary.body).toMatchObject({ inflow: '6.000', outflow: '2.000', net: '4.000' });
  });
});

describe('a young shop', () => {
  it('does not read one early expense as a daily habit', async () => {
    const t = await setup();
    const today = todayIn('Asia/Amman');
    await t.post(addDays(today, -1), [{ account_id: t.a.cash, debit: 100_000 }, { account_id: t.a.sales, credit: 100_000 }], 'pos_transaction');
    await t.post(addDays(today, -1), [{ account_id: t.a.rent, debit: 35_000 }, { account_id: t.a.cash, credit: 35_000 }], 'expense');
    const forecast = await call('GET', `${t.C}/forecast/30`, t.as('viewer'));
    expect(forecast.status, JSON.stringify(forecast.body)).toBe(200);
    // Four weeks of history at least: the 35.000 is one day in 28, not 35.000 every day (1,050.000).
    expect(Number(forecast.body.base.components.spending) + Number(forecast.body.base.components.recurring)).toBeLessThanOrEqual(70);
  });
});
