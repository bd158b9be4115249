/**
 * What confirming a document costs in DynamoDB round trips (issue #13): at most 5 calls in at
 * most 4 sequential steps for a 20-line invoice, the audit record inside the posting transaction.
 * Counted at the functions' client (test/round-trips.ts).
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { recordRoundTrips, stepsOf } from '../../test/round-trips.js';
import { invoicesPath, invoicingOrganization } from '../invoices/test-helpers.js';

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
});
