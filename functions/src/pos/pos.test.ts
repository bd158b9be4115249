/**
 * The till through its routes (issue 15): a session with three sales in mixed tenders, a return to
 * store credit, the close 0.500 short — the trial balance and the Z report to the fil; replays post
 * once; bad tickets change nothing; two returns of the last unit at once return it once; the stock
 * queue settles the exact cost so the inventory account equals the valuation.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { uuidv7 } from '../platform/ids.js';
import { recordRoundTrips, stepsOf } from '../../test/round-trips.js';
import { billsSetup, trialRows } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';
import { PosTransaction } from '../db/posTransaction.js';
import { PosSession } from '../db/posSession.js';
import { POS_DAY_FIGURES, PosCashierDay, PosTerminalDay } from '../db/posAggregates.js';
import { verifyLedger } from '../ledger/verify.js';
import { settlePending } from './settlement.js';

const TODAY = new Date().toISOString().slice(0, 10);
/** Ids in time order, as the register makes them. */
const uuid = () => uuidv7();

async function setup() {
  const s = await billsSetup();
  const { org, as, account, supplier } = s;
  const O = `/api/v1/organizations/${org.id}`;
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Rania Haddad' }));
  const product = async (json: Record<string, unknown>) => {
    const res = await call('POST', `${O}/products-services`, { ...as('admin'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  // Bread is tracked, received at 0.200 and 0.260 (FIFO), sold exempt; juice is untracked at 16% with the tax in the price.
  const bread = await product({ sku: 'BRD', name: 'Bread', sale_price: '0.500', is_tracked_inventory: true, cost: '0.150' });
  const juice = await product({ sku: 'JCE', name: 'Juice', sale_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id });
  for (const unit_price of ['0.200', '0.260']) {
    const draft = await call('POST', `${O}/bills/with-line-items`, { ...as('member'), json: { contact_id: supplier.id, issue_date: TODAY, lines: [{ product_id: bread.id, description: 'Bread', quantity: '10', unit_price, account_id: account('1400') }] } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await call('POST', `${O}/bills/${(draft.body as { id: string }).id}/confirm`, as('admin'))).status).toBe(200);
  }
  const terminal = await call('POST', `${O}/pos/terminals`, { ...as('admin'), json: { name: 'Counter 1', receipt_prefix: 'C1' } });
  expect(terminal.status, JSON.stringify(terminal.body)).toBe(201);
  const session = await call('POST', `${O}/pos/sessions`, { ...as('member'), json: { terminal_id: terminal.body.id, opening_float: '20.000' } });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  let sequence = 0;
  const breadLine = (quantity: string) => ({ id: uuid(), product_id: bread.id, quantity, unit_price: '0.500', price_includes_tax: false, tax_id: null });
  const juiceLine = (quantity: string) => ({ id: uuid(), product_id: juice.id, quantity, unit_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id });
  const saleBody = (lines: unknown[], payments: { tender: string; amount: string }[], extra: Record<string, unknown> = {}) => ({
    id: uuid(),
    terminal_id: terminal.body.id,
    session_id: session.body.id,
    sequence: ++sequence,
    occurred_at: new Date().toISOString(),
    lines,
    payments: payments.map((p) => ({ id: uuid(), ...p })),
    ...extra,
  });
  const post = (path: string, body: { id: string }, role: 'member' | 'admin' = 'member') =>
    call('POST', `${O}/pos/${path}`, { ...as(role), json: body, headers: { 'idempotency-key': body.id } });
  const receipts = async () => (await PosTransaction.query.byId({ organization_id: org.id }).go({ pages: 'all' })).data;
  return { ...s, O, customer, bread, juice, terminal: terminal.body, session: session.body, breadLine, juiceLine, saleBody, post, receipts };
}

describe('the till', () => {
  it('the worked example: three sales in mixed tenders, a return to store credit, the close 0.500 short', async () => {
    const s = await setup();
    // 1. Two bread (exempt) and a juice (1.160 with 16% in it): 2.160, paid 5.000 cash, 2.840 change.
    const one = await s.post('transactions', s.saleBody([s.breadLine('2'), s.juiceLine('1')], [{ tender: 'cash', amount: '5.000' }]));
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body).toMatchObject({ number: 'C1-000001', total_amount: '2.160', tax: '0.160', net: '2.000', change: '2.840', kind: 'sale' });
    // 2. Three juices (3.480): 2.000 by card, the rest cash.
    const two = await s.post('transactions', s.saleBody([s.juiceLine('3')], [{ tender: 'card', amount: '2.000' }, { tender: 'cash', amount: '1.480' }]));
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    expect(two.body).toMatchObject({ number: 'C1-000002', total_amount: '3.480', tax: '0.480' });
    // 3. Four bread for Rania: 1.000 by CliQ, 1.000 on account.
    const three = await s.post('transactions', s.saleBody([s.breadLine('4')], [{ tender: 'cliq', amount: '1.000' }, { tender: 'on_account', amount: '1.000' }], { customer_id: s.customer.id }));
    expect(three.status, JSON.stringify(three.body)).toBe(201);
    expect(three.body).toMatchObject({ number: 'C1-000003', total_amount: '2.000', customer_name: 'Rania Haddad' });

    // A return of one bread of sale 3 to Rania's store credit (0.500).
    const details = await call('GET', `${s.O}/pos/transactions/${three.body.id}/return-details`, s.as('viewer'));
    expect(details.body.lines[0]).toMatchObject({ sold_quantity: '4', returned_quantity: '0', returnable_quantity: '4', unit_refund: '0.500' });
    const back = await s.post('returns', {
      ...s.saleBody([], []),
      lines: [{ id: uuid(), original_line_id: three.body.lines[0].id, quantity: '1', restock: true }],
      original_transaction_id: three.body.id,
      refund_method: 'store_credit',
      payments: [],
    } as never);
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ number: 'C1-000004', kind: 'return', total_amount: '0.500', refunds: [{ tender: 'store_credit', amount: '0.500' }] });
    const after = await call('GET', `${s.O}/pos/transactions/${three.body.id}/return-details`, s.as('viewer'));
    expect(after.body.lines[0]).toMatchObject({ returned_quantity: '1', returnable_quantity: '3' });
    const balance = await call('GET', `${s.O}/pos/customers/${s.customer.id}/account-balance`, s.as('member'));
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body.store_credit).toBe('0.500');

    const listed = await call('GET', `${s.O}/pos/transactions`, { ...s.as('viewer'), query: { session_id: s.session.id } });
    expect(listed.body.data.map((r: { number: string }) => r.number)).toEqual(['C1-000001', 'C1-000002', 'C1-000003', 'C1-000004']);
    const history = await call('GET', `${s.O}/pos/customers/${s.customer.id}/purchase-history`, s.as('member'));
    expect(history.body.data.map((r: { number: string }) => r.number)).toEqual(['C1-000004', 'C1-000003']);

    // Expected cash: float 20.000 + 2.160 + 1.480 = 23.640; counted 23.140 → 0.500 short.
    const open = await call('GET', `${s.O}/pos/sessions`, { ...s.as('viewer'), query: { terminal_id: s.terminal.id, status: 'open' } });
    expect(open.body.data[0].report).toMatchObject({ sales_count: 3, returns_count: 1, expected: { cash: '23.640', card: '2.000', cliq: '1.000' }, gross_sales: '7.640', refunds: '0.500' });
    const closed = await call('PATCH', `${s.O}/pos/sessions/${s.session.id}`, { ...s.as('member'), json: { status: 'closed', counted: { cash: '23.140', card: '2.000', cliq: '1.000' } } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.report).toMatchObject({
      sales_count: 3,
      returns_count: 1,
      net_sales: '7.000',
      tax: '0.640',
      gross_sales: '7.640',
      refunds: '0.500',
      tenders: { cash: { sales: '3.640', net: '3.640', count: 2 }, card: { sales: '2.000' }, cliq: { sales: '1.000' }, on_account: { sales: '1.000' }, store_credit: { refunds: '0.500' } },
      expected: { cash: '23.640', card: '2.000', cliq: '1.000' },
      counted: { cash: '23.140', card: '2.000', cliq: '1.000' },
      difference: { cash: '-0.500', card: '0.000', cliq: '0.000' },
    });

    // A sale on the closed session is refused and writes nothing.
    const before = (await s.receipts()).length;
    const late = await s.post('transactions', s.saleBody([s.breadLine('1')], [{ tender: 'cash', amount: '0.500' }]));
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/session is closed/);
    expect((await s.receipts()).length).toBe(before);

    // The stock queue: 6 bread sold, 1 back → 5 issued FIFO at 0.200 = 1.000 (provisional was 5 × 0.150).
    expect(await settlePending(s.org.id)).toBe(3);
    const valuation = await call('GET', `${s.O}/inventory/valuation-report`, s.as('viewer'));
    // 20 received (2.000 + 2.600), 6 sold at 0.200 (1.200), one back at its booked cost 0.150: 15 left at 3.550.
    expect(valuation.body.total_value).toBe('3.550');

    const { rows, balanced } = await trialRows(s.org.id, s.users.admin.token);
    expect(balanced).toBe(true);
    const row = (code: string) => rows.find((r) => r[0] === code)?.slice(1) ?? ['0.000', '0.000'];
    // Drawer: 3.640 cash kept, 0.500 short. Card and CliQ in transit. Rania owes 1.000 and has 0.500 credit.
    expect(row('1110')).toEqual(['3.140', '0.000']);
    expect(row('1130')).toEqual(['3.000', '0.000']);
    expect(row('1200')).toEqual(['1.000', '0.000']);
    expect(row('2500')).toEqual(['0.000', '0.500']);
    expect(row('4100')).toEqual(['0.000', '7.000']);
    expect(row('4300')).toEqual(['0.500', '0.000']);
    expect(row('2200')).toEqual(['0.000', '0.640']);
    expect(row('6920')).toEqual(['0.500', '0.000']);
    expect(row('1400')).toEqual(['3.550', '0.000']);
    const verification = await verifyLedger(s.org.id);
    expect(verification.ok, JSON.stringify(verification)).toBe(true);
  });

  it('a sale sent again posts once, with or without its Idempotency-Key, and its receipt number stays', async () => {
    const s = await setup();
    const body = s.saleBody([s.juiceLine('1')], [{ tender: 'cash', amount: '2.000' }]);
    const first = await s.post('transactions', body);
    expect(first.status).toBe(201);
    const again = await s.post('transactions', body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.number).toBe(first.body.number);
    // The key lost (a new one): the receipt's own id still recognises it.
    const newKey = await call('POST', `${s.O}/pos/transactions`, { ...s.as('member'), json: body, headers: { 'idempotency-key': 'other-key-1' } });
    expect(newKey.status).toBe(200);
    expect(newKey.body.number).toBe(first.body.number);
    const noKey = await call('POST', `${s.O}/pos/transactions`, { ...s.as('member'), json: body });
    expect(noKey.status).toBe(200);
    expect((await s.receipts()).length).toBe(1);
    const next = await s.post('transactions', s.saleBody([s.juiceLine('1')], [{ tender: 'card', amount: '1.160' }]));
    expect(next.body.number).toBe('C1-000002');
  });

  it('refuses bad tickets with a 422 naming the field, and writes nothing', async () => {
    const s = await setup();
    const cases: [unknown, RegExp][] = [
      [s.saleBody([{ ...s.juiceLine('1'), product_id: 'nope' }], [{ tender: 'cash', amount: '2.000' }]), /Product not found/],
      [s.saleBody([s.juiceLine('1')], [{ tender: 'cash', amount: '1.000' }]), /do not cover the total/],
      [s.saleBody([s.juiceLine('1')], [{ tender: 'card', amount: '2.000' }]), /only cash gives change/],
      [s.saleBody([s.juiceLine('1')], [{ tender: 'on_account', amount: '1.160' }]), /needs the customer/],
      [s.saleBody([s.juiceLine('-1')], [{ tender: 'cash', amount: '2.000' }]), /quantity/],
      [s.saleBody([{ ...s.juiceLine('1'), discount: { type: 'percent', percent: 50 } }], [{ tender: 'cash', amount: '2.000' }]), /at most 10% off/],
      [s.saleBody([s.juiceLine('1')], [{ tender: 'store_credit', amount: '1.160' }], { customer_id: s.customer.id }), /does not have 1.160 of store credit/],
    ];
    for (const [body, message] of cases) {
      const res = await s.post('transactions', body as { id: string });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(JSON.stringify(res.body.detail)).toMatch(message);
    }
    expect((await s.receipts()).length).toBe(0);
    const terminal = await call('GET', `${s.O}/pos/terminals/${s.terminal.id}`, s.as('viewer'));
    expect(terminal.body.last_number).toBe(0);
    // sync/status lists the refused tickets with why; one fixed and sent again leaves the list.
    const status = await call('GET', `${s.O}/pos/sync/status`, s.as('viewer'));
    const refused = status.body.terminals.find((t: { terminal_id: string }) => t.terminal_id === s.terminal.id).refused;
    // All but the negative quantity, which the request schema refuses before the ticket is read.
    expect(refused).toHaveLength(cases.length - 1);
    expect(refused.find((r: { transaction_id: string }) => r.transaction_id === (cases[1]![0] as { id: string }).id)).toMatchObject({ status: 422, detail: expect.stringMatching(/do not cover the total/) });
    const fixed = { ...(cases[1]![0] as { id: string; payments: { id: string; tender: string; amount: string }[] }) };
    fixed.payments = [{ ...fixed.payments[0]!, amount: '2.000' }];
    expect((await s.post('transactions', fixed)).status).toBe(201);
    const after = await call('GET', `${s.O}/pos/sync/status`, s.as('viewer'));
    expect(after.body.terminals[0].refused).toHaveLength(cases.length - 2);
  });

  it('two cashiers returning the last unit of a line at once return it once', async () => {
    const s = await setup();
    const sale = await s.post('transactions', s.saleBody([s.juiceLine('1')], [{ tender: 'cash', amount: '1.160' }]));
    expect(sale.status).toBe(201);
    const aReturn = () => s.post('returns', {
      ...s.saleBody([], []),
      lines: [{ id: uuid(), original_line_id: sale.body.lines[0].id, quantity: '1', restock: false }],
      original_transaction_id: sale.body.id,
      payments: [],
    } as never);
    const results = await Promise.all([aReturn(), aReturn()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(JSON.stringify(refused.body.detail)).toMatch(/Only 0 of Juice can still be returned/);
    const done = results.find((r) => r.status === 201)!;
    expect(done.body.refunds).toEqual([{ tender: 'cash', amount: '1.160' }]);
    // A return without a receipt: a manager only, as store credit, customer named.
    const receiptless = { ...s.saleBody([], []), lines: [{ id: uuid(), product_id: s.juice.id, unit_price: '1.160', price_includes_tax: true, tax_id: s.gst16.id, quantity: '1', restock: true }], refund_method: 'store_credit', customer_id: s.customer.id, payments: [] };
    expect((await s.post('returns', receiptless as never, 'member')).status).toBe(403);
    const byManager = await s.post('returns', { ...receiptless, id: uuid(), sequence: 99 } as never, 'admin');
    expect(byManager.status, JSON.stringify(byManager.body)).toBe(201);
    expect(byManager.body.refunds).toEqual([{ tender: 'store_credit', amount: '1.160' }]);
  });

  it('a 5-line sale with two tenders is one BatchGetItem and one TransactWriteItems in all, its reads made beside the sign-in check', async () => {
    const s = await setup();
    const body = s.saleBody([s.breadLine('1'), s.breadLine('2'), s.juiceLine('1'), s.juiceLine('2'), s.breadLine('3')], [{ tender: 'card', amount: '3.000' }, { tender: 'cash', amount: '10.000' }]);
    const { value: result, calls } = await recordRoundTrips(() => s.post('transactions', body));
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    const described = JSON.stringify(calls.map((c) => [c.command, c.keys.slice(0, 200)]));
    expect(calls.map((c) => c.command), described).toEqual(['BatchGetItemCommand', 'TransactWriteItemsCommand']);
    // The one read: the user and the revoked-token check, the Idempotency-Key's record, the session, the products.
    for (const part of ['USER#', 'REVOKED#', '#IDEMPOTENCY|', '#POSSESSIONS|', '#POSTX|']) expect(calls[0]!.keys, described).toContain(part);
    expect(stepsOf(calls)).toBe(2);
    // Sent again (the answer lost): one read, the same answer, nothing written.
    const again = await recordRoundTrips(() => s.post('transactions', body));
    expect(again.value.status).toBe(201);
    expect(again.value.body.number).toBe(result.body.number);
    expect(again.calls.filter((c) => c.command.startsWith('Transact'))).toEqual([]);
  });

  it("keeps the day's figures per terminal and per cashier complete, setting the missing ones only on a day's first receipt", async () => {
    const s = await setup();
    const first = await s.post('transactions', s.saleBody([s.breadLine('2')], [{ tender: 'cash', amount: '1.000' }]));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const session = await PosSession.get({ organization_id: s.org.id, id: s.session.id }).go();
    const date = (await PosTransaction.get({ organization_id: s.org.id, id: first.body.id }).go()).data!.date as string;
    const cashier = first.body.cashier_id as string;
    expect(session.data!.figures_day).toBe(`${date}#${cashier}`);
    const second = await s.post('transactions', s.saleBody([s.juiceLine('1')], [{ tender: 'card', amount: '1.160' }]));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const terminalDay = (await PosTerminalDay.get({ organization_id: s.org.id, date, terminal_id: s.terminal.id }).go()).data as unknown as Record<string, number>;
    const cashierDay = (await PosCashierDay.get({ organization_id: s.org.id, date, cashier_id: cashier }).go()).data as unknown as Record<string, number>;
    for (const day of [terminalDay, cashierDay]) {
      for (const figure of POS_DAY_FIGURES) expect(typeof day[figure], figure).toBe('number');
      expect(day).toMatchObject({ sales_count: 2, gross: 2160, t_cash: 1000, t_card: 1160 });
    }
  });

  it('reads nothing ahead for a caller who is not signed in, and answers a bad body only after the sign-in check', async () => {
    const s = await setup();
    const body = s.saleBody([s.breadLine('1')], [{ tender: 'cash', amount: '1.000' }]);
    const url = `${s.O}/pos/transactions`;
    const anonymous = await recordRoundTrips(() => call('POST', url, { json: body, headers: { 'idempotency-key': body.id } }));
    expect(anonymous.value.status).toBe(401);
    expect(anonymous.calls).toEqual([]);
    const forged = await recordRoundTrips(() => call('POST', url, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged', json: body }));
    expect(forged.value.status).toBe(401);
    expect(forged.calls).toEqual([]);
    // A bad body: 401 without a sign-in, 422 with one (and then only the principal is read).
    const bad = { ...body, lines: 'none' };
    expect((await call('POST', url, { json: bad })).status).toBe(401);
    const refused = await recordRoundTrips(() => call('POST', url, { ...s.as('member'), json: bad }));
    expect(refused.value.status).toBe(422);
    expect(refused.calls.map((c) => c.keys).join(' ')).not.toContain('#POSSESSIONS|');
    expect((await s.receipts()).length).toBe(0);
  });
});
