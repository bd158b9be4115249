/**
 * Loyalty (issue 16): programs and rewards, customers' points in the office, points at the till
 * (a redemption is a discount spread over the lines, earning on what was paid), returns taking
 * points back (a shortfall kept from the refund), concurrent redemptions, the nightly lapse — and
 * the loyalty liability equal to the revenue deferred for the points customers hold.
 */
import { describe, expect, it } from 'vitest';
import { redeemOnTicket } from '@daftar/shared/pos/loyalty';
import { call } from '../../test/client.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { verifyLedger } from '../ledger/verify.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { uuidv7 } from '../platform/ids.js';
import { expireLoyaltyPoints } from './expiry.js';

async function setup(program: Record<string, unknown> = {}) {
  const s = await billsSetup();
  const { org, as } = s;
  const O = `/api/v1/organizations/${org.id}`;
  const L = `${O}/loyalty`;
  const bread = await call('POST', `${O}/products-services`, { ...as('admin'), json: { sku: 'KEK', name: 'Kaak', name_ar: 'كعك', sale_price: '11.600', price_includes_tax: true, tax_id: s.gst16.id } });
  const terminal = await call('POST', `${O}/pos/terminals`, { ...as('admin'), json: { name: 'Counter', receipt_prefix: `L${Math.floor(Math.random() * 1e5)}` } });
  const session = await call('POST', `${O}/pos/sessions`, { ...as('member'), json: { terminal_id: terminal.body.id, opening_float: '0' } });
  const customer = await call('POST', `${O}/pos/customers/quick-create`, { ...as('member'), json: { name: 'رنا الحداد', phone: '0791234567' } });
  const created = await call('POST', `${L}/programs`, { ...as('admin'), json: { name: 'Bakery friends', points_per_unit: '1', rounding: 'down', point_value: '0.100', ...program } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const enrolled = await call('POST', `${L}/customers`, { ...as('member'), json: { customer_id: customer.body.id, loyalty_program_id: created.body.id } });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
  let sequence = 0;
  const line = (fields: Record<string, unknown> = {}) => ({ id: uuidv7(), product_id: bread.body.id, quantity: '1', unit_price: '11.600', price_includes_tax: true, tax_id: s.gst16.id, ...fields });
  const sell = (body: Record<string, unknown>) => {
    const id = uuidv7();
    return call('POST', `${O}/pos/transactions`, { ...as('member'), json: { id, terminal_id: terminal.body.id, session_id: session.body.id, sequence: ++sequence, occurred_at: new Date().toISOString(), customer_id: customer.body.id, ...body }, headers: { 'idempotency-key': id } });
  };
  const giveBack = (body: Record<string, unknown>) => call('POST', `${O}/pos/returns`, { ...as('member'), json: { id: uuidv7(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: ++sequence, occurred_at: new Date().toISOString(), payments: [], refund_method: 'original_tenders', ...body } });
  const points = async () => (await call('GET', `${L}/customers/${customer.body.id}`, as('viewer'))).body;
  const row = async (code: string) => {
    const { rows, balanced } = await trialRows(org.id, s.users.admin.token);
    expect(balanced).toBe(true);
    return rows.find((r) => r[0] === code)?.slice(1) ?? ['0.000', '0.000'];
  };
  return { ...s, O, L, bread: bread.body, customer: customer.body, program: created.body, line, sell, giveBack, points, row };
}

/** The register's spread of `points` worth `value` over one 11.600 line. */
function redeemedLine(t: Awaited<ReturnType<typeof setup>>, value: string) {
  const line = t.line();
  const [spread] = redeemOnTicket([{ ...line, tax_rate: '16', tax_category: 'standard', discount: null }], Math.round(Number(value) * 1000), 'JOD');
  return { line: { ...line, loyalty_discount: (spread!.loyalty_discount / 1000).toFixed(3) }, gross: spread!.gross };
}

describe('loyalty programs and rewards', () => {
  it('checks terms, names and what may change while points are held', async () => {
    const t = await setup();
    const { L, as } = t;
    const bad = await call('POST', `${L}/programs`, { ...as('admin'), json: { name: 'Broken', points_per_unit: '1', point_value: '0' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('A point is worth more than zero');
    expect((await call('POST', `${L}/programs`, { ...as('admin'), json: { name: 'bakery FRIENDS', points_per_unit: '1', point_value: '0.010' } })).status).toBe(409);
    expect((await call('POST', `${L}/programs`, { ...as('member'), json: { name: 'Other', points_per_unit: '1', point_value: '0.010' } })).status).toBe(403);
    const tiers = await call('POST', `${L}/programs`, { ...as('admin'), json: { name: 'Tiers', points_per_unit: '1', point_value: '0.010', tiers: [{ name: 'Gold', min_lifetime_points: 100, multiplier: '2' }, { name: 'Silver', min_lifetime_points: 100, multiplier: '1.5' }] } });
    expect(tiers.status).toBe(422);

    await call('POST', `${L}/earn-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '10', description: 'Welcome' } });
    const revalue = await call('PUT', `${L}/programs/${t.program.id}`, { ...as('admin'), json: { point_value: '0.200' } });
    expect(revalue.status).toBe(409);
    const renamed = await call('PUT', `${L}/programs/${t.program.id}`, { ...as('admin'), json: { name: 'Bakery family', points_per_unit: '2' } });
    expect(renamed.body).toMatchObject({ name: 'Bakery family', points_per_unit: '2', point_value: '0.100', members: 1, points_outstanding: 10, points_value: '1.000' });
    expect((await call('DELETE', `${L}/programs/${t.program.id}`, as('admin'))).status).toBe(409);

    const reward = await call('POST', `${L}/rewards`, { ...as('admin'), json: { loyalty_program_id: t.program.id, name: 'Free coffee', points_cost: 25, reward_type: 'free_item', product_id: t.bread.id } });
    expect(reward.status, JSON.stringify(reward.body)).toBe(201);
    expect((await call('POST', `${L}/rewards`, { ...as('admin'), json: { loyalty_program_id: t.program.id, name: 'Money off', points_cost: 25, reward_type: 'discount' } })).status).toBe(422);
    const listed = await call('GET', `${L}/rewards`, { ...as('viewer'), query: { loyalty_program_id: t.program.id } });
    expect(listed.body.count).toBe(1);
    const off = await call('PUT', `${L}/rewards/${reward.body.id}`, { ...as('admin'), json: { active: false } });
    expect(off.body.active).toBe(false);
  });
});

describe('points in the office', () => {
  it('gives, redeems, corrects and undoes points, the liability equal to what is deferred', async () => {
    const t = await setup();
    const { L, as } = t;
    const given = await call('POST', `${L}/earn-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '100', description: 'Opening bonus' } });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    // Given for nothing: a promise worth 100 × 0.100 = 10.000, booked as marketing.
    expect(given.body).toMatchObject({ points_balance: 100, points_available: 100, points_value: '10.000', deferred_revenue: '10.000' });
    expect(await t.row('6500')).toEqual(['10.000', '0.000']);

    const reward = await call('POST', `${L}/rewards`, { ...as('admin'), json: { loyalty_program_id: t.program.id, name: 'Cake', points_cost: 30, reward_type: 'discount', discount_amount: '3.000' } });
    expect((await call('POST', `${L}/redeem-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '20', reward_id: reward.body.id } })).status).toBe(422);
    expect((await call('POST', `${L}/redeem-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '500' } })).status).toBe(422);
    const spent = await call('POST', `${L}/redeem-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '30', reward_id: reward.body.id } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    expect(spent.body).toMatchObject({ points_balance: 70, redeemed_points: 30, deferred_revenue: '7.000' });
    expect(await t.row('4100')).toEqual(['0.000', '3.000']);

    const taken = await call('POST', `${L}/transactions`, { ...as('admin'), json: { customer_id: t.customer.id, points: -20, description: 'Duplicate bonus' } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body).toMatchObject({ transaction_type: 'adjust', points: -20, balance_after: 50, deferred_change: '-2.000' });
    expect((await call('POST', `${L}/transactions`, { ...as('admin'), json: { customer_id: t.customer.id, points: 0, description: 'x' } })).status).toBe(422);
    const undo = await call('DELETE', `${L}/transactions/${taken.body.id}`, as('admin'));
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await call('DELETE', `${L}/transactions/${taken.body.id}`, as('admin'))).status).toBe(409);
    const now = await t.points();
    expect(now).toMatchObject({ points_balance: 70, deferred_revenue: '7.000' });
    const line = await call('GET', `${L}/transactions/${taken.body.id}`, as('viewer'));
    expect(line.body.reversed_by).toBeTruthy();
    const described = await call('PUT', `${L}/transactions/${taken.body.id}`, { ...as('admin'), json: { description: 'Bonus given twice by mistake' } });
    expect(described.body).toMatchObject({ description: 'Bonus given twice by mistake', points: -20 });

    const ledger = await call('GET', `${L}/customers/${t.customer.id}/transactions`, as('viewer'));
    expect(ledger.body.data.map((l: { transaction_type: string; balance_after: number }) => [l.transaction_type, l.balance_after])).toEqual([['reversal', 70], ['adjust', 50], ['redeem', 70], ['earn', 100]]);
    const adjustments = await call('GET', `${L}/transactions`, { ...as('viewer'), query: { transaction_type: 'adjust' } });
    expect(adjustments.body.count).toBe(1);

    const summary = await call('GET', `${L}/programs/${t.program.id}/summary`, as('viewer'));
    expect(summary.body).toMatchObject({ members: 1, points_outstanding: 70, points_redeemed: 30, deferred_revenue: '7.000', liability_account_balance: '7.000' });
    const found = await call('POST', `${L}/search`, { ...as('viewer'), json: { q: 'رنا', min_points: 50 } });
    expect(found.body.data.map((m: { customer_id: string }) => m.customer_id)).toEqual([t.customer.id]);
    expect((await call('POST', `${L}/search`, { ...as('viewer'), json: { q: 'رنا', min_points: 71 } })).body.count).toBe(0);

    // A customer with points can neither leave nor change program.
    expect((await call('DELETE', `${L}/customers/${t.customer.id}`, as('admin'))).status).toBe(409);
    const other = await call('POST', `${t.O}/pos/customers/quick-create`, { ...as('member'), json: { name: 'Omar' } });
    const bulk = await call('POST', `${L}/bulk-operations`, { ...as('admin'), json: { operation: 'enroll', loyalty_program_id: t.program.id, customer_ids: [other.body.id, t.customer.id] } });
    expect(bulk.body.succeeded).toEqual([other.body.id]);
    expect(bulk.body.failed).toMatchObject([{ customer_id: t.customer.id }]);
    expect((await verifyLedger(t.org.id)).ok).toBe(true);
  });
});

describe('points at the till', () => {
  it('redeems points as a discount of the sale and earns on what was paid', async () => {
    const t = await setup();
    const { L, as } = t;
    await call('POST', `${L}/earn-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '100', reference_type: 'invoice', reference_id: 'INV-1' } });
    const standing = await call('GET', `${t.O}/pos/customers/${t.customer.id}/account-balance`, as('member'));
    expect(standing.body.loyalty).toMatchObject({ points_available: 100, points_value: '10.000', terms: { point_value: '0.100' } });

    const { line, gross } = redeemedLine(t, '5.000');
    expect(gross).toBe(6600);
    // Worth 5.000, not 4.000; and shares that do not follow the spread.
    expect((await t.sell({ lines: [line], loyalty_redemption: { points: 50, discount: '4.000' }, payments: [{ id: uuidv7(), tender: 'cash', amount: '6.600' }] })).status).toBe(422);
    expect((await t.sell({ lines: [{ ...line, loyalty_discount: '4.000' }], loyalty_redemption: { points: 50, discount: '5.000' }, payments: [{ id: uuidv7(), tender: 'cash', amount: '7.600' }] })).status).toBe(422);
    expect((await t.sell({ lines: [line], payments: [{ id: uuidv7(), tender: 'cash', amount: '6.600' }] })).status).toBe(422);
    const sale = await t.sell({ lines: [line], loyalty_redemption: { points: 50, discount: '5.000' }, payments: [{ id: uuidv7(), tender: 'cash', amount: '6.600' }] });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    // 11.600 less 5.000 of points: 6.600 paid, its tax 0.910 on the lower price; 6 points earned on 6.600.
    expect(sale.body).toMatchObject({ total_amount: '6.600', tax: '0.910', net: '5.690', lines: [{ loyalty_discount: '5.000' }], loyalty: { points_redeemed: 50, redeemed_value: '5.000', points_earned: 6, balance_after: 56 } });
    // Released: 10.000 × 50 / 100 = 5.000 to sales; deferred for the 6 new points: 5690 × 600 / 6290 = 542.77 → 0.543.
    expect(await t.points()).toMatchObject({ points_balance: 56, deferred_revenue: '5.543' });
    expect(await t.row('2600')).toEqual(['0.000', '5.543']);
    // The invoice's 100 points deferred 10.000 out of sales (Dr); the sale adds 5.690 + 5.000 released − 0.543 deferred.
    expect(await t.row('4100')).toEqual(['0.000', '0.147']);

    // Returned in full: the 6 points earned go back, the 50 redeemed come back; the refund is the 6.600 paid.
    const back = await t.giveBack({ original_transaction_id: sale.body.id, lines: [{ id: uuidv7(), original_line_id: line.id, quantity: '1', restock: true }] });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ total_amount: '6.600', loyalty: { points_taken_back: 6, points_restored: 50, shortfall_points: 0, balance_after: 100 } });
    expect(await t.points()).toMatchObject({ points_balance: 100, deferred_revenue: '10.000' });
    expect(await t.row('2600')).toEqual(['0.000', '10.000']);
    expect((await verifyLedger(t.org.id)).ok).toBe(true);
  });

  it('keeps from the refund the value of points the customer already spent', async () => {
    const t = await setup();
    const { L, as } = t;
    const sale = await t.sell({ lines: [t.line({ quantity: '2' })], payments: [{ id: uuidv7(), tender: 'cash', amount: '23.200' }] });
    expect(sale.body.loyalty).toMatchObject({ points_earned: 23 });
    expect((await call('POST', `${L}/redeem-points`, { ...as('member'), query: { customer_id: t.customer.id, points: '20' } })).status).toBe(201);
    // Return it all: 23 points to take back, 3 left; 20 × 0.100 = 2.000 kept from the 23.200.
    const back = await t.giveBack({ original_transaction_id: sale.body.id, lines: [{ id: uuidv7(), original_line_id: sale.body.lines[0].id, quantity: '2', restock: true }] });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ total_amount: '21.200', refunds: [{ tender: 'cash', amount: '21.200' }], loyalty: { points_taken_back: 3, shortfall_points: 20, shortfall_amount: '2.000', balance_after: 0 } });
    expect(await t.points()).toMatchObject({ points_balance: 0, deferred_revenue: '0.000' });
    expect(await t.row('2600')).toEqual(['0.000', '0.000']);
    expect((await verifyLedger(t.org.id)).ok).toBe(true);
    const details = await call('GET', `${t.O}/pos/transactions/${sale.body.id}/return-details`, as('viewer'));
    expect(details.body.loyalty).toMatchObject({ points_earned: 23, returned_gross: '23.200', customer_points_available: 0 });
  });

  it('lets only one of two tills spend the same points at once', async () => {
    const t = await setup();
    await call('POST', `${t.L}/earn-points`, { ...t.as('member'), query: { customer_id: t.customer.id, points: '100' } });
    const spend = () => {
      const { line } = redeemedLine(t, '6.000');
      return t.sell({ lines: [line], loyalty_redemption: { points: 60, discount: '6.000' }, payments: [{ id: uuidv7(), tender: 'cash', amount: '5.600' }] });
    };
    const results = await Promise.all([spend(), spend(), spend()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const after = await t.points();
    expect(after.points_balance).toBe(100 - 60 + 5);
    expect(after.points_balance).toBeGreaterThanOrEqual(0);
    expect(await t.row('2600')).toEqual(['0.000', after.deferred_revenue]);
  });
});

describe('the nightly lapse', () => {
  it('lapses lots past their expiry and recognises their deferred revenue', async () => {
    const t = await setup({ expiry_days: 30 });
    const sale = await t.sell({ lines: [t.line()], payments: [{ id: uuidv7(), tender: 'cash', amount: '11.600' }] });
    expect(sale.body.loyalty.points_earned).toBe(11);
    const before = await t.points();
    const today = todayIn('Asia/Amman');
    expect(before.next_expiry).toEqual({ on: addDays(today, 30), points: 11 });
    // The night before the expiry date: nothing lapses.
    await expireLoyaltyPoints(new Date(Date.now() + 29 * 86_400_000));
    expect((await t.points()).points_balance).toBe(11);
    await expireLoyaltyPoints(new Date(Date.now() + 31 * 86_400_000));
    expect(await t.points()).toMatchObject({ points_balance: 0, expired_points: 11, deferred_revenue: '0.000' });
    expect(await t.row('2600')).toEqual(['0.000', '0.000']);
    expect(await t.row('4100')).toEqual(['0.000', '10.000']);
    const ledger = await call('GET', `${t.L}/customers/${t.customer.id}/transactions`, t.as('viewer'));
    expect(ledger.body.data[0]).toMatchObject({ transaction_type: 'expire', points: -11, balance_after: 0 });
  });
});
