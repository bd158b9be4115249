/**
 * What confirming a document costs in DynamoDB round trips (issue #13): at most 5 calls in at
 * most 4 sequential steps for a 20-line invoice, the audit record inside the posting transaction.
 * Counted at the functions' client (test/round-trips.ts).
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { recordRoundTrips, stepsOf } from '../../test/round-trips.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { billsSetup } from '../bills/test-setup.js';
import { createContact } from '../contacts/contacts.js';

describe('round trips of a posting', () => {
  it('confirms a 20-line invoice in at most 5 DynamoDB calls in at most 4 steps, the audit record inside the transaction', async () => {
    const { org, as, customer, gst16 } = await invoicingOrganization();
    const lines = Array.from({ length: 20 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: '1', unit_price: `${i + 1}.250`, tax_id: gst16.id }));
    const draft = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // A first confirm of another draft warms what a Lambda keeps between requests (none of it is the document's).
    const warm = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines: lines.slice(0, 1) } });
    expect((await call('POST', `${invoicesPath(org.id)}/${warm.body.id}/confirm`, as('admin'))).status).toBe(200);

    const { value: res, calls, described } = await recordRoundTrips(() => call('POST', `${invoicesPath(org.id)}/${draft.body.id}/confirm`, as('admin')));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(calls.filter((c) => c.command === 'PutItemCommand'), described).toHaveLength(0);
    expect(calls.filter((c) => c.command === 'TransactWriteItemsCommand'), described).toHaveLength(1);
    expect(calls.length, described).toBeLessThanOrEqual(5);
    expect(stepsOf(calls), described).toBeLessThanOrEqual(4);
  });

  it('confirms a 20-line invoice of tracked products in as many calls and steps: cost of goods sold needs no second validation', async () => {
    const { org, as, account, supplier } = await billsSetup();
    const O = `/api/v1/organizations/${org.id}`;
    const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Hotel Petra' }));
    const products: { id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const made = await call('POST', `${O}/products-services`, { ...as('member'), json: { sku: `RT-${i}`, name: `Loaf ${i}`, sale_price: '0.500', is_tracked_inventory: true } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      products.push(made.body as { id: string });
    }
    const confirm = async (path: 'bills' | 'invoices', json: Record<string, unknown>) => {
      const draft = await call('POST', `${O}/${path}/with-line-items`, { ...as('member'), json });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      return () => call('POST', `${O}/${path}/${(draft.body as { id: string }).id}/confirm`, as('admin'));
    };
    const received = await (await confirm('bills', { contact_id: supplier.id, issue_date: '2025-06-01', lines: products.map((p) => ({ product_id: p.id, description: 'Loaf', quantity: '10', unit_price: '0.200', account_id: account('1400') })) }))();
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const sale = (quantity: string) => confirm('invoices', { contact_id: customer.id, issue_date: '2025-06-15', due_date: '2025-07-15', lines: products.map((p) => ({ product_id: p.id, description: 'Loaf', quantity, unit_price: '0.500' })) });
    expect((await (await sale('1'))()).status).toBe(200); // warms what a Lambda keeps between requests

    const { value: res, calls, described } = await recordRoundTrips(await sale('2'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(calls.filter((c) => c.command === 'TransactWriteItemsCommand'), described).toHaveLength(1);
    expect(calls.length, described).toBeLessThanOrEqual(5);
    expect(stepsOf(calls), described).toBeLessThanOrEqual(4);
  });
});
