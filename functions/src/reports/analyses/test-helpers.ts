/**
 * Test support for the analyses: an organization with customers and suppliers, and documents
 * written through the API (invoices, payments, credit notes, bills, journal entries), so the
 * figures are read from what the real routes stored and posted.
 */
import { expect } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../../test/client.js';
import { organizationWithRoles } from '../../../test/fixtures.js';
import { createContact } from '../../contacts/contacts.js';
import { accountBalances } from '../../ledger/balances.js';
import { defaultAccountId, ensureChartOfAccounts } from '../../ledger/chart.js';

type Reply = { status: number; body: any };

export async function ok(res: Promise<Reply>, what: string, status = [200, 201]) {
  const r = await res;
  expect(status, `${what}: ${r.status} ${JSON.stringify(r.body)}`).toContain(r.status);
  return r.body;
}

export interface Line {
  description: string;
  quantity?: string;
  unit_price: string;
}

export async function analysisOrganization() {
  const { org, users } = await organizationWithRoles();
  await ensureChartOfAccounts(org.id);
  const base = `/api/v1/organizations/${org.id}`;
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const account = (code: string) => defaultAccountId(org.id, code);

  const customer = (name: string, name_ar?: string) => createContact(org.id, contactCreate.parse({ contact_type: 'customer', name, ...(name_ar ? { name_ar } : {}) }));
  const supplier = (name: string) => createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name }));

  /** A confirmed invoice without tax: gross = Σ quantity × unit price. */
  const invoice = async (contactId: string, issue_date: string, due_date: string | null, lines: Line[], confirm = true) => {
    const draft = await ok(
      call('POST', `${base}/invoices/with-line-items`, {
        ...as('member'),
        json: { contact_id: contactId, issue_date, ...(due_date ? { due_date } : {}), lines: lines.map((l) => ({ quantity: '1', tax_id: null, ...l })) },
      }),
      'invoice draft',
    );
    if (!confirm) return draft;
    return ok(call('POST', `${base}/invoices/${draft.id}/confirm`, as('admin')), 'confirm invoice');
  };

  const receive = (contactId: string, date: string, amount: string, allocations: { invoice_id: string; amount: string }[]) =>
    ok(
      call('POST', `${base}/payments`, {
        ...as('member'),
        json: { payment_type: 'received', contact_id: contactId, payment_method: 'bank_transfer', date, amount, allocations },
      }),
      'payment received',
    );

  /** A credit note returning `quantity` of the invoice's line `lineIndex`. */
  const creditNote = async (invoiceId: string, issue_date: string, lineIndex: number, quantity: string) => {
    const inv = await ok(call('GET', `${base}/invoices/${invoiceId}`, as('admin')), 'read invoice');
    return ok(
      call('POST', `${base}/invoices/${invoiceId}/returns`, { ...as('admin'), json: { issue_date, reason: 'Damaged', lines: [{ line_id: inv.lines[lineIndex].id, quantity }] } }),
      'credit note',
    );
  };

  /** A confirmed bill without tax, booked to office supplies (6400). */
  const bill = async (contactId: string, issue_date: string, due_date: string | null, lines: Line[]) => {
    const draft = await ok(
      call('POST', `${base}/bills/with-line-items`, {
        ...as('member'),
        json: {
          contact_id: contactId,
          issue_date,
          ...(due_date ? { due_date } : {}),
          lines: lines.map((l) => ({ quantity: '1', tax_id: null, account_id: account('6400'), ...l })),
        },
      }),
      'bill draft',
    );
    return ok(call('POST', `${base}/bills/${draft.id}/confirm`, as('admin')), 'confirm bill');
  };

  const payBill = (billId: string, date: string, amount: string) =>
    ok(call('POST', `${base}/bills/${billId}/payments`, { ...as('member'), json: { payment_method: 'cash', date, amount } }), 'bill payment');

  /** A posted journal entry: debit one account, credit another (codes of the default chart). */
  const entry = (date: string, debitCode: string, creditCode: string, amount: string) =>
    ok(
      call('POST', `${base}/journal-entries`, {
        ...as('admin'),
        json: { date, status: 'posted', memo: 'Test entry', lines: [{ account_id: account(debitCode), debit: amount }, { account_id: account(creditCode), credit: amount }] },
      }),
      'journal entry',
    );

  /** An account's balance on a date in minor units, debit positive. */
  const debitBalance = async (code: string, asOf: string) => {
    const totals = (await accountBalances(org.id, { asOf })).get(account(code));
    return totals ? totals.debit - totals.credit : 0;
  };

  return { org, users, base, as, account, customer, supplier, invoice, receive, creditNote, bill, payBill, entry, debitBalance };
}
