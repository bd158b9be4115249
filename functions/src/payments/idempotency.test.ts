import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { invoiceCreate } from '@daftar/shared/schemas/invoices';
import { MAX_PAYMENT_ALLOCATIONS, paymentCreate } from '@daftar/shared/schemas/payments';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { IdempotencyRecord } from '../db/idempotencyRecord.js';
import { Invoice, type InvoiceRecord } from '../db/invoice.js';
import { Payment } from '../db/payment.js';
import { Reply, type RouteContext } from '../http/api.js';
import { HttpError, statusOf } from '../http/errors.js';
import { IDEMPOTENCY_TTL_SECONDS, canonicalJson, idempotent, requestFingerprint } from '../http/idempotency.js';
import { confirmInvoice, createInvoice } from '../invoices/invoices.js';
import { trialBalance } from '../ledger/balances.js';
import { nowIso } from '../platform/ids.js';
import { recordPayment } from './payments.js';

const paymentsPath = (orgId: string) => `/api/v1/organizations/${orgId}/payments`;

async function setup() {
  const { org, users } = await organizationWithRoles();
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Al Noor Trading' }));
  const confirmedInvoice = async (price = '100.000') => {
    const draft = await createInvoice(
      org.id,
      invoiceCreate.parse({ contact_id: customer.id, issue_date: '2025-06-15', lines: [{ description: 'Consulting', quantity: '1', unit_price: price }] }),
      users.member.user.id,
    );
    return confirmInvoice(org.id, draft.id, users.admin.user.id);
  };
  /** The context the pipeline hands a POST payments handler. */
  const contextFor = (body: unknown, key: string) =>
    ({
      method: 'POST',
      path: paymentsPath(org.id),
      params: { organization_id: org.id },
      headers: { 'idempotency-key': key },
      body,
      organizationId: org.id,
      audit: () => {},
    }) as unknown as RouteContext<unknown, unknown>;
  return { org, users, customer, confirmedInvoice, contextFor };
}

const outcome = async (run: Promise<Reply>) => {
  try {
    const reply = await run;
    return { status: reply.status, body: reply.body as { id: string }, replayed: reply.headers['idempotent-replayed'] === 'true' };
  } catch (error) {
    if (error instanceof HttpError) return { status: statusOf(error), body: { detail: error.detail } as never, replayed: false };
    throw error;
  }
};

describe('Idempotency-Key internals', () => {
  it('fingerprints the canonical body: key order does not matter, values do', () => {
    // prepare
    const a = { amount: '1.000', allocations: [{ invoice_id: 'x', amount: '1' }], notes: undefined };
    const b = { allocations: [{ amount: '1', invoice_id: 'x' }], amount: '1.000' };
    // act
    const same = [requestFingerprint('post', '/p/', a), requestFingerprint('POST', '/p', b)];
    const other = requestFingerprint('POST', '/p', { ...b, amount: '1.001' });
    // assess
    expect(canonicalJson(a)).toBe('{"allocations":[{"amount":"1","invoice_id":"x"}],"amount":"1.000"}');
    expect(same[0]).toBe(same[1]);
    expect(other).not.toBe(same[0]);
  });

  it('two requests with one key that both pass the first check post once; the loser answers the winner’s payment', async () => {
    // prepare
    const { org, customer, confirmedInvoice, contextFor } = await setup();
    const invoice = await confirmedInvoice('100.000');
    const body = paymentCreate.parse({
      payment_type: 'received', payment_method: 'cash', contact_id: customer.id, date: '2025-06-20', amount: '100.000',
      allocations: [{ invoice_id: invoice.id, amount: '100.000' }],
    });
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => { release = resolve; });
    let arrived = 0;
    let bothArrived!: () => void;
    const bothChecked = new Promise<void>((resolve) => { bothArrived = resolve; });
    const run = () =>
      idempotent(contextFor(body, 'race-1'), async (guard) => {
        // Both requests are past the record check before either writes.
        if (++arrived === 2) bothArrived();
        await barrier;
        const recorded = await recordPayment(org.id, body, { guard });
        return { status: 201, body: recorded.shown, resourceType: 'payment', resourceId: recorded.payment.id };
      });
    const racers = [outcome(run()), outcome(run())];
    // act
    await bothChecked;
    release();
    const [first, second] = await Promise.all(racers);
    // assess
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(first!.body.id).toBe(second!.body.id);
    expect([first!.replayed, second!.replayed].filter(Boolean)).toHaveLength(1);
    const payments = (await Payment.query.byCreation({ organization_id: org.id }).go()).data;
    expect(payments).toHaveLength(1);
    const stored = (await Invoice.get({ organization_id: org.id, id: invoice.id }).go({ consistent: true })).data!;
    expect(stored).toMatchObject({ status: 'paid', amount_paid: 100_000 });
    const tb = await trialBalance(org.id, '2099-12-31');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.rows.map((r) => [r.account.code, r.debit, r.credit])).toEqual([
      ['1110', 100_000, 0],
      ['4100', 0, 100_000],
    ]);
  });

  it('forgets a key after 24 hours: an expired record is replaced by the new request', async () => {
    // prepare
    const { org, users, customer } = await setup();
    const expiredAt = Math.floor(Date.now() / 1000) - 60;
    await IdempotencyRecord.create({
      organization_id: org.id, key: 'old-key', fingerprint: 'f'.repeat(64), method: 'POST', path: paymentsPath(org.id),
      response_status: 201, response_body: '{"id":"long-gone"}', created_at: nowIso(), expires_at: expiredAt,
    }).go();
    // act
    const res = await call('POST', paymentsPath(org.id), {
      token: users.member.token, org: org.id, headers: { 'Idempotency-Key': 'old-key' },
      json: { payment_type: 'received', payment_method: 'cash', contact_id: customer.id, date: '2025-06-20', amount: '5.000' },
    });
    // assess
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const record = (await IdempotencyRecord.get({ organization_id: org.id, key: 'old-key' }).go({ consistent: true })).data!;
    expect(record.resource_id).toBe(res.body.id);
    expect(record.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_SECONDS - 120);
  });

  it(`posts a payment allocated to ${MAX_PAYMENT_ALLOCATIONS} invoices in one transaction, voids it in one, and refuses one more allocation`, async () => {
    // prepare
    const { org, users, customer, confirmedInvoice } = await setup();
    const invoices: InvoiceRecord[] = [];
    for (let i = 0; i < MAX_PAYMENT_ALLOCATIONS; i++) invoices.push(await confirmedInvoice('1.000'));
    const json = (count: number) => ({
      payment_type: 'received', payment_method: 'bank_transfer', contact_id: customer.id, date: '2025-06-20', amount: '25.000',
      allocations: invoices.concat(invoices[0]!).slice(0, count).map((inv) => ({ invoice_id: inv.id, amount: '1.000' })),
    });
    // act
    const tooMany = await call('POST', paymentsPath(org.id), { token: users.member.token, org: org.id, json: json(MAX_PAYMENT_ALLOCATIONS + 1) });
    const paid = await call('POST', paymentsPath(org.id), { token: users.member.token, org: org.id, json: json(MAX_PAYMENT_ALLOCATIONS) });
    const voided = await call('DELETE', `${paymentsPath(org.id)}/${paid.body.id}`, { token: users.admin.token, org: org.id });
    // assess
    expect(tooMany.status).toBe(422);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ allocated_amount: '20.000', unallocated_amount: '5.000' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const stored = (await Invoice.get(invoices.map((i) => ({ organization_id: org.id, id: i.id }))).go({ consistent: true })).data;
    expect(stored.map((i) => [i.status, i.amount_paid])).toEqual(invoices.map(() => ['confirmed', 0]));
    const tb = await trialBalance(org.id, '2099-12-31');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.rows.map((r) => [r.account.code, r.debit, r.credit])).toEqual([
      ['1200', 20_000, 0],
      ['4100', 0, 20_000],
    ]);
  });
});
