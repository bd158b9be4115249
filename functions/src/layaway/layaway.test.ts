/**
 * Layaways through their routes (issue 16): a layaway of two items at 16 % with a deposit and two
 * payments, picked up — the deposits back to zero, revenue net, output tax, cost of goods sold at
 * cost, the reservation consumed; a cancel keeping a fee; the last unit reserved by exactly one of
 * two layaways at once; two payments at once never over-pay; each list filter on its index; the
 * schedule; the overdue check with one reminder per instalment.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call, outbox, uniqueEmail } from '../../test/client.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { StockLevel } from '../db/stockLevel.js';
import { verifyLedger } from '../ledger/verify.js';
import { todayIn } from '../ledger/dates.js';
import { listPlan } from './read.js';
import { paymentSchedule } from './schedule.js';

async function setup() {
  const s = await billsSetup();
  const { org, as } = s;
  const O = `/api/v1/organizations/${org.id}`;
  const email = uniqueEmail('layaway');
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Huda Nasser', email }));
  const other = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Omar Saleh' }));
  const product = async (sku: string, name: string, price: string, stock: string, cost: string) => {
    const res = await call('POST', `${O}/products-services`, { ...as('admin'), json: { sku, name, sale_price: price, price_includes_tax: false, tax_id: s.gst16.id, is_tracked_inventory: true, cost } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (Number(stock) > 0) {
      const receipt = await call('POST', `${O}/inventory/stock-movements`, { ...as('member'), json: { movement_type: 'receipt', product_id: res.body.id, quantity: stock, unit_cost: cost } });
      expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    }
    return res.body as { id: string };
  };
  const ring = await product('RNG', 'Gold ring', '100.000', '3', '40.000');
  const bracelet = await product('BRC', 'Bracelet', '25.500', '1', '10.250');
  const lw = (method: string, path: string, json?: unknown, extra: Record<string, unknown> = {}) => call(method, `${O}/layaway${path}`, { ...as('member'), ...(json ? { json } : {}), ...extra });
  const row = async (code: string) => {
    const { rows } = await trialRows(org.id, s.users.admin.token);
    return rows.find((r) => r[0] === code)?.slice(1) ?? ['0.000', '0.000'];
  };
  const reserved = async (productId: string) => (await StockLevel.get({ organization_id: org.id, product_id: productId, location_id: 'main' }).go()).data;
  return { ...s, O, email, customer, other, ring, bracelet, lw, row, reserved };
}

describe('layaway', () => {
  it('two items at 16 %, a deposit and two payments, picked up: deposits back to 0, revenue net, output tax, COGS at cost, reservation consumed', async () => {
    const s = await setup();
    const created = await s.lw('POST', '', {
      customer_id: s.customer.id,
      items: [{ product_id: s.ring.id, quantity: '1' }, { product_id: s.bracelet.id, quantity: '1' }],
      payment_frequency: 'monthly',
      due_date: '2099-03-01',
      minimum_deposit: '45.580',
      deposit: { amount: '45.580', payment_method: 'cash' },
    }, { headers: { 'idempotency-key': 'create-1' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 100.000 + 25.500 = 125.500 net; 16 % = 20.080; 145.580 in all.
    expect(created.body).toMatchObject({ status: 'active', subtotal: '125.500', tax_total: '20.080', total: '145.580', amount_paid: '45.580', balance_due: '100.000', reservation_status: 'reserved', layaway_number: 'LAY-000001' });
    const id = created.body.id as string;
    // The retry with the same key answers the first result and creates nothing.
    const again = await s.lw('POST', '', { customer_id: s.customer.id, items: [{ product_id: s.ring.id, quantity: '1' }, { product_id: s.bracelet.id, quantity: '1' }], payment_frequency: 'monthly', due_date: '2099-03-01', minimum_deposit: '45.580', deposit: { amount: '45.580', payment_method: 'cash' } }, { headers: { 'idempotency-key': 'create-1' } });
    expect(again.body.id).toBe(id);
    expect((await s.reserved(s.ring.id))?.reserved).toBe(1000);
    expect((await s.reserved(s.bracelet.id))?.reserved).toBe(1000);
    // The deposit is a liability, not revenue.
    expect(await s.row('2300')).toEqual(['0.000', '45.580']);
    expect(await s.row('4100')).toEqual(['0.000', '0.000']);

    // Picking up before paying in full is refused.
    expect((await s.lw('POST', `/${id}/pickup`)).status).toBe(409);
    for (const amount of ['50.000', '50.000']) {
      const paid = await s.lw('POST', `/${id}/payments`, { amount, payment_method: 'card' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
    expect(await s.row('2300')).toEqual(['0.000', '145.580']);
    const over = await s.lw('POST', `/${id}/payments`, { amount: '0.001', payment_method: 'cash' });
    expect(over.status).toBe(422);

    const picked = await s.lw('POST', `/${id}/pickup`);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body).toMatchObject({ status: 'completed', balance_due: '0.000', reservation_status: 'consumed' });
    const { balanced } = await trialRows(s.org.id, s.users.admin.token);
    expect(balanced).toBe(true);
    expect(await s.row('2300')).toEqual(['0.000', '0.000']);
    expect(await s.row('4100')).toEqual(['0.000', '125.500']);
    expect(await s.row('2200')).toEqual(['0.000', '20.080']);
    expect(await s.row('5100')).toEqual(['50.250', '0.000']);
    // Received 3 × 40.000 + 10.250 = 130.250; out 50.250 at cost.
    expect(await s.row('1400')).toEqual(['80.000', '0.000']);
    expect(await s.row('1110')).toEqual(['45.580', '0.000']);
    const ring = await s.reserved(s.ring.id);
    expect(ring).toMatchObject({ on_hand: 2000, reserved: 0 });
    expect(await s.reserved(s.bracelet.id)).toMatchObject({ on_hand: 0, reserved: 0 });
    const payments = await s.lw('GET', `/${id}/payments`);
    expect(payments.body.data.map((p: { payment_type: string; amount: string }) => [p.payment_type, p.amount])).toEqual([['deposit', '45.580'], ['payment', '50.000'], ['payment', '50.000']]);
    expect((await verifyLedger(s.org.id)).ok).toBe(true);
    // The GST return counts the pickup (its sale date), not the deposits, and agrees with the ledger.
    const today = todayIn('Asia/Amman');
    const month = Number(today.slice(5, 7));
    const period = `${today.slice(0, 4)}-${String(month % 2 === 1 ? month : month - 1).padStart(2, '0')}`;
    const gst = await call('GET', `/api/v1/organizations/${s.org.id}/reports/jordan-tax`, { ...s.as('viewer'), query: { tax_period: period } });
    expect(gst.status, JSON.stringify(gst.body)).toBe(200);
    expect(gst.body).toMatchObject({ output_tax: '20.080', ledger_check: { agrees: true } });
  });

  it('cancelled with a fee: the fee is other income, the rest refunded, the reservation released', async () => {
    const s = await setup();
    const created = await s.lw('POST', '', { customer_id: s.customer.id, items: [{ product_id: s.ring.id, quantity: '2' }], due_date: '2099-01-01', deposit: { amount: '30.000', payment_method: 'cash' }, cancellation_policy: 'fee', cancellation_fee: '5.000' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await s.reserved(s.ring.id))?.reserved).toBe(2000);
    const noReason = await s.lw('POST', `/${created.body.id}/cancel`);
    expect(noReason.status).toBe(422);
    const cancelled = await s.lw('POST', `/${created.body.id}/cancel`, undefined, { query: { reason: 'Customer changed their mind' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', reservation_status: 'released', cancellation_fee: '5.000', cancel_reason: 'Customer changed their mind' });
    expect((await s.reserved(s.ring.id))?.reserved).toBe(0);
    expect(await s.row('2300')).toEqual(['0.000', '0.000']);
    expect(await s.row('4900')).toEqual(['0.000', '5.000']);
    // 30.000 in, 25.000 back: 5.000 left in the drawer account.
    expect(await s.row('1110')).toEqual(['5.000', '0.000']);
    const payments = await s.lw('GET', `/${created.body.id}/payments`);
    expect(payments.body.data.map((p: { payment_type: string; amount: string }) => [p.payment_type, p.amount])).toEqual([['deposit', '30.000'], ['cancellation_fee', '-5.000'], ['refund', '-25.000']]);
    expect((await s.lw('POST', `/${created.body.id}/payments`, { amount: '1.000', payment_method: 'cash' })).status).toBe(409);
  });

  it('cancelled as store credit: the deposits become the customer\'s credit; a retried payment is recorded once', async () => {
    const s = await setup();
    const created = await s.lw('POST', '', { customer_id: s.customer.id, items: [{ product_id: s.ring.id, quantity: '1' }], due_date: '2099-01-01', deposit: { amount: '20.000', payment_method: 'cash' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The same payment sent twice under one Idempotency-Key: one payment.
    const key = { headers: { 'idempotency-key': `pay-${created.body.id}` } };
    const paid = await s.lw('POST', `/${created.body.id}/payments`, { amount: '10.000', payment_method: 'cash' }, key);
    const again = await s.lw('POST', `/${created.body.id}/payments`, { amount: '10.000', payment_method: 'cash' }, key);
    expect([paid.status, again.status]).toEqual([201, 201]);
    expect((await s.lw('GET', `/${created.body.id}/payments`)).body.count).toBe(2);
    const cancelled = await s.lw('POST', `/${created.body.id}/cancel`, { cancellation_policy: 'store_credit' }, { query: { reason: 'Will buy something else' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', reservation_status: 'released' });
    expect(await s.row('2300')).toEqual(['0.000', '0.000']);
    expect(await s.row('2500')).toEqual(['0.000', '30.000']);
    expect(await s.row('1110')).toEqual(['30.000', '0.000']);
    const balance = await call('GET', `${s.O}/pos/customers/${s.customer.id}/account-balance`, s.as('member'));
    expect(balance.body.store_credit).toBe('30.000');
    expect((await verifyLedger(s.org.id)).ok).toBe(true);
  });

  it('the last unit: of two layaways reserving it at once exactly one succeeds', async () => {
    const s = await setup();
    const body = (customer: string) => ({ customer_id: customer, items: [{ product_id: s.bracelet.id, quantity: '1' }], due_date: '2099-01-01' });
    const results = await Promise.all([s.lw('POST', '', body(s.customer.id)), s.lw('POST', '', body(s.other.id))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await s.reserved(s.bracelet.id))?.reserved).toBe(1000);
    const list = await s.lw('GET', '');
    expect(list.body.count).toBe(1);
  });

  it('two payments at once never over-pay the layaway', async () => {
    const s = await setup();
    const created = await s.lw('POST', '', { customer_id: s.customer.id, items: [{ product_id: s.ring.id, quantity: '1' }], due_date: '2099-01-01', deposit: { amount: '16.000', payment_method: 'cash' } });
    expect(created.status).toBe(201);
    const results = await Promise.all([0, 1].map(() => s.lw('POST', `/${created.body.id}/payments`, { amount: '60.000', payment_method: 'cash' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const now = await s.lw('GET', `/${created.body.id}`);
    expect(now.body).toMatchObject({ amount_paid: '76.000', balance_due: '40.000' });
    expect(await s.row('2300')).toEqual(['0.000', '76.000']);
  });

  it('each list filter is served by an index query, the rest filtered on it', async () => {
    expect(listPlan({ customer_id: 'c', status: 'active' })).toMatchObject({ index: 'byCustomer' });
    expect(listPlan({ status: 'active' })).toMatchObject({ index: 'byStatus', filters: [] });
    expect(listPlan({ status: 'active', location_id: 'main', min_amount: '1' })).toMatchObject({ index: 'byStatusAtLocation', filters: ['min_amount'] });
    expect(listPlan({ location_id: 'main' })).toMatchObject({ index: 'byLocation' });
    expect(listPlan({ due_date_from: '2025-01-01', is_overdue: true })).toMatchObject({ index: 'byId', filters: ['due_date_from', 'is_overdue'] });

    const s = await setup();
    const make = async (customer: string, quantity: string, due: string, frequency: string, start?: string) => {
      const res = await s.lw('POST', '', { customer_id: customer, items: [{ product_id: s.ring.id, quantity }], due_date: due, payment_frequency: frequency, ...(start ? { start_date: start } : {}), reserve_inventory: false });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const a = await make(s.customer.id, '1', '2099-01-01', 'monthly');
    const b = await make(s.other.id, '2', '2099-06-01', 'weekly');
    const c = await make(s.other.id, '1', '2030-01-01', 'biweekly', '2025-01-01');
    await s.lw('POST', `/${c}/cancel`, undefined, { query: { reason: 'test' } });
    const ids = async (query: Record<string, string>) => ((await s.lw('GET', '', undefined, { query })).body.data as { id: string }[]).map((x) => x.id).sort();
    expect(await ids({ customer_id: s.other.id })).toEqual([b, c].sort());
    expect(await ids({ status: 'active' })).toEqual([a, b].sort());
    expect(await ids({ status: 'cancelled', location_id: 'main' })).toEqual([c]);
    expect(await ids({ location_id: 'main' })).toEqual([a, b, c].sort());
    expect(await ids({ min_amount: '200' })).toEqual([b]);
    expect(await ids({ max_amount: '116.000' })).toEqual([a, c].sort());
    expect(await ids({ due_date_from: '2099-02-01' })).toEqual([b]);
    expect(await ids({ due_date_to: '2098-12-31' })).toEqual([c]);
    expect(await ids({ start_date_to: '2025-12-31' })).toEqual([c]);
    expect(await ids({ payment_frequency: 'weekly' })).toEqual([b]);
    expect(await ids({ is_overdue: 'true' })).toEqual([]);
    expect(await ids({ customer_id: s.other.id, status: 'active', limit: '1' })).toEqual([b]);
    // Not reserved at creation: reserve-inventory reserves all of it at once.
    const reserved = await s.lw('POST', `/${b}/reserve-inventory`);
    expect(reserved.body).toMatchObject({ reservation_status: 'reserved' });
    expect((await s.reserved(s.ring.id))?.reserved).toBe(2000);
    // The third ring of three: reserved too; then a fourth (a's line raised to 2) is refused, nothing changed.
    expect((await s.lw('POST', `/${a}/reserve-inventory`)).status).toBe(200);
    expect((await s.reserved(s.ring.id))?.reserved).toBe(3000);
    const line = (await s.lw('GET', `/${a}/items`)).body.data[0] as { id: string };
    const tooMuch = await s.lw('PUT', `/${a}/items/${line.id}`, { quantity: '2' });
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(409);
    expect((await s.lw('GET', `/${a}`)).body).toMatchObject({ total: '116.000' });
    expect((await s.reserved(s.ring.id))?.reserved).toBe(3000);
  });

  it('the schedule adds up to the fil; overdue is flagged and reminded once per instalment', async () => {
    const schedule = paymentSchedule({ total: 100_000, minimum_deposit: 10_000, amount_paid: 10_000, start_date: '2025-01-31', due_date: '2025-04-30', payment_frequency: 'monthly', currency: 'JOD' }, '2025-03-15');
    expect(schedule.map((i) => [i.due_date, i.amount, i.status])).toEqual([
      ['2025-01-31', 10_000, 'paid'],
      ['2025-02-28', 30_000, 'overdue'],
      ['2025-03-31', 30_000, 'due'],
      ['2025-04-30', 30_000, 'due'],
    ]);
    expect(paymentSchedule({ total: 100_001, minimum_deposit: 0, amount_paid: 0, start_date: '2025-01-01', due_date: '2025-01-22', payment_frequency: 'weekly', currency: 'JOD' }, '2025-01-01').reduce((sum, i) => sum + i.amount, 0)).toBe(100_001);

    const s = await setup();
    const created = await s.lw('POST', '', { customer_id: s.customer.id, items: [{ product_id: s.ring.id, quantity: '1' }], start_date: '2025-01-01', due_date: '2025-03-01', payment_frequency: 'monthly', minimum_deposit: '16.000', deposit: { amount: '16.000', payment_method: 'cash' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = await s.lw('GET', `/${created.body.id}/payment-schedule`);
    expect(plan.body.instalments.map((i: { due_date: string; amount: string; status: string }) => [i.due_date, i.amount, i.status])).toEqual([
      ['2025-01-01', '16.000', 'paid'],
      ['2025-02-01', '50.000', 'overdue'],
      ['2025-03-01', '50.000', 'overdue'],
    ]);
    const first = await s.lw('POST', '/check-overdue', {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ overdue: 1, reminders_sent: 2 });
    expect(outbox(s.email)).toHaveLength(2);
    const second = await s.lw('POST', '/check-overdue', {});
    expect(second.body).toMatchObject({ overdue: 1, reminders_sent: 0, newly_overdue: 0 });
    expect(outbox(s.email)).toHaveLength(2);
    expect((await s.lw('GET', '', undefined, { query: { is_overdue: 'true' } })).body.count).toBe(1);
    // Paid up: the flag clears with the payment.
    const paid = await s.lw('POST', `/${created.body.id}/payments`, { amount: '100.000', payment_method: 'cash' });
    expect(paid.body).toMatchObject({ is_overdue: false, balance_due: '0.000' });
    const summary = await s.lw('GET', '/summary');
    expect(summary.body).toMatchObject({ count: 1, deposits_held: '116.000', deposits_account_balance: '116.000', overdue_count: 0 });
  });
});
