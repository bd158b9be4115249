import { describe, expect, it } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { todayIn } from '../ledger/dates.js';
import { billsSetup, trialRows } from './test-setup.js';

const ids = (body: { data: { id: string }[] }) => body.data.map((b) => b.id);
const daysSince = (date: string, asOf: string) => Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);

describe('bill lists', () => {
  it('filters by status, supplier and issue dates, pages with skip/limit, and answers by status and by supplier', async () => {
    // prepare
    const { org, as, base, supplier, createDraft, confirm, rentAndSupplies } = await billsSetup();
    const other = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Zarqa Utilities' }));
    const january = await createDraft(rentAndSupplies({ issue_date: '2025-01-10', due_date: null }));
    const february = await confirm((await createDraft(rentAndSupplies({ contact_id: other.id, issue_date: '2025-02-10', due_date: null }))).id);
    const march = await confirm((await createDraft(rentAndSupplies({ issue_date: '2025-03-10', due_date: null }))).id);
    const stranger = await createUser();
    const strangersSupplier = await createContact((await createOrganization(stranger.user.id)).id, contactCreate.parse({ contact_type: 'supplier', name: 'Far away' }));
    const list = (query: Record<string, string>) => call('GET', base, { ...as('viewer'), query });
    // act
    const confirmed = await list({ status: 'confirmed' });
    const bySupplier = await list({ supplier_id: supplier.id });
    const inFebruary = await list({ date_from: '2025-02-01', date_to: '2025-02-28' });
    const supplierConfirmed = await list({ supplier_id: supplier.id, status: 'confirmed' });
    const firstPage = await list({ limit: '1' });
    const secondPage = await list({ skip: '1', limit: '1' });
    const statusPath = await call('GET', `${base}/status/draft`, as('viewer'));
    const badStatus = await call('GET', `${base}/status/overdue`, as('viewer'));
    const supplierPath = await call('GET', `${base}/supplier/${other.id}`, as('viewer'));
    const strangersPath = await call('GET', `${base}/supplier/${strangersSupplier.id}`, as('viewer'));
    const options = await call('GET', `${base}/list`, { ...as('viewer'), query: { status: 'confirmed' } });
    // assess
    expect(ids(confirmed.body)).toEqual([march.id, february.id]);
    expect(confirmed.body.count).toBe(2);
    expect(ids(bySupplier.body)).toEqual([march.id, january.id]);
    expect(ids(inFebruary.body)).toEqual([february.id]);
    expect(ids(supplierConfirmed.body)).toEqual([march.id]);
    expect(firstPage.body).toMatchObject({ count: 3, data: [{ id: march.id }] });
    expect(secondPage.body).toMatchObject({ count: 3, data: [{ id: february.id }] });
    expect(ids(statusPath.body)).toEqual([january.id]);
    expect(badStatus.status).toBe(422);
    expect(ids(supplierPath.body)).toEqual([february.id]);
    expect(strangersPath.status).toBe(404);
    expect(options.body).toEqual({
      count: 2,
      data: [march, february].map((b) => ({
        id: b.id,
        number: b.number,
        supplier_reference: 'AOS-7731',
        status: 'confirmed',
        contact_id: b.contact_id,
        issue_date: b.issue_date,
        due_date: null,
        gross_total: '622.961',
        balance_due: '622.961',
      })),
    });
  });

  it('lists bills overdue as of a date: confirmed or partly paid, due before that date, still owed; most overdue first', async () => {
    // prepare
    const { as, base, createDraft, confirm, rentAndSupplies } = await billsSetup();
    const dueOn = async (due: string, { post = true } = {}) => {
      const draft = await createDraft(rentAndSupplies({ issue_date: '2025-02-01', due_date: due }));
      return post ? confirm(draft.id) : draft;
    };
    const first = await dueOn('2025-03-01');
    const partlyPaid = await dueOn('2025-03-05');
    const fullyPaid = await dueOn('2025-03-06');
    await dueOn('2025-03-10'); // due on the day asked about: not yet overdue
    const later = await dueOn('2025-03-20');
    await dueOn('2025-03-01', { post: false }); // a draft is owed nothing
    const pay = (id: string, amount: string) =>
      call('POST', `${base}/${id}/payments`, { ...as('member'), json: { payment_method: 'cash', date: '2025-03-02', amount } });
    const partial = await pay(partlyPaid.id, '100.000');
    const full = await pay(fullyPaid.id, '622.961');
    expect([partial.status, full.status], JSON.stringify([partial.body, full.body])).toEqual([201, 201]);
    // act
    const asOfMarch10 = await call('GET', `${base}/overdue/all`, { ...as('viewer'), query: { as_of_date: '2025-03-10' } });
    const asOfMarch25 = await call('GET', `${base}/overdue/all`, { ...as('viewer'), query: { as_of_date: '2025-03-25', limit: '2' } });
    const today = await call('GET', `${base}/overdue/all`, as('viewer'));
    const notADate = await call('GET', `${base}/overdue/all`, { ...as('viewer'), query: { as_of_date: '2025-02-30' } });
    // assess
    expect(asOfMarch10.body.count).toBe(2);
    expect(asOfMarch10.body.data.map((b: { id: string; days_overdue: number; status: string; balance_due: string }) => [b.id, b.days_overdue, b.status, b.balance_due])).toEqual([
      [first.id, 9, 'confirmed', '622.961'],
      [partlyPaid.id, 5, 'partially_paid', '522.961'],
    ]);
    expect(asOfMarch25.body.count).toBe(4);
    expect(ids(asOfMarch25.body)).toEqual([first.id, partlyPaid.id]);
    const now = todayIn();
    expect(today.body.count).toBe(4);
    expect(today.body.data[0]).toMatchObject({ id: first.id, days_overdue: daysSince('2025-03-01', now) });
    expect(ids(today.body)).toContain(later.id);
    expect(notADate.status).toBe(422);
  });

  it('answers identically under accounting/ (the same routes), payments included', async () => {
    // prepare
    const { org, users, as, base, createDraft, confirm, rentAndSupplies } = await billsSetup();
    const accounting = `/api/v1/organizations/${org.id}/accounting/bills`;
    const bill = await confirm((await createDraft()).id);
    // act
    const created = await call('POST', accounting, { ...as('member'), json: rentAndSupplies() });
    const pairs = await Promise.all(
      [`/${bill.id}`, '', '/list', `/${bill.id}/line-items`, '/status/confirmed', `/supplier/${bill.contact_id}`, `/${bill.id}/payments`].map(async (suffix) => [
        await call('GET', `${base}${suffix}`, as('viewer')),
        await call('GET', `${accounting}${suffix}`, as('viewer')),
      ]),
    );
    const overdue = [await call('GET', `${base}/overdue/all`, { ...as('viewer'), query: { as_of_date: '2025-12-31' } }), await call('GET', `${accounting}/overdue/all`, { ...as('viewer'), query: { as_of_date: '2025-12-31' } })];
    const paid = await call('POST', `${accounting}/${bill.id}/payments`, { ...as('member'), json: { payment_method: 'cash', date: '2025-07-01', amount: '622.961' } });
    const afterPayment = await call('GET', `${base}/${bill.id}`, as('viewer'));
    const cancelled = await call('PUT', `${accounting}/${created.body.id}/status`, { ...as('admin'), query: { status: 'cancelled' } });
    // assess
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const [plain, prefixed] of [...pairs, overdue]) {
      expect(plain!.status).toBe(200);
      expect(prefixed!.body).toEqual(plain!.body);
    }
    expect(overdue[0]!.body.count).toBe(1);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(afterPayment.body).toMatchObject({ status: 'paid', amount_paid: '622.961', balance_due: '0.000' });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await trialRows(org.id, users.viewer.token)).balanced).toBe(true);
  });
});
