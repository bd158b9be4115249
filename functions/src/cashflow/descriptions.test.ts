/**
 * Issue 17 leftovers: a posted cash flow answers its description's narrative (what its posting
 * wrote, for the screens to show in the reader's language), and a post-dated cheque's due date is
 * refused before the payment's date and kept otherwise.
 */
import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Payment } from '../db/payment.js';
import { postEntries } from '../documents/posting-path.js';
import { defaultAccountId } from '../ledger/chart.js';

async function setup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const O = `/api/v1/organizations/${org.id}`;
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Haddad Trading', name_ar: 'شركة الحداد' }));
  const receive = (json: Record<string, unknown>) =>
    call('POST', `${O}/payments`, { ...as('member'), json: { payment_type: 'received', payment_method: 'bank_transfer', date: '2026-03-10', contact_id: customer.id, amount: '20.000', ...json } });
  return { org, as, O, C: `${O}/cashflow`, customer, receive };
}

type Flow = { id: string; source_type: string; description: string | null; description_narrative: { key: string; params?: Record<string, unknown> } | null; is_manual_entry: boolean };

describe("a posted cash flow's description", () => {
  it('comes with the narrative its posting wrote; typed memos and manual entries have none', async () => {
    const t = await setup();
    const paid = await t.receive({});
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const code = (c: string) => defaultAccountId(t.org.id, c);
    await postEntries([{ organizationId: t.org.id, date: '2026-03-11', source: { type: 'manual' }, memo: 'Loan from Sami', lines: [{ account_id: code('1120'), debit: 50_000 }, { account_id: code('2800'), credit: 50_000 }] }]);
    const planned = await call('POST', `${t.C}/transactions`, { ...t.as('member'), json: { date: '2026-03-20', amount: '5.000', direction: 'out', cash_flow_category: 'expenses', description: 'Shop rent' } });
    expect(planned.status).toBe(201);

    const list = await call('GET', `${t.C}/transactions`, { ...t.as('viewer'), query: { limit: '50' } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const flows = list.body.data as Flow[];
    const payment = flows.find((f) => f.source_type === 'payment')!;
    expect(payment).toMatchObject({
      description: 'Payment received from Haddad Trading',
      description_narrative: { key: 'ledger.payment.received', params: { contact: 'Haddad Trading', contact_ar: 'شركة الحداد' } },
    });
    expect(flows.find((f) => f.description === 'Loan from Sami')!.description_narrative).toBeNull();
    expect(flows.find((f) => f.is_manual_entry)!).toMatchObject({ description: 'Shop rent', description_narrative: null });

    // The other answers carry it too.
    const bySource = await call('GET', `${t.C}/transactions/by-source/payment/${paid.body.id}`, t.as('viewer'));
    expect(bySource.body.data[0].description_narrative).toMatchObject({ key: 'ledger.payment.received' });
    const found = await call('GET', `${t.C}/search`, { ...t.as('viewer'), query: { q: 'haddad' } });
    expect(found.body.data.map((f: Flow) => f.description_narrative?.key)).toEqual(['ledger.payment.received']);
    const recent = await call('GET', `${t.C}/recent`, { ...t.as('viewer'), query: { limit: '5' } });
    expect(recent.body.data.find((f: Flow) => f.id === payment.id).description_narrative).toMatchObject({ key: 'ledger.payment.received' });
    const moved = await call('PUT', `${t.C}/transactions/${payment.id}/category`, { ...t.as('member'), json: { cash_flow_category: 'other_operating' } });
    expect(moved.body).toMatchObject({ cash_flow_category: 'other_operating', description_narrative: { key: 'ledger.payment.received' } });
  });
});

describe("a cheque's due date", () => {
  it('is refused before the payment date with 422 at its place, writing nothing; kept on or after it', async () => {
    const t = await setup();
    const early = await t.receive({ payment_method: 'cheque', cheque_due_date: '2026-03-09' });
    expect(early.status).toBe(422);
    expect(early.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'cheque_due_date'], msg: "A cheque's due date cannot be before the payment date" })]);
    expect((await Payment.query.byCreation({ organization_id: t.org.id }).go()).data).toHaveLength(0);

    const later = await t.receive({ payment_method: 'cheque', cheque_due_date: '2026-04-10' });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.body.cheque_due_date).toBe('2026-04-10');
    const sameDay = await t.receive({ payment_method: 'cheque', cheque_due_date: '2026-03-10' });
    expect(sameDay.body.cheque_due_date).toBe('2026-03-10');
    // Another method keeps no due date (and is not refused for one).
    const transfer = await t.receive({ cheque_due_date: '2026-03-01' });
    expect(transfer.status).toBe(201);
    expect(transfer.body.cheque_due_date).toBeNull();
  });
});
