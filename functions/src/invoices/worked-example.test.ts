/**
 * Issue #4's worked example, end to end through the API: 3 × 0.335 JOD at 16% plus 1 × 10.000 JOD
 * exempt, confirmed, then half paid by bank transfer; the trial balance that results.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';

describe('worked example', () => {
  it('an invoice of 3 × 0.335 at 16% and 1 × 10.000 exempt, confirmed and half paid, leaves a balanced trial balance', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const admin = { token: users.admin.token, org: org.id };
    const base = `/api/v1/organizations/${org.id}`;
    await call('POST', `${base}/taxes/jordan-gst/setup`, { ...admin, query: { gst_registration_number: '10203040' } });
    const taxes = (await call('GET', `${base}/taxes`, admin)).body.data as { id: string; rate: string; tax_category: string }[];
    const standard = taxes.find((t) => t.tax_category === 'standard' && Number(t.rate) === 16)!;
    const customer = (await call('POST', `${base}/contacts`, { ...admin, json: { contact_type: 'customer', name: 'مؤسسة النور التجارية', tax_number: '12345678' } })).body;

    // act
    const draft = await call('POST', `${base}/invoices/with-line-items`, {
      ...admin,
      json: {
        contact_id: customer.id,
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        lines: [
          { description: 'Mineral water 330 ml', quantity: '3', unit_price: '0.335', tax_id: standard.id },
          // No tax: the line is exempt (the Jordan GST setup creates no exempt tax of its own).
          { description: 'Bread', quantity: '1', unit_price: '10.000', tax_id: null },
        ],
      },
    });
    const confirmed = await call('POST', `${base}/invoices/${draft.body.id}/confirm`, admin);
    const payment = await call('POST', `${base}/payments`, {
      ...admin,
      json: {
        payment_type: 'received',
        contact_id: customer.id,
        payment_method: 'bank_transfer',
        date: '2026-11-10',
        amount: '5.583',
        allocations: [{ invoice_id: draft.body.id, amount: '5.583' }],
      },
    });
    const invoice = await call('GET', `${base}/invoices/${draft.body.id}`, admin);
    const tb = await call('GET', `${base}/accounting/trial-balance`, { ...admin, query: { as_of_date: '2026-11-30' } });

    // assess
    expect(draft.body).toMatchObject({ net_total: '11.005', tax_total: '0.161', gross_total: '11.166' });
    expect(confirmed.status).toBe(200);
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(invoice.body).toMatchObject({ status: 'partially_paid', amount_paid: '5.583', balance_due: '5.583' });
    const rows = (tb.body.data as { code: string; name: string; debit: string; credit: string }[]).map((r) => [r.code, r.name, r.debit, r.credit]);
    expect(rows).toEqual([
      ['1120', 'Bank', '5.583', '0.000'],
      ['1200', 'Accounts receivable', '5.583', '0.000'],
      ['2200', 'Sales tax payable (output)', '0.000', '0.161'],
      ['4100', 'Sales', '0.000', '11.005'],
    ]);
    expect(tb.body).toMatchObject({ total_debit: '11.166', total_credit: '11.166', balanced: true });
    console.log(`worked example trial balance:\n${rows.map((r) => r.join(' | ')).join('\n')}\ntotals ${tb.body.total_debit} / ${tb.body.total_credit}`);
  });
});
