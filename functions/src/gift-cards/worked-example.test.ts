/**
 * Issue 16's worked example: a gift card sold for 50.000 cash; a 16% sale of 46.400 to a customer
 * in a loyalty program (1 point per JOD, a point worth 0.010, revenue deferred for the points) that
 * earns a 10% promotion (−4.640) and is paid 30.000 by the card and 11.760 in cash; then half of it
 * returned to the original tenders. The trial balance, the card's balance, the promotion's use and
 * the customer's points, each to the fil and the point.
 */
import { describe, expect, it } from 'vitest';
import { promoteTicket } from '@daftar/shared/pos/promotions';
import { call } from '../../test/client.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { verifyLedger } from '../ledger/verify.js';
import { todayIn } from '../ledger/dates.js';
import { uuidv7 } from '../platform/ids.js';

describe('worked example: a gift card, a promotion and a return', () => {
  it('leaves the card at 35.000, the liability equal to it, revenue net of the promotion and half the sale returned', async () => {
    const s = await billsSetup();
    const { org, as } = s;
    const O = `/api/v1/organizations/${org.id}`;
    const dates = await call('POST', `${O}/products-services`, { ...as('admin'), json: { sku: 'DTS', name: 'Medjool dates 1 kg', name_ar: 'تمر مجدول', sale_price: '11.600', price_includes_tax: true, tax_id: s.gst16.id } });
    const terminal = await call('POST', `${O}/pos/terminals`, { ...as('admin'), json: { name: 'Counter', receipt_prefix: 'W1' } });
    const session = await call('POST', `${O}/pos/sessions`, { ...as('member'), json: { terminal_id: terminal.body.id, opening_float: '0' } });
    const customer = await call('POST', `${O}/pos/customers/quick-create`, { ...as('member'), json: { name: 'Rana Haddad', phone: '0791234567' } });
    const program = await call('POST', `${O}/loyalty/programs`, { ...as('admin'), json: { name: 'Dates club', points_per_unit: '1', rounding: 'down', point_value: '0.010' } });
    expect(program.status, JSON.stringify(program.body)).toBe(201);
    expect((await call('POST', `${O}/loyalty/customers`, { ...as('member'), json: { customer_id: customer.body.id, loyalty_program_id: program.body.id } })).status).toBe(201);

    // 1. The card: 50.000 cash at the till.
    const card = await call('POST', `${O}/gift-cards`, { ...as('member'), json: { gift_card_type: 'physical', initial_balance: '50.000', payment_method: 'cash', session_id: session.body.id } });
    expect(card.status, JSON.stringify(card.body)).toBe(201);

    // 2. The promotion: 10% off dates.
    const promo = await call('POST', `${O}/promotions`, { ...as('admin'), json: { name: 'Dates 10%', status: 'active', reward: { type: 'percent', percent: '10' }, rules: [{ product_ids: [dates.body.id] }] } });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);

    // 3. Four kilos (46.400), the promotion as the register computes it (shared/src/pos/promotions.ts).
    const lineId = uuidv7();
    const line = { id: lineId, product_id: dates.body.id, quantity: '4', unit_price: '11.600', price_includes_tax: true, tax_id: s.gst16.id };
    const occurredAt = new Date().toISOString();
    const promoted = promoteTicket(
      [{ ...line, tax_rate: '16', tax_category: 'standard' }],
      [{ id: promo.body.id, name: 'Dates 10%', priority: 0, exclusive: false, stackable: false, status: 'active', used_total: 0, rules: [{ product_ids: [dates.body.id] }], reward: { type: 'percent', percent: '10' } }],
      { currency: 'JOD', at: occurredAt, local_weekday: 0, local_time: '12:00' },
    );
    expect(promoted.lines[0]).toMatchObject({ promotion_discount: 4640, gross: 41760, tax: 5760, net: 36000 });
    const saleBody = {
      id: uuidv7(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: 1, occurred_at: occurredAt, customer_id: customer.body.id,
      lines: [{ ...line, promotion_discount: '4.640' }],
      promotions: [{ promotion_id: promo.body.id, discount: '4.640' }],
      payments: [{ id: uuidv7(), tender: 'gift_card', amount: '30.000', gift_card_id: card.body.id }, { id: uuidv7(), tender: 'cash', amount: '11.760' }],
    };
    const sale = await call('POST', `${O}/pos/transactions`, { ...as('member'), json: saleBody, headers: { 'idempotency-key': saleBody.id } });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ total_amount: '41.760', net: '36.000', tax: '5.760', discount: '4.640', promotions: [{ name: 'Dates 10%', discount: '4.640', reason_key: 'promotion.why.applied' }] });
    expect((await call('GET', `${O}/gift-cards/${card.body.id}/balance`, as('viewer'))).body.balance).toBe('20.000');
    // 41.760 paid earns 41 points (rounded down); their share of the 36.000 net is deferred:
    // 36000 × 0.410 / (36.000 + 0.410) = 405.38 → 0.405 (IFRS 15 relative stand-alone selling prices).
    expect(sale.body.loyalty).toMatchObject({ points_earned: 41, points_redeemed: 0, balance_after: 41 });
    // The receipt names the card by its last digits (a reprint shows them).
    expect(sale.body.payments[0]).toMatchObject({ tender: 'gift_card', gift_card_id: card.body.id, reference: `•••• ${card.body.card_number.slice(-4)}` });

    // 4. Half returned (2 kilos): 20.880 back, split as the sale was paid — 15.000 onto the card, 5.880 cash.
    const back = await call('POST', `${O}/pos/returns`, { ...as('member'), json: { id: uuidv7(), terminal_id: terminal.body.id, session_id: session.body.id, sequence: 2, occurred_at: new Date().toISOString(), original_transaction_id: sale.body.id, lines: [{ id: uuidv7(), original_line_id: lineId, quantity: '2', restock: true }], payments: [], refund_method: 'original_tenders' } });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ total_amount: '20.880', net: '18.000', tax: '2.880' });
    expect(back.body.refunds).toEqual(expect.arrayContaining([{ tender: 'gift_card', amount: '15.000' }, { tender: 'cash', amount: '5.880' }]));
    expect((await call('GET', `${O}/gift-cards/${card.body.id}/balance`, as('viewer'))).body.balance).toBe('35.000');
    // Half the sale back takes back half its points: round(41 / 2) = 21 (half away from zero), and
    // their share of the deferred pool, round(0.405 × 21 / 41) = 0.207, comes off the sales returns.
    expect(back.body.loyalty).toMatchObject({ points_taken_back: 21, points_restored: 0, shortfall_points: 0, balance_after: 20 });
    const points = await call('GET', `${O}/loyalty/customers/${customer.body.id}`, as('viewer'));
    expect(points.body).toMatchObject({ points_balance: 20, lifetime_points: 20, points_value: '0.200', deferred_revenue: '0.198' });

    // The trial balance to the fil.
    const { rows, balanced, total_debit } = await trialRows(org.id, s.users.admin.token);
    const row = (code: string) => rows.find((r) => r[0] === code)?.slice(1) ?? ['0.000', '0.000'];
    expect(balanced).toBe(true);
    expect(row('1110')).toEqual(['55.880', '0.000']); // 50.000 card + 11.760 sale − 5.880 refund
    expect(row('2400')).toEqual(['0.000', '35.000']); // 50.000 − 30.000 + 15.000: equals the card
    expect(row('4100')).toEqual(['0.000', '35.595']); // 40.000 net less the promotion's 4.000 net, less 0.405 deferred for the points
    expect(row('4300')).toEqual(['17.793', '0.000']); // 18.000 returned less the 0.207 released with the points taken back
    expect(row('2200')).toEqual(['0.000', '2.880']); // 5.760 − 2.880
    expect(row('2600')).toEqual(['0.000', '0.198']); // 0.405 − 0.207: the revenue deferred for the customer's 20 points
    expect(total_debit).toBe('73.673');
    const club = await call('GET', `${O}/loyalty/programs/${program.body.id}/summary`, as('viewer'));
    expect(club.body).toMatchObject({ members: 1, points_outstanding: 20, points_earned: 20, points_taken_back: 21, deferred_revenue: '0.198', liability_account_balance: '0.198' });
    const summary = await call('GET', `${O}/gift-cards/analytics/summary`, as('viewer'));
    expect(summary.body).toMatchObject({ outstanding_liability: '35.000', liability_account_balance: '35.000' });
    const used = await call('GET', `${O}/promotions/${promo.body.id}/summary`, as('viewer'));
    expect(used.body).toMatchObject({ used_total: 1, discount_total: '4.640' });
    expect((await verifyLedger(org.id)).ok).toBe(true);
    // The GST return agrees with the ledger: output tax 2.880 in the two-month period of today.
    const today = todayIn('Asia/Amman');
    const month = Number(today.slice(5, 7));
    const period = `${today.slice(0, 4)}-${String(month % 2 === 1 ? month : month - 1).padStart(2, '0')}`;
    const gst = await call('GET', `${O}/reports/jordan-tax`, { ...as('viewer'), query: { tax_period: period } });
    expect(gst.status, JSON.stringify(gst.body)).toBe(200);
    expect(gst.body).toMatchObject({ output_tax: '2.880', ledger_check: { agrees: true } });
  });
});
