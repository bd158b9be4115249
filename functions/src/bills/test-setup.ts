/** What the bills tests share: an organization with a supplier, purchase taxes and the default chart. */
import { expect } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Bill } from '../db/bill.js';
import { JournalEntry } from '../db/journalEntry.js';
import { defaultAccountId, ensureChartOfAccounts } from '../ledger/chart.js';

export const billsPath = (orgId: string) => `/api/v1/organizations/${orgId}/bills`;

export const storedBills = async (orgId: string) => (await Bill.query.byCreation({ organization_id: orgId }).go({ pages: 'all' })).data;
export const storedEntries = async (orgId: string) => (await JournalEntry.query.byId({ organization_id: orgId }).go({ pages: 'all' })).data;

/** The trial balance as the API shows it (far in the future, so every posting counts): rows [code, debit, credit]. */
export async function trialRows(orgId: string, token: string) {
  const res = await call('GET', `/api/v1/organizations/${orgId}/accounting/trial-balance`, { token, query: { as_of_date: '2099-12-31' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { data, total_debit, total_credit, balanced } = res.body as { data: { code: string; debit: string; credit: string }[]; total_debit: string; total_credit: string; balanced: boolean };
  return { rows: data.map((r) => [r.code, r.debit, r.credit]), total_debit, total_credit, balanced };
}

/** A purchase tax, created as an admin would; `recoverable: false` clears its purchase account (the tax stays in the cost). */
export async function addPurchaseTax(orgId: string, adminToken: string, name: string, rate: string, { recoverable = true } = {}) {
  const json = { name, rate, ...(recoverable ? {} : { purchase_account_subtype: null }) };
  const res = await call('POST', `/api/v1/organizations/${orgId}/taxes`, { token: adminToken, org: orgId, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; purchase_account_subtype: string | null };
}

export async function billsSetup() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  await ensureChartOfAccounts(org.id);
  const account = (code: string) => defaultAccountId(org.id, code);
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Amman Office Supplies' }));
  const gst16 = await addPurchaseTax(org.id, users.admin.token, 'GST 16%', '16');
  /** Rent 500.000 and 3 × 12.345 office supplies, both at 16%. */
  const rentAndSupplies = (overrides: Record<string, unknown> = {}) => ({
    contact_id: supplier.id,
    issue_date: '2025-06-15',
    due_date: '2025-07-15',
    supplier_reference: 'AOS-7731',
    lines: [
      { description: 'June rent', quantity: '1', unit_price: '500.000', tax_id: gst16.id, account_id: account('6200') },
      { description: 'Printer paper', quantity: '3', unit_price: '12.345', tax_id: gst16.id, account_id: account('6400') },
    ],
    ...overrides,
  });
  const createDraft = async (json: Record<string, unknown> = rentAndSupplies()) => {
    const res = await call('POST', `${billsPath(org.id)}/with-line-items`, { ...as('member'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const confirm = async (id: string) => {
    const res = await call('POST', `${billsPath(org.id)}/${id}/confirm`, as('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { org, users, as, account, supplier, gst16, rentAndSupplies, createDraft, confirm, base: billsPath(org.id) };
}
