/**
 * Promotions and loyalty on invoices (issue 16), through the routes: a confirmed invoice earns the
 * customer points and defers their share of the revenue in its own entry (deferral) or not
 * (expense); its credit notes take the points back pro rata and release the deferral; "Apply
 * promotions" spreads a promotion over the lines, and the confirmation checks it again and counts
 * its use, refusing (409, nothing written) when the limit is reached; a replayed confirmation
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { invoicesPath, invoicingOrganization, trialRows } from './test-helpers.js';

type Setup = Awaited<ReturnType<typeof invoicingOrganization>>;

/** Rows [code, debit, credit] in fils, balanced. */
async function rows(s: Setup) {
  const tb = await trialRows(s.org.id);
  expect(tb.totalDebit).toBe(tb.totalCredit);
  return Object.fromEntries(tb.rows.filter(([, d, c]) => d || c).map(([code, d, c]) => [code, d - c]));
}

async function enrol(s: Setup, program: Record<string, unknown> = {}) {
  const L = `/api/v1/organizations/${s.org.id}/loyalty`;
  const made = await call('POST', `${L}/programs`, { ...s.as('admin'), json: { name: `Friends ${program.accounting_method ?? 'deferral'}`, points_per_unit: '1', rounding: 'down', point_value: '0.100', ...program } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const enrolled = await call('POST', `${L}/customers`, { ...s.as('member'), json: { customer_id: s.customer.id, loyalty_program_id: made.body.id } });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
  const member = async () => (await call('GET', `${L}/customers/${s.customer.id}`, s.as('viewer'))).body;
  const ledger = async () => (await call('GET', `${L}/customers/${s.customer.id}/transactions`, s.as('viewer'))).body.data as { transaction_type: string; points: number; reference_type: string; reference_id: string }[];
  return { program: made.body, member, ledger };
}

/** 2 × 50.000 at 16 % (prices before tax): net 100.000, tax 16.000, gross 116.000. */
const catering = (s: Setup, extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  contact_id: s.customer.id,
  issue_date: '2025-06-15',
  lines: [{ description: 'Catering', quantity: '2', unit_price: '50.000', tax_id: s.gst16.id, ...line }],
  ...extra,
});

const confirm = (s: Setup, id: string) => call('POST', `${invoicesPath(s.org.id)}/${id}/confirm`, s.as('admin'));
const creditNote = (s: Setup, invoice: { id: string; lines: { id: string }[] }, quantity: string) =>
  call('POST', `${invoicesPath(s.org.id)}/${invoice.id}/returns`, { ...s.as('admin'), json: { issue_date: '2025-06-20', reason: 'Returned', lines: [{ line_id: invoice.lines[0]!.id, quantity }] } });

describe('loyalty on invoices', () => {
  it('earns points on confirmation and defers their share in the same entry; credit notes take them back pro rata and release it', async () => {
    const s = await invoicingOrganization();
    const loyalty = await enrol(s);
    const confirmed = await s.createConfirmed(catering(s));
    // 116.000 paid → 116 points; their stand-alone value 11.600: 100.000 × 11.600 / 111.600 = 10.394 deferred.
    expect(confirmed).toMatchObject({ gross_total: '116.000', loyalty_points_earned: 116, loyalty_points_taken_back: 0, loyalty: { points_earned: 116, shortfall_points: 0 } });
    expect(await rows(s)).toEqual({ '1200': 116_000, '2200': -16_000, '4100': -89_606, '2600': -10_394 });
    expect(await loyalty.member()).toMatchObject({ points_balance: 116 });
    expect(await loyalty.ledger()).toEqual([expect.objectContaining({ transaction_type: 'earn', points: 116, reference_type: 'invoice', reference_id: confirmed.id })]);
    // The deferral is in the invoice's own entry.
    const entry = await call('GET', `/api/v1/organizations/${s.org.id}/journal-entries/${confirmed.journal_entry_id}`, s.as('viewer'));
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);
    expect(JSON.stringify(entry.body)).toContain('10.394');

    // Half the goods back: half the points, half the deferral released (Dr 2600 / Cr sales returns).
    const first = await creditNote(s, confirmed, '1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ gross_total: '58.000', applied_to_invoice: '58.000', store_credit: '0.000' });
    expect(await rows(s)).toEqual({ '1200': 58_000, '2200': -8_000, '4100': -89_606, '4300': 50_000 - 5_197, '2600': -5_197 });
    expect(await loyalty.member()).toMatchObject({ points_balance: 58 });
    const half = await call('GET', `${invoicesPath(s.org.id)}/${confirmed.id}`, s.as('viewer'));
    expect(half.body).toMatchObject({ loyalty_points_earned: 116, loyalty_points_taken_back: 58 });

    // The rest: the last points release what is left, to the fil; the sale is undone exactly.
    const second = await creditNote(s, confirmed, '1');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await rows(s)).toEqual({ '4100': -89_606, '4300': 89_606 });
    expect(await loyalty.member()).toMatchObject({ points_balance: 0 });
    const history = await loyalty.ledger();
    expect(history.map((l) => [l.transaction_type, l.points, l.reference_type])).toEqual(
      expect.arrayContaining([['earn', 116, 'invoice'], ['return_earn', -58, 'credit_note'], ['return_earn', -58, 'credit_note']]),
    );
  });

  it('keeps the value of points already spent from what the credit note credits', async () => {
    const s = await invoicingOrganization();
    const loyalty = await enrol(s);
    const confirmed = await s.createConfirmed(catering(s));
    // The customer spends 100 of the 116 points in the office (worth 10.000).
    const spent = await call('POST', `/api/v1/organizations/${s.org.id}/loyalty/redeem-points`, { ...s.as('member'), query: { customer_id: s.customer.id, points: '100' } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    // A full credit note takes back the 16 left; the 100 spent are worth 10.000, kept from the credit.
    const credit = await creditNote(s, confirmed, '2');
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body).toMatchObject({ gross_total: '116.000', applied_to_invoice: '106.000', store_credit: '0.000' });
    expect(await loyalty.member()).toMatchObject({ points_balance: 0 });
    const after = await call('GET', `${invoicesPath(s.org.id)}/${confirmed.id}`, s.as('viewer'));
    expect(after.body).toMatchObject({ balance_due: '10.000', loyalty_points_taken_back: 16, loyalty: { shortfall_points: 100, shortfall_amount: '10.000' } });
    const tb = await rows(s);
    expect(tb['1200']).toBe(10_000);
    expect(tb['2600'] ?? 0).toBe(0);
  });

  it('defers nothing under the expense method', async () => {
    const s = await invoicingOrganization();
    const loyalty = await enrol(s, { accounting_method: 'expense' });
    const confirmed = await s.createConfirmed(catering(s));
    expect(confirmed.loyalty_points_earned).toBe(116);
    expect(await rows(s)).toEqual({ '1200': 116_000, '2200': -16_000, '4100': -100_000 });
    expect(await loyalty.member()).toMatchObject({ points_balance: 116 });
  });

  it('gives a customer who is not enrolled nothing', async () => {
    const s = await invoicingOrganization();
    await enrol(s);
    const other = await call('POST', `/api/v1/organizations/${s.org.id}/contacts`, { ...s.as('member'), json: { contact_type: 'customer', name: 'Walk-in' } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const confirmed = await s.createConfirmed(catering(s, { contact_id: other.body.id }));
    expect(confirmed).toMatchObject({ loyalty_points_earned: 0, loyalty: null });
    expect(await rows(s)).toEqual({ '1200': 116_000, '2200': -16_000, '4100': -100_000 });
  });
});

describe('promotions on invoices', () => {
  async function promotions(s: Setup) {
    const P = `/api/v1/organizations/${s.org.id}/promotions`;
    const make = async (json: Record<string, unknown>) => {
      const made = await call('POST', P, { ...s.as('admin'), json: { status: 'active', stackable: true, ...json } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body as { id: string };
    };
    const show = async (id: string) => (await call('GET', `${P}/${id}`, s.as('viewer'))).body;
    const usage = async (id: string) => (await call('GET', `${P}/${id}/usage`, s.as('viewer'))).body;
    const apply = (json: Record<string, unknown>) => call('POST', `${invoicesPath(s.org.id)}/promotions`, { ...s.as('member'), json });
    return { make, show, usage, apply };
  }

  it('applies: the engine spreads the discount over the lines, says why (not), and the confirmation counts the use', async () => {
    const s = await invoicingOrganization();
    const p = await promotions(s);
    const tenOff = await p.make({ name: 'Ten percent', name_ar: 'عشرة بالمئة', reward: { type: 'percent', percent: '10' }, usage_limit_total: 5 });
    const big = await p.make({ name: 'Big orders', reward: { type: 'fixed_amount', amount: '20.000' }, rules: [{ min_subtotal: '500.000' }] });
    const shop = await p.make({ name: 'In the shop', reward: { type: 'percent', percent: '50' }, rules: [{ location_ids: ['01890000-0000-7000-8000-000000000001'] }] });

    const draft = catering(s, {}, {});
    const applied = await p.apply({ ...draft, lines: [...draft.lines, { description: 'Delivery', quantity: '1', unit_price: '5.001', tax_id: s.gst16.id }] });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // 10 % of 105.001 = 10.500 (10.5001 rounded), spread 100.000 : 5.001 with the largest remainder.
    expect(applied.body.applied).toEqual([expect.objectContaining({ promotion_id: tenOff.id, name: 'Ten percent', discount: '10.500', reason_key: 'promotion.why.applied' })]);
    const why = Object.fromEntries(applied.body.skipped.map((x: { promotion_id: string; reason_key: string }) => [x.promotion_id, x.reason_key]));
    expect(why).toEqual({ [big.id]: 'promotion.why.min_subtotal', [shop.id]: 'promotion.why.location_not_included' });
    expect(applied.body.lines).toEqual([
      { index: 0, promotion_discount: '10.000', discount: '10.000' },
      { index: 1, promotion_discount: '0.500', discount: '0.500' },
    ]);
    expect(applied.body.discount_total).toBe('10.500');

    // The draft as the form saves it: the shares in the lines' discounts, the promotion named.
    const saved = await s.createDraft(catering(s, { promotion_ids: [tenOff.id] }, { discount: { type: 'amount', amount: '10.000' }, promotion_discount: '10.000' }));
    expect(saved).toMatchObject({ promotion_ids: [tenOff.id], promotions: [], net_total: '90.000', lines: [{ promotion_discount: '10.000', discount_amount: '10.000' }] });
    const confirmed = await confirm(s, saved.id);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ gross_total: '104.400', promotions: [{ promotion_id: tenOff.id, discount: '10.000', reason_key: 'promotion.why.applied' }] });
    expect(await rows(s)).toEqual({ '1200': 104_400, '2200': -14_400, '4100': -90_000 });
    expect((await p.show(tenOff.id)).used_total).toBe(1);
    expect((await p.usage(tenOff.id)).data).toEqual([expect.objectContaining({ reference_type: 'invoice', reference_id: saved.id, customer_id: s.customer.id, discount: '10.000' })]);
  });

  it('refuses a confirmation whose promotion reached its limit or no longer matches, writing nothing', async () => {
    const s = await invoicingOrganization();
    const p = await promotions(s);
    const once = await p.make({ name: 'First order', reward: { type: 'percent', percent: '10' }, usage_limit_total: 1 });
    const withPromotion = () => catering(s, { promotion_ids: [once.id] }, { discount: { type: 'amount', amount: '10.000' }, promotion_discount: '10.000' });
    expect((await confirm(s, (await s.createDraft(withPromotion())).id)).status).toBe(200);
    const before = await rows(s);

    const late = await s.createDraft(withPromotion());
    const refused = await confirm(s, late.id);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.detail).toContain('First order: The promotion has been used as often as it may be');
    const still = await call('GET', `${invoicesPath(s.org.id)}/${late.id}`, s.as('viewer'));
    expect(still.body).toMatchObject({ status: 'draft', number: null, journal_entry_id: null, promotions: [] });
    expect(await rows(s)).toEqual(before);
    expect((await p.show(once.id)).used_total).toBe(1);
    expect((await p.usage(once.id)).count).toBe(1);

    // A share the engine does not give (the lines changed after applying): 409, apply again.
    const other = await p.make({ name: 'Five percent', reward: { type: 'percent', percent: '5' } });
    const stale = await s.createDraft(catering(s, { promotion_ids: [other.id] }, { discount: { type: 'amount', amount: '10.000' }, promotion_discount: '10.000' }));
    const changed = await confirm(s, stale.id);
    expect(changed.status, JSON.stringify(changed.body)).toBe(409);
    expect(changed.body.detail).toContain('apply the promotions again');
    expect(await rows(s)).toEqual(before);
  });

  it('refuses a promotion share that is not an amount (422), and bills know no promotions', async () => {
    const s = await invoicingOrganization();
    const bad = await call('POST', `${invoicesPath(s.org.id)}/with-line-items`, { ...s.as('member'), json: catering(s, {}, { promotion_discount: '-1' }) });
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'lines', 0, 'promotion_discount']);
    const p = await promotions(s);
    const tooMuch = await p.apply(catering(s, {}, { promotion_discount: '1.000' }));
    expect(tooMuch.status, JSON.stringify(tooMuch.body)).toBe(422);
    const bill = await call('POST', `/api/v1/organizations/${s.org.id}/bills/with-line-items`, {
      ...s.as('member'),
      json: { contact_id: s.customer.id, issue_date: '2025-06-15', promotion_ids: [], lines: [{ description: 'Paper', quantity: '1', unit_price: '1', account_id: s.customer.id, promotion_discount: '0' }] },
    });
    expect(bill.status).toBe(422);
    expect(JSON.stringify(bill.body.detail)).toMatch(/promotion/);
  });

  it('holds the limit when two confirmations take the last use at once', async () => {
    const s = await invoicingOrganization();
    const p = await promotions(s);
    const once = await p.make({ name: 'Launch', reward: { type: 'percent', percent: '10' }, usage_limit_total: 1 });
    const body = catering(s, { promotion_ids: [once.id] }, { discount: { type: 'amount', amount: '10.000' }, promotion_discount: '10.000' });
    const [a, b] = [await s.createDraft(body), await s.createDraft(body)];
    const statuses = (await Promise.all([confirm(s, a.id), confirm(s, b.id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await p.show(once.id)).used_total).toBe(1);
    expect(await rows(s)).toEqual({ '1200': 104_400, '2200': -14_400, '4100': -90_000 });
  });

  it('a replayed confirmation changes nothing: no second use, no second points', async () => {
    const s = await invoicingOrganization();
    const loyalty = await enrol(s);
    const p = await promotions(s);
    const tenOff = await p.make({ name: 'Ten percent', reward: { type: 'percent', percent: '10' } });
    const draft = await s.createDraft(catering(s, { promotion_ids: [tenOff.id] }, { discount: { type: 'amount', amount: '10.000' }, promotion_discount: '10.000' }));
    const first = await confirm(s, draft.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // 104.400 → 104 points; 90.000 × 10.400 / 100.400 = 9.323 deferred.
    expect(first.body).toMatchObject({ loyalty_points_earned: 104, promotions: [{ discount: '10.000' }] });
    const books = await rows(s);
    expect(books).toEqual({ '1200': 104_400, '2200': -14_400, '4100': -(90_000 - 9_323), '2600': -9_323 });
    const again = await confirm(s, draft.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ number: first.body.number, version: first.body.version, loyalty_points_earned: 104 });
    expect(await rows(s)).toEqual(books);
    expect(await loyalty.member()).toMatchObject({ points_balance: 104 });
    expect((await loyalty.ledger()).length).toBe(1);
    expect((await p.show(tenOff.id)).used_total).toBe(1);
    expect((await p.usage(tenOff.id)).count).toBe(1);
  });
});
