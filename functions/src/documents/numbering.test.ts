/**
 * Gapless numbers under concurrency (issue #11): every series takes its numbers inside the
 * transaction that posts the document (documents/posting-path.ts), so concurrent postings get
 * consecutive numbers, a double-confirm posts once, and a refused posting takes no number.
 * Everything goes through the HTTP routes, as a double-clicking person or a retrying client would.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { JournalEntry } from '../db/journalEntry.js';
import { verifyLedger } from '../ledger/verify.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}`;

/** 1..n as the series writes them. */
const expected = (prefix: string, n: number, from = 1) => Array.from({ length: n }, (_, i) => `${prefix}-${String(from + i).padStart(6, '0')}`);

async function entriesOf(orgId: string, sourceType: string, sourceId: string) {
  const { data } = await JournalEntry.query.bySource({ organization_id: orgId, source_type: sourceType, source_id: sourceId }).go({ pages: 'all' });
  return data;
}

async function closeJanuary(orgId: string, token: string) {
  const periods = `${base(orgId)}/accounting/periods`;
  const january = await call('POST', periods, { token, json: { start_date: '2025-01-01', end_date: '2025-01-31' } });
  expect(january.status, JSON.stringify(january.body)).toBe(201);
  expect((await call('POST', `${periods}/${january.body.id}/close`, { token })).status).toBe(200);
}

describe('gapless numbers', () => {
  it('20 invoices confirmed at once, each twice: INV-000001…20 once each, one entry each; refused confirms take no number', async () => {
    const { org, as, workedExample, createDraft } = await invoicingOrganization();
    await closeJanuary(org.id, as('admin').token);
    const drafts: { id: string }[] = [];
    for (let i = 0; i < 20; i++) drafts.push(await createDraft());
    const zero = await createDraft({ ...workedExample(), lines: [{ description: 'Free sample', quantity: '1', unit_price: '0' }] });
    const inClosedPeriod = await createDraft({ ...workedExample(), issue_date: '2025-01-20', due_date: '2025-02-20' });

    const confirm = (id: string, key?: string) =>
      call('POST', `${invoicesPath(org.id)}/${id}/confirm`, { ...as('admin'), headers: key ? { 'idempotency-key': key } : undefined });
    const results = await Promise.all([
      ...drafts.flatMap((d, i) => [confirm(d.id), confirm(d.id, `confirm-${i}`)]),
      confirm(zero.id),
      confirm(inClosedPeriod.id),
    ]);
    const refusedZero = results.at(-2)!;
    const refusedClosed = results.at(-1)!;
    expect(refusedZero.status, JSON.stringify(refusedZero.body)).toBe(422);
    expect(refusedClosed.status, JSON.stringify(refusedClosed.body)).toBe(409);
    for (const r of results.slice(0, -2)) expect(r.status, JSON.stringify(r.body)).toBe(200);

    // Both answers of a double confirm name the same number; the 20 numbers are 1…20.
    const numbers = drafts.map((_, i) => {
      const [first, second] = [results[2 * i]!.body, results[2 * i + 1]!.body];
      expect(second.number).toBe(first.number);
      expect(second.journal_entry_id).toBe(first.journal_entry_id);
      return first.number as string;
    });
    expect([...numbers].sort()).toEqual(expected('INV', 20));

    // One journal entry per invoice, named by the invoice's number.
    for (const [i, draft] of drafts.entries()) {
      const entries = await entriesOf(org.id, 'invoice', draft.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.name).toBe(numbers[i]);
    }
    expect(await entriesOf(org.id, 'invoice', zero.id)).toHaveLength(0);
    expect(await entriesOf(org.id, 'invoice', inClosedPeriod.id)).toHaveLength(0);

    // The next confirmation takes the next number: the refusals took none.
    expect((await confirm((await createDraft()).id)).body.number).toBe('INV-000021');
    const report = await verifyLedger(org.id);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('20 payments recorded at once: PAY-000001…20, one entry each; a refused payment takes no number', async () => {
    const { org, as, customer } = await invoicingOrganization();
    const pay = (amount: string, key: string) =>
      call('POST', `${base(org.id)}/payments`, {
        ...as('member'),
        headers: { 'idempotency-key': key },
        json: { payment_type: 'received', payment_method: 'cash', date: '2025-06-20', contact_id: customer.id, amount, allocations: [] },
      });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => pay(`${i + 1}.000`, `pay-${i}`)),
      // The same request again with its key: the first answer, no second payment.
      pay('1.000', 'pay-0'),
      pay('-5.000', 'pay-refused'),
    ]);
    expect(results.at(-1)!.status).toBe(422);
    for (const r of results.slice(0, -1)) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const numbers = results.slice(0, 20).map((r) => r.body.number as string);
    expect(results.at(-2)!.body.number).toBe(numbers[0]);
    expect([...numbers].sort()).toEqual(expected('PAY', 20));
    for (const r of results.slice(0, 20)) {
      const entries = await entriesOf(org.id, 'payment', r.body.id);
      expect(entries.map((e) => e.name)).toEqual([r.body.number]);
    }
    const next = await pay('3.000', 'pay-next');
    expect(next.body.number).toBe('PAY-000021');
  });

  it('20 credit notes at once on 20 invoices: RET-000001…20; an over-return takes no number', async () => {
    const { org, as, customer, gst16, createConfirmed } = await invoicingOrganization();
    const invoices: { id: string; lines: { id: string }[] }[] = [];
    for (let i = 0; i < 20; i++) {
      invoices.push(await createConfirmed({ contact_id: customer.id, issue_date: '2025-06-15', lines: [{ description: 'Croissant', quantity: '2', unit_price: '0.750', tax_id: gst16.id }] }));
    }
    const returnOne = (invoice: (typeof invoices)[number], quantity: string) =>
      call('POST', `${invoicesPath(org.id)}/${invoice.id}/returns`, {
        ...as('admin'),
        json: { issue_date: '2025-06-20', reason: 'Returned', lines: [{ line_id: invoice.lines[0]!.id, quantity }] },
      });
    const results = await Promise.all([...invoices.map((invoice) => returnOne(invoice, '1')), returnOne(invoices[0]!, '5')]);
    expect(results.at(-1)!.status).toBe(422);
    for (const r of results.slice(0, -1)) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(results.slice(0, -1).map((r) => r.body.number as string).sort()).toEqual(expected('RET', 20));
    for (const r of results.slice(0, -1)) {
      const entries = await entriesOf(org.id, 'credit_note', r.body.id);
      expect(entries.map((e) => e.name)).toEqual([r.body.number]);
    }
    expect((await returnOne(invoices[1]!, '1')).body.number).toBe('RET-000021');
    const report = await verifyLedger(org.id);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('journal entries made in the journal take JE-000001… without gaps; a refused one takes none', async () => {
    const { org, as } = await invoicingOrganization();
    const chart = await call('GET', `${base(org.id)}/accounts`, { ...as('viewer'), query: { limit: 500 } });
    const code = (c: string) => chart.body.data.find((a: { code: string }) => a.code === c).id;
    const entry = (amount: string, accountId = code('1110')) =>
      call('POST', `${base(org.id)}/journal-entries`, {
        ...as('admin'),
        json: {
          date: '2025-06-01',
          status: 'posted',
          memo: 'Owner capital',
          lines: [
            { account_id: accountId, debit: amount },
            { account_id: code('3100'), credit: amount },
          ],
        },
      });
    const results = await Promise.all([...Array.from({ length: 8 }, (_, i) => entry(`${i + 1}.000`)), entry('1.000', 'no-such-account')]);
    expect(results.at(-1)!.status).toBe(422);
    for (const r of results.slice(0, -1)) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(results.slice(0, -1).map((r) => r.body.entry_number as string).sort()).toEqual(expected('JE', 8));
    expect((await entry('9.000')).body.entry_number).toBe('JE-000009');
  });
});
