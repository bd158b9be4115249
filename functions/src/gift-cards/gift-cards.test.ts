/**
 * Gift cards through their routes (issue 16): a card sold, loaded, spent at the till and on an
 * invoice, refunded by a return, suspended, locked by wrong PINs, refunded and deactivated — each
 * posting to the gift-card liability and never to revenue or tax; the liability account equals the
 * sum of the cards' balances; 50 redemptions of one card at once never overdraw it.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { isValidCardNumber } from '@daftar/shared/giftcards/card-number';
import { call } from '../../test/client.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { GiftCardActivity } from '../db/giftCard.js';
import { verifyLedger } from '../ledger/verify.js';
import { addDays, todayIn } from '../ledger/dates.js';
import { expireGiftCards } from './expiry.js';
import { uuidv7 } from '../platform/ids.js';

async function setup() {
  const s = await billsSetup();
  const { org, as } = s;
  const O = `/api/v1/organizations/${org.id}`;
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Lina Khoury' }));
  const juice = await call('POST', `${O}/products-services`, { ...as('admin'), json: { sku: 'JCE', name: 'Juice', sale_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id } });
  expect(juice.status, JSON.stringify(juice.body)).toBe(201);
  const terminal = await call('POST', `${O}/pos/terminals`, { ...as('admin'), json: { name: 'Counter 1', receipt_prefix: 'G1' } });
  expect(terminal.status, JSON.stringify(terminal.body)).toBe(201);
  const session = await call('POST', `${O}/pos/sessions`, { ...as('member'), json: { terminal_id: terminal.body.id, opening_float: '10.000' } });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  let sequence = 0;
  const sale = (quantity: string, payments: { tender: string; amount: string; gift_card_id?: string }[], terminalId = terminal.body.id, sessionId = session.body.id, seq?: number) => {
    const body = {
      id: uuidv7(),
      terminal_id: terminalId,
      session_id: sessionId,
      sequence: seq ?? ++sequence,
      occurred_at: new Date().toISOString(),
      lines: [{ id: uuidv7(), product_id: juice.body.id, quantity, unit_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id }],
      payments: payments.map((p) => ({ id: uuidv7(), ...p })),
    };
    return call('POST', `${O}/pos/transactions`, { ...as('member'), json: body, headers: { 'idempotency-key': body.id } });
  };
  const gc = (method: string, path: string, json?: unknown, role: 'member' | 'admin' | 'viewer' = 'member') => call(method, `${O}/gift-cards${path}`, { ...as(role), ...(json ? { json } : {}) });
  const row = async (code: string) => {
    const { rows } = await trialRows(org.id, s.users.admin.token);
    return rows.find((r) => r[0] === code)?.slice(1) ?? ['0.000', '0.000'];
  };
  return { ...s, O, customer, juice: juice.body, terminal: terminal.body, session: session.body, sale, gc, row };
}

describe('gift cards', () => {
  it('sold for 50.000, spent at the till and on an invoice, refunded by a return: the liability moves, revenue and tax do not', async () => {
    const s = await setup();
    // Sold at the till for 50.000 cash: Dr drawer, Cr gift-card liability; the session counts the cash.
    const sold = await s.gc('POST', '', { gift_card_type: 'physical', initial_balance: '50.000', payment_method: 'cash', session_id: s.session.id, pin: '4321', customer_id: s.customer.id });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body).toMatchObject({ status: 'active', balance: '50.000', initial_balance: '50.000', has_pin: true, customer_name: 'Lina Khoury' });
    expect(isValidCardNumber(sold.body.card_number)).toBe(true);
    const card = sold.body as { id: string; card_number: string };
    expect(await s.row('2400')).toEqual(['0.000', '50.000']);
    expect(await s.row('1110')).toEqual(['50.000', '0.000']);

    // The counter checks it: wrong PIN (4 tries left), then right.
    const wrong = await s.gc('POST', `/number/${card.card_number}/validate`, { pin: '0000' });
    expect(wrong.body).toMatchObject({ valid: false, reason: 'pin_wrong', attempts_left: 4 });
    const right = await s.gc('POST', `/number/${card.card_number.replace(/(\d{4})/g, '$1 ').trim()}/validate`, { pin: '4321' });
    expect(right.body).toMatchObject({ valid: true, gift_card_id: card.id, balance: '50.000' });

    // A 16% sale of 30 juices (34.800) paid 30.000 by the card and 4.800 cash.
    const spent = await s.sale('30', [{ tender: 'gift_card', amount: '30.000', gift_card_id: card.id }, { tender: 'cash', amount: '4.800' }]);
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    expect(spent.body).toMatchObject({ total_amount: '34.800', tax: '4.800', net: '30.000' });
    expect((await s.gc('GET', `/${card.id}/balance`)).body).toMatchObject({ balance: '20.000', status: 'active' });
    // Revenue 30.000 and output tax 4.800 as for any sale; the liability down by 30.000.
    expect(await s.row('4100')).toEqual(['0.000', '30.000']);
    expect(await s.row('2200')).toEqual(['0.000', '4.800']);
    expect(await s.row('2400')).toEqual(['0.000', '20.000']);

    // The card cannot pay more than it holds: refused, nothing written.
    const tooMuch = await s.sale('30', [{ tender: 'gift_card', amount: '30.000', gift_card_id: card.id }, { tender: 'cash', amount: '4.800' }]);
    expect(tooMuch.status).toBe(422);
    expect(JSON.stringify(tooMuch.body.detail)).toMatch(/holds 20\.000/);

    // Half of the sale returned to the original tenders: 15 juices, 17.400 back — 15.000 onto the card (its share), 2.400 cash.
    const back = await call('POST', `${s.O}/pos/returns`, {
      ...s.as('member'),
      json: { id: uuidv7(), terminal_id: s.terminal.id, session_id: s.session.id, sequence: 100, occurred_at: new Date().toISOString(), original_transaction_id: spent.body.id, lines: [{ id: uuidv7(), original_line_id: spent.body.lines[0].id, quantity: '15', restock: true }], payments: [], refund_method: 'original_tenders' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.refunds).toEqual(expect.arrayContaining([{ tender: 'gift_card', amount: '15.000' }, { tender: 'cash', amount: '2.400' }]));
    expect((await s.gc('GET', `/${card.id}/balance`)).body.balance).toBe('35.000');

    // An invoice of 11.600 (10.000 + 16%) paid with the card on the back office: Dr 2400, Cr 1200.
    const draft = await call('POST', `${s.O}/invoices/with-line-items`, { ...s.as('member'), json: { contact_id: s.customer.id, issue_date: new Date().toISOString().slice(0, 10), due_date: new Date().toISOString().slice(0, 10), lines: [{ description: 'Catering tray', quantity: '1', unit_price: '10.000', tax_id: s.gst16.id }] } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await call('POST', `${s.O}/invoices/${draft.body.id}/confirm`, s.as('admin'))).status).toBe(200);
    const noPin = await s.gc('POST', `/${card.id}/redeem`, { amount: '11.600', invoice_id: draft.body.id });
    expect(noPin.status).toBe(422);
    const redeemed = await s.gc('POST', `/${card.id}/redeem`, { amount: '11.600', invoice_id: draft.body.id, pin: '4321' });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(201);
    expect(redeemed.body.card.balance).toBe('23.400');
    const invoice = await call('GET', `${s.O}/invoices/${draft.body.id}`, s.as('viewer'));
    expect(invoice.body).toMatchObject({ status: 'paid', balance_due: '0.000' });
    const payment = await call('GET', `${s.O}/payments/${redeemed.body.payment_id}`, s.as('viewer'));
    expect(payment.body).toMatchObject({ payment_method: 'gift_card', amount: '11.600' });
    expect(await s.row('1200')).toEqual(['0.000', '0.000']);
    // Voiding the payment puts the money back on the card.
    const voided = await call('DELETE', `${s.O}/payments/${redeemed.body.payment_id}`, s.as('admin'));
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect((await s.gc('GET', `/${card.id}/balance`)).body.balance).toBe('35.000');

    // The card's ledger, newest first, with the balance after each line.
    const ledger = await s.gc('GET', `/${card.id}/transactions`, undefined, 'viewer');
    expect(ledger.body.data.map((l: { transaction_type: string; amount: string; balance_after: string }) => [l.transaction_type, l.amount, l.balance_after])).toEqual([
      ['refund', '11.600', '35.000'],
      ['redeem', '-11.600', '23.400'],
      ['refund', '15.000', '35.000'],
      ['redeem', '-30.000', '20.000'],
      ['activate', '50.000', '50.000'],
    ]);

    // Refunding the card's purchase: its 35.000 paid back in cash, the card deactivated.
    const refunded = await s.gc('POST', `/${card.id}/transactions`, { transaction_type: 'refund', payment_method: 'cash', session_id: s.session.id });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body).toMatchObject({ status: 'deactivated', balance: '0.000' });
    expect(await s.row('2400')).toEqual(['0.000', '0.000']);
    const summary = await s.gc('GET', '/analytics/summary', undefined, 'viewer');
    expect(summary.body).toMatchObject({ outstanding_liability: '0.000', liability_account_balance: '0.000', issued: '50.000', refunded: '35.000' });
    expect((await verifyLedger(s.org.id)).ok).toBe(true);
    const { balanced } = await trialRows(s.org.id, s.users.admin.token);
    expect(balanced).toBe(true);
  });

  it('pending → active ⇄ suspended → deactivated; promotional cards; PIN lock-out; batches; bad input changes nothing', async () => {
    const s = await setup();
    const pending = await s.gc('POST', '', { gift_card_type: 'digital' });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    expect(pending.body).toMatchObject({ status: 'pending', balance: '0.000', initial_balance: null });
    // A pending card cannot pay or be loaded; activation needs the amount.
    expect((await s.gc('POST', `/${pending.body.id}/load`, { amount: '5.000', payment_method: 'cash' })).status).toBe(409);
    const noAmount = await s.gc('POST', `/${pending.body.id}/activate`, { payment_method: 'cash' });
    expect(noAmount.status).toBe(422);
    const active = await s.gc('POST', `/${pending.body.id}/activate`, { amount: '25.000', payment_method: 'bank_transfer' });
    expect(active.body).toMatchObject({ status: 'active', balance: '25.000' });
    expect(await s.row('1120')).toEqual(['25.000', '0.000']);
    const loaded = await s.gc('POST', `/${pending.body.id}/load`, { amount: '5.000', payment_method: 'card', session_id: s.session.id });
    expect(loaded.body.balance).toBe('30.000');
    // Suspended (members may not): it cannot pay at the till.
    expect((await s.gc('POST', `/${pending.body.id}/suspend`, { reason: 'Reported lost' })).status).toBe(403);
    const suspended = await s.gc('POST', `/${pending.body.id}/suspend`, { reason: 'Reported lost' }, 'admin');
    expect(suspended.body).toMatchObject({ status: 'suspended', suspended_reason: 'Reported lost' });
    const refused = await s.sale('1', [{ tender: 'gift_card', amount: '1.160', gift_card_id: pending.body.id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/suspended/);
    const back = await s.gc('POST', `/${pending.body.id}/activate`, {});
    expect(back.body).toMatchObject({ status: 'active', suspended_reason: null });

    // An admin's adjustment with its reason (Dr other expenses / Cr 2400), then deactivation releases the rest as breakage.
    expect((await s.gc('POST', `/${pending.body.id}/transactions`, { transaction_type: 'adjust', amount: '2.000', notes: 'Goodwill' })).status).toBe(403);
    const adjusted = await s.gc('POST', `/${pending.body.id}/transactions`, { transaction_type: 'adjust', amount: '-2.000', notes: 'Keyed twice at the counter' }, 'admin');
    expect(adjusted.body.balance).toBe('28.000');
    const ended = await s.gc('DELETE', `/${pending.body.id}`, undefined, 'admin');
    expect(ended.body).toMatchObject({ deleted: false, card: { status: 'deactivated', balance: '0.000' } });
    expect(await s.row('4900')).toEqual(['0.000', '30.000']);
    expect(await s.row('2400')).toEqual(['0.000', '0.000']);

    // A promotional card: given as marketing, its unspent balance back to marketing when it ends.
    const promo = await s.gc('POST', '', { gift_card_type: 'promotional', initial_balance: '10.000', payment_method: 'promotional' });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    expect(await s.row('6500')).toEqual(['10.000', '0.000']);
    const notPaid = await s.gc('POST', '', { gift_card_type: 'promotional', initial_balance: '10.000', payment_method: 'cash' });
    expect(notPaid.status).toBe(422);

    // Five wrong PINs lock the card; while locked even the right PIN is refused.
    const locked = await s.gc('POST', '', { gift_card_type: 'physical', initial_balance: '5.000', payment_method: 'cash', pin: '2468' });
    for (let i = 0; i < 5; i++) await s.gc('POST', `/number/${locked.body.card_number}/validate`, { pin: '1111' });
    const now = await s.gc('POST', `/number/${locked.body.card_number}/validate`, { pin: '2468' });
    expect(now.body).toMatchObject({ valid: false, reason: 'pin_locked' });
    expect((await s.gc('GET', `/${locked.body.id}`)).body.pin_locked_until).not.toBeNull();

    // A printed batch of 5 pending cards; the list by status is an index query.
    const batch = await s.gc('POST', '/bulk-create', { count: 5, gift_card_type: 'physical', design_template: 'eid' }, 'admin');
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body.count).toBe(5);
    expect(new Set(batch.body.data.map((c: { card_number: string }) => c.card_number)).size).toBe(5);
    const activated = await s.gc('POST', '/bulk-operations', { operation: 'activate', gift_card_ids: batch.body.data.slice(0, 3).map((c: { id: string }) => c.id), amount: '20.000', payment_method: 'cash' }, 'admin');
    expect(activated.body).toMatchObject({ done: 3, failed: 0 });
    const again = await s.gc('POST', '/bulk-operations', { operation: 'activate', gift_card_ids: [batch.body.data[0].id], amount: '20.000', payment_method: 'cash' }, 'admin');
    expect(again.body).toMatchObject({ done: 0, failed: 1 });
    expect(again.body.results[0].detail).toMatch(/already active/);
    const pendingList = await s.gc('GET', '/?status=pending', undefined, 'viewer');
    expect(pendingList.status).toBe(200);
    const stillPending = await call('GET', `${s.O}/gift-cards`, { ...s.as('viewer'), query: { status: 'pending' } });
    expect(stillPending.body.count).toBe(2);
    const search = await s.gc('POST', '/search', { q: batch.body.data[4].card_number.slice(-6) }, 'viewer');
    expect(search.body.data.map((c: { id: string }) => c.id)).toContain(batch.body.data[4].id);
    // A pending card that never held money is deleted outright.
    const gone = await s.gc('DELETE', `/${batch.body.data[4].id}`, undefined, 'admin');
    expect(gone.body.deleted).toBe(true);
    expect((await s.gc('GET', `/${batch.body.data[4].id}`)).status).toBe(404);
    expect((await s.gc('GET', `/number/${batch.body.data[4].card_number}`)).status).toBe(404);

    // Bad input: a wrong check digit, a bad PIN, an unknown card at the till.
    expect((await s.gc('GET', '/number/9000000000000002')).status).toBe(422);
    expect((await s.gc('POST', '', { pin: '12' })).status).toBe(422);
    const unknown = await s.sale('1', [{ tender: 'gift_card', amount: '1.160', gift_card_id: uuidv7() }]);
    expect(unknown.status).toBe(422);

    // The liability equals the sum of the cards' balances (10 promotional + 5 locked + 3 × 20).
    const summary = await s.gc('GET', '/analytics/summary', undefined, 'viewer');
    expect(summary.body).toMatchObject({ outstanding_liability: '75.000', liability_account_balance: '75.000' });
    const locations = await s.gc('GET', '/analytics/locations', undefined, 'viewer');
    expect(locations.body.data).toEqual([expect.objectContaining({ location_id: 'main', outstanding: '75.000' })]);
  });

  it('50 redemptions of one card at once never overdraw it; the liability equals the card', async () => {
    const s = await setup();
    const card = await s.gc('POST', '', { gift_card_type: 'physical', initial_balance: '20.000', payment_method: 'cash' });
    // Five tills, ten sales each of 1.160 (58.000 asked of a 20.000 card): at most 17 can be paid.
    const tills = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const t = await call('POST', `${s.O}/pos/terminals`, { ...s.as('admin'), json: { name: `Till ${i}`, receipt_prefix: `T${i}` } });
        const session = await call('POST', `${s.O}/pos/sessions`, { ...s.as('member'), json: { terminal_id: t.body.id, opening_float: '0' } });
        return { terminal: t.body.id as string, session: session.body.id as string };
      }),
    );
    const answers = await Promise.all(
      tills.flatMap((till) => Array.from({ length: 10 }, (_, k) => s.sale('1', [{ tender: 'gift_card', amount: '1.160', gift_card_id: card.body.id }], till.terminal, till.session, k + 1))),
    );
    const paid = answers.filter((a) => a.status === 201).length;
    for (const a of answers) expect([201, 409, 422], JSON.stringify(a.body)).toContain(a.status);
    const balance = (await s.gc('GET', `/${card.body.id}/balance`)).body.balance;
    expect(Number(balance)).toBeGreaterThanOrEqual(0);
    expect(Math.round(Number(balance) * 1000)).toBe(20_000 - paid * 1160);
    expect(paid).toBeLessThanOrEqual(17);
    expect(paid).toBeGreaterThan(0);
    // Every redemption is one line of the card's ledger, the balances after them a chain down from 20.000.
    const lines = (await GiftCardActivity.query.byCard({ organization_id: s.org.id, gift_card_id: card.body.id }).go({ pages: 'all' })).data;
    expect(lines.filter((l) => l.transaction_type === 'redeem')).toHaveLength(paid);
    expect(lines.map((l) => l.balance_after)).toEqual(lines.map((_, i) => 20_000 - i * 1160));
    const summary = await s.gc('GET', '/analytics/summary', undefined, 'viewer');
    expect(summary.body.liability_account_balance).toBe(balance);
    expect(summary.body.outstanding_liability).toBe(balance);
  }, 120_000);

  it('a card past its expiry date cannot pay, and the nightly job expires it and releases its balance as breakage', async () => {
    const s = await setup();
    const yesterday = addDays(todayIn('Asia/Amman'), -1);
    const old = await s.gc('POST', '', { gift_card_type: 'digital', initial_balance: '7.500', payment_method: 'cash', expires_on: yesterday });
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    const keeps = await s.gc('POST', '', { gift_card_type: 'digital', initial_balance: '2.000', payment_method: 'cash', expires_on: addDays(todayIn('Asia/Amman'), 30) });
    const refused = await s.sale('1', [{ tender: 'gift_card', amount: '1.160', gift_card_id: old.body.id }]);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/expired/);
    const { expired } = await expireGiftCards();
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await s.gc('GET', `/${old.body.id}`)).body).toMatchObject({ status: 'expired', balance: '0.000' });
    expect((await s.gc('GET', `/${keeps.body.id}`)).body).toMatchObject({ status: 'active', balance: '2.000' });
    expect(await s.row('4900')).toEqual(['0.000', '7.500']);
    // Run again: nothing more (the marker is gone).
    await expireGiftCards();
    expect(await s.row('4900')).toEqual(['0.000', '7.500']);
    const ledger = await s.gc('GET', `/${old.body.id}/transactions`, undefined, 'viewer');
    expect(ledger.body.data[0]).toMatchObject({ transaction_type: 'expire', amount: '-7.500', balance_after: '0.000' });
  });

  it('selling and loading a card under an Idempotency-Key: a retry answers the first result and takes the money once', async () => {
    const s = await setup();
    const key = { 'idempotency-key': `sell-${uuidv7()}` };
    const json = { gift_card_type: 'physical', initial_balance: '15.000', payment_method: 'cash', session_id: s.session.id };
    const first = await call('POST', `${s.O}/gift-cards`, { ...s.as('member'), json, headers: key });
    const again = await call('POST', `${s.O}/gift-cards`, { ...s.as('member'), json, headers: key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers?.['idempotent-replayed'] ?? 'true').toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const loadKey = { 'idempotency-key': `load-${uuidv7()}` };
    const load = () => call('POST', `${s.O}/gift-cards/${first.body.id}/load`, { ...s.as('member'), json: { amount: '5.000', payment_method: 'cash' }, headers: loadKey });
    expect((await load()).body.balance).toBe('20.000');
    expect((await load()).body.balance).toBe('20.000');
    expect((await s.gc('GET', `/${first.body.id}/balance`)).body.balance).toBe('20.000');
    expect(await s.row('2400')).toEqual(['0.000', '20.000']);
  });
});
