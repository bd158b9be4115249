/**
 * Promotions through their routes (issue 16): a promotion with rules, the "why not" of validate,
 * usage limits that hold when many sales take the last uses at once, summaries, rules by id.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { billsSetup } from '../bills/test-setup.js';
import { uuidv7 } from '../platform/ids.js';

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const O = `/api/v1/organizations/${org.id}/promotions`;
  const p = (method: string, path: string, json?: unknown, role: keyof typeof users = 'admin') => call(method, `${O}${path}`, { ...as(role), ...(json ? { json } : {}) });
  return { org, users, as, O, p };
}

const lines = [
  { id: 'l1', product_id: 'juice', quantity: '3', unit_price: '1.160', gross: '3.480' },
  { id: 'l2', product_id: 'bread', quantity: '2', unit_price: '0.500', gross: '1.000' },
];

describe('promotions', () => {
  it('validate says how much and why, rule by rule; the register-facing list is the active ones', async () => {
    const s = await setup();
    const made = await s.p('POST', '', {
      name: 'Juice Fridays', name_ar: 'جمعة العصير', status: 'active', priority: 5,
      reward: { type: 'percent', percent: '10' },
      rules: [{ product_ids: ['juice'], min_quantity: '3', days_of_week: [5] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ promotion_type: 'percent', status: 'active', used_total: 0, rules: [{ product_ids: ['juice'] }] });
    const id = made.body.id as string;
    // Friday 27 Nov 2026, 10:00 in Amman: 10 % of 3.480 = 0.348, on the juice line only.
    const friday = await s.p('POST', '/validate', { promotion_id: id, lines, at: '2026-11-27T10:00:00+03:00' }, 'member');
    expect(friday.status, JSON.stringify(friday.body)).toBe(200);
    expect(friday.body).toMatchObject({ eligible: true, discount: '0.348', lines: [{ line_id: 'l1', discount: '0.348' }], reason_key: 'promotion.why.applied' });
    // Thursday: not on this day.
    const thursday = await s.p('POST', '/validate', { promotion_id: id, lines, at: '2026-11-26T10:00:00+03:00' }, 'member');
    expect(thursday.body).toMatchObject({ eligible: false, discount: '0.000', reason_key: 'promotion.why.wrong_day', reason: 'Not on this day of the week' });
    // Two juices: the quantity rule says what is missing.
    const two = await s.p('POST', '/validate', { promotion_id: id, lines: [{ ...lines[0], quantity: '2', gross: '2.320' }], at: '2026-11-27T10:00:00+03:00' }, 'member');
    expect(two.body).toMatchObject({ eligible: false, reason_key: 'promotion.why.min_quantity', reason_params: { required: '3', actual: '2' } });
    // By cart total only (SPEC's fields): a subtotal rule.
    const spend = await s.p('POST', '', { name: '2 off above 20', status: 'active', reward: { type: 'fixed_amount', amount: '2.000' }, rules: [{ min_subtotal: '20.000' }] });
    const small = await s.p('POST', '/validate', { promotion_id: spend.body.id, cart_total: '15.000', item_count: '4' }, 'member');
    expect(small.body).toMatchObject({ eligible: false, reason_key: 'promotion.why.min_subtotal', reason_params: { required: '20.000', actual: '15.000' } });
    const big = await s.p('POST', '/validate', { promotion_id: spend.body.id, cart_total: '25.000', item_count: '4' }, 'member');
    expect(big.body).toMatchObject({ eligible: true, discount: '2.000' });

    // Rules by their own id; a draft is not active; the active list.
    const rule = await s.p('POST', `/${spend.body.id}/rules`, { min_subtotal: '50.000', location_ids: ['main'] });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const changed = await s.p('PUT', `/rules/${rule.body.id}`, { min_subtotal: '40.000' });
    expect(changed.body).toMatchObject({ id: rule.body.id, min_subtotal: '40.000', promotion_id: spend.body.id });
    expect((await s.p('GET', `/${spend.body.id}/rules`, undefined, 'viewer')).body.count).toBe(2);
    expect((await s.p('DELETE', `/rules/${rule.body.id}`)).status).toBe(200);
    expect((await s.p('PUT', `/rules/${rule.body.id}`, { min_subtotal: '1.000' })).status).toBe(404);
    await s.p('POST', '', { name: 'Draft idea', reward: { type: 'percent', percent: '50' } });
    const active = await s.p('GET', '/active', undefined, 'viewer');
    expect(active.body.data.map((x: { name: string }) => x.name).sort()).toEqual(['2 off above 20', 'Juice Fridays']);
    const found = await s.p('POST', '/search', { q: 'جمعه' }, 'viewer');
    expect(found.body.data.map((x: { id: string }) => x.id)).toEqual([id]);
    const drafts = await call('GET', s.O, { ...s.as('viewer'), query: { status: 'draft' } });
    expect(drafts.body.count).toBe(1);

    // Members do not make promotions; a bad reward is a 422 that says where.
    expect((await s.p('POST', '', { name: 'x', reward: { type: 'percent', percent: '10' } }, 'member')).status).toBe(403);
    const bad = await s.p('POST', '', { name: 'x', reward: { type: 'percent', percent: '150' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toMatch(/reward/);
  });

  it('usage limits hold when twenty sales take the last uses at once; per customer too', async () => {
    const s = await setup();
    const limited = await s.p('POST', '', { name: 'First five', status: 'active', usage_limit_total: 5, usage_limit_per_customer: 2, reward: { type: 'fixed_amount', amount: '1.000' } });
    const uses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => s.p('POST', '/usage', { promotion_id: limited.body.id, customer_id: `c${i % 4}`, reference_type: 'manual', reference_id: `sale-${i}`, discount: '1.000' }, 'member')),
    );
    const recorded = uses.filter((u) => u.status === 201).length;
    for (const u of uses) expect([201, 409], JSON.stringify(u.body)).toContain(u.status);
    expect(recorded).toBe(5);
    const summary = await s.p('GET', `/${limited.body.id}/summary`, undefined, 'viewer');
    expect(summary.body).toMatchObject({ used_total: 5, discount_total: '5.000', usage_limit_total: 5, remaining: 0 });
    expect(summary.body.first_used_at).not.toBeNull();
    // The list shows the same figures; an ended promotion does not start again through PUT either.
    const listed0 = await s.p('GET', '', undefined, 'viewer');
    expect(listed0.body.data.find((x: { id: string }) => x.id === limited.body.id)).toMatchObject({ used_total: 5, discount_total: '5.000' });
    const listed = await s.p('GET', `/${limited.body.id}/usage`, undefined, 'viewer');
    expect(listed.body.count).toBe(5);
    // No customer uses it more than twice.
    const perCustomer = new Map<string, number>();
    for (const u of listed.body.data as { customer_id: string }[]) perCustomer.set(u.customer_id, (perCustomer.get(u.customer_id) ?? 0) + 1);
    expect(Math.max(...perCustomer.values())).toBeLessThanOrEqual(2);
    // Validate now says the limit is reached; without a customer, that one is needed.
    const why = await s.p('POST', '/validate', { promotion_id: limited.body.id, cart_total: '10.000', item_count: '1', customer_id: 'c9' }, 'member');
    expect(why.body.reason_key).toBe('promotion.why.usage_limit_reached');
    // A used promotion is ended, not deleted; an unused one is deleted.
    const ended = await s.p('DELETE', `/${limited.body.id}`);
    expect(ended.body).toMatchObject({ deleted: false, promotion: { status: 'ended' } });
    const unused = await s.p('POST', '', { name: 'Never', reward: { type: 'percent', percent: '5' } });
    expect((await s.p('DELETE', `/${unused.body.id}`)).body.deleted).toBe(true);
    const bulk = await s.p('POST', '/bulk-operations', { operation: 'activate', promotion_ids: [limited.body.id] });
    expect(bulk.body).toMatchObject({ done: 0, failed: 1 });
    expect((await s.p('PUT', `/${limited.body.id}`, { status: 'active' })).status).toBe(409);
  }, 60_000);

  it('at the till: a sale earns a promotion the shared computation agrees on, its use is recorded with the sale, and the limit holds', async () => {
    const s = await billsSetup();
    const { org, as } = s;
    const O = `/api/v1/organizations/${org.id}`;
    const juice = await call('POST', `${O}/products-services`, { ...as('admin'), json: { sku: 'JCE', name: 'Juice', sale_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id } });
    const terminal = await call('POST', `${O}/pos/terminals`, { ...as('admin'), json: { name: 'Counter', receipt_prefix: 'P1' } });
    const session = await call('POST', `${O}/pos/sessions`, { ...as('member'), json: { terminal_id: terminal.body.id, opening_float: '0' } });
    const promo = await call('POST', `${O}/promotions`, { ...as('admin'), json: { name: '10% on juice', name_ar: 'خصم ١٠٪ على العصير', status: 'active', usage_limit_total: 2, reward: { type: 'percent', percent: '10' }, rules: [{ product_ids: [juice.body.id] }] } });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    let sequence = 0;
    const sale = (promotionDiscount: string | null, extra: Record<string, unknown> = {}, cash = '3.132') => {
      const body = {
        id: uuidv7(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: ++sequence, occurred_at: new Date().toISOString(),
        lines: [{ id: uuidv7(), product_id: juice.body.id, quantity: '3', unit_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id, ...(promotionDiscount ? { promotion_discount: promotionDiscount } : {}) }],
        payments: [{ id: uuidv7(), tender: 'cash', amount: cash }],
        promotions: promotionDiscount ? [{ promotion_id: promo.body.id, discount: promotionDiscount }] : [],
        ...extra,
      };
      return call('POST', `${O}/pos/transactions`, { ...as('member'), json: body, headers: { 'idempotency-key': body.id } });
    };
    // 3 × 1.160 = 3.480 with 16% in it; 10% off = 0.348 → 3.132, of which tax 0.432 (3.132 − 2.700).
    const one = await sale('0.348');
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body).toMatchObject({ total_amount: '3.132', tax: '0.432', net: '2.700', discount: '0.348' });
    expect(one.body.lines[0]).toMatchObject({ discount: '0.348', promotion_discount: '0.348' });
    expect(one.body.promotions).toEqual([{ promotion_id: promo.body.id, name: '10% on juice', name_ar: 'خصم ١٠٪ على العصير', discount: '0.348', reason_key: 'promotion.why.applied', reason_params: { discount: '0.348' } }]);
    // A register whose figures disagree is told to apply the promotions again; nothing is written.
    const wrong = await sale('0.500', {}, '2.980');
    expect(wrong.status).toBe(409);
    expect(wrong.body.detail).toMatch(/apply them again/);
    // The second use is the last (limit 2); the third online sale is refused, an offline one is kept.
    expect((await sale('0.348')).status).toBe(201);
    const third = await sale('0.348');
    expect(third.status).toBe(409);
    expect(third.body.detail).toMatch(/used as often as it may be/);
    const offline = await sale('0.348', { offline: true });
    expect(offline.status, JSON.stringify(offline.body)).toBe(201);
    const summary = await call('GET', `${O}/promotions/${promo.body.id}/summary`, as('viewer'));
    expect(summary.body).toMatchObject({ used_total: 3, discount_total: '1.044' });
    const usage = await call('GET', `${O}/promotions/${promo.body.id}/usage`, as('viewer'));
    expect(usage.body.data.map((u: { reference_type: string }) => u.reference_type)).toEqual(['pos_transaction', 'pos_transaction', 'pos_transaction']);
  }, 60_000);
});
