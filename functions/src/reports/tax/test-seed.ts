/**
 * Test data for the tax reports, written through the API as users would: an organization set up
 * for Jordan GST, with sales at 16% and 4%, zero-rated and exempt sales, a credit note, a
 * supplier bill and an approved expense in March–April 2026, and documents outside that period
 * that the return must leave out.
 */
import { expect } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { resolveReportPeriod } from '@daftar/shared/reportPeriods';
import type { ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import { call } from '../../../test/client.js';
import { organizationWithRoles } from '../../../test/fixtures.js';
import { createContact } from '../../contacts/contacts.js';
import { defaultAccountId, ensureChartOfAccounts } from '../../ledger/chart.js';
import type { ReportLanguage, ReportRequest } from '../definition.js';

export const orgPath = (orgId: string) => `/api/v1/organizations/${orgId}`;

export async function taxedOrganization() {
  const { org, users } = await organizationWithRoles();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  await ensureChartOfAccounts(org.id);
  const account = (code: string) => defaultAccountId(org.id, code);
  const expectStatus = (res: { status: number; body: unknown }, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

  const setup = await call('POST', `${orgPath(org.id)}/taxes/jordan-gst/setup`, { ...as('admin'), query: { gst_registration_number: '8000514' } });
  expectStatus(setup, 200);
  const taxes = Object.fromEntries((setup.body.taxes as { code: string; id: string }[]).map((t) => [t.code, t.id])) as Record<string, string>;
  const customer = await createContact(org.id, contactCreate.parse({ contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء' }));
  const supplier = await createContact(org.id, contactCreate.parse({ contact_type: 'supplier', name: 'Amman Office Supplies' }));

  const draftInvoice = async (issueDate: string, lines: { description: string; quantity: string; unit_price: string; tax_id: string | null }[]) => {
    const res = await call('POST', `${orgPath(org.id)}/invoices/with-line-items`, { ...as('member'), json: { contact_id: customer.id, issue_date: issueDate, lines } });
    expectStatus(res, 201);
    return res.body;
  };
  const confirmedInvoice = async (issueDate: string, lines: Parameters<typeof draftInvoice>[1]) => {
    const draft = await draftInvoice(issueDate, lines);
    const res = await call('POST', `${orgPath(org.id)}/invoices/${draft.id}/confirm`, as('admin'));
    expectStatus(res, 200);
    return res.body;
  };
  const creditNote = async (invoiceId: string, issueDate: string, lines: { line_id: string; quantity: string }[]) => {
    const res = await call('POST', `${orgPath(org.id)}/invoices/${invoiceId}/returns`, { ...as('admin'), json: { issue_date: issueDate, reason: 'Damaged on delivery', lines } });
    expectStatus(res, 201);
    return res.body;
  };
  const confirmedBill = async (issueDate: string, lines: { description: string; quantity: string; unit_price: string; tax_id?: string | null; account_id: string }[]) => {
    const draft = await call('POST', `${orgPath(org.id)}/bills/with-line-items`, { ...as('member'), json: { contact_id: supplier.id, issue_date: issueDate, lines } });
    expectStatus(draft, 201);
    const res = await call('POST', `${orgPath(org.id)}/bills/${draft.body.id}/confirm`, as('admin'));
    expectStatus(res, 200);
    return res.body;
  };
  const category = await call('POST', `${orgPath(org.id)}/expense-categories`, {
    ...as('admin'),
    json: { name: 'Office supplies', name_ar: 'قرطاسية', account_id: account('6400') },
  });
  expectStatus(category, 201);
  const expense = async (date: string, amount: string, taxId: string | null, approve = true) => {
    const filed = await call('POST', `${orgPath(org.id)}/expenses`, {
      ...as('member'),
      json: { date, category_id: category.body.id, description: 'Printer paper', amount, ...(taxId ? { tax_id: taxId } : {}), paid_from_account_id: account('1110') },
    });
    expectStatus(filed, 201);
    expectStatus(await call('POST', `${orgPath(org.id)}/expenses/${filed.body.id}/submit`, as('member')), 200);
    if (approve) expectStatus(await call('POST', `${orgPath(org.id)}/expenses/${filed.body.id}/approve`, as('admin')), 200);
    return filed.body;
  };

  return { org, users, as, account, taxes, customer, supplier, draftInvoice, confirmedInvoice, creditNote, confirmedBill, expense, category: category.body };
}

/**
 * The March–April 2026 documents, with what the return must show:
 * - invoice A (10 Mar): 10 × 10.000 at 16%, 5 × 20.000 at 4%, 50.000 zero-rated, 30.000 exempt
 *   (a line without a tax: the setup creates no exempt tax);
 * - invoice B (20 Apr): 2 × 25.000 at 16%;
 * - credit note (5 Apr) taking back 2 of A's 16% units: 20.000 and 3.200 of tax;
 * - bill (15 Mar): 200.000 rent at 16% and 40.000 of exempt supplies;
 * - expense (10 Apr): 11.600 including 16% (10.000 + 1.600), approved;
 * and outside the return: an invoice of 2 May, a draft of 12 Mar, a bill of 28 Feb, an expense
 * of 11 Mar that is submitted but not approved.
 */
export async function seedMarchApril() {
  const o = await taxedOrganization();
  const { taxes, account } = o;
  const invoiceA = await o.confirmedInvoice('2026-03-10', [
    { description: 'Mineral water crates', quantity: '10', unit_price: '10.000', tax_id: taxes.JO_GST_16! },
    { description: 'Medicines', quantity: '5', unit_price: '20.000', tax_id: taxes.JO_GST_4! },
    { description: 'Goods for export', quantity: '1', unit_price: '50.000', tax_id: taxes.JO_GST_ZERO_RATED! },
    { description: 'خبز عربي', quantity: '1', unit_price: '30.000', tax_id: null },
  ]);
  const invoiceB = await o.confirmedInvoice('2026-04-20', [{ description: 'Mineral water crates', quantity: '2', unit_price: '25.000', tax_id: taxes.JO_GST_16! }]);
  const credit = await o.creditNote(invoiceA.id, '2026-04-05', [{ line_id: invoiceA.lines[0].id, quantity: '2' }]);
  const bill = await o.confirmedBill('2026-03-15', [
    { description: 'March rent', quantity: '1', unit_price: '200.000', tax_id: taxes.JO_GST_16!, account_id: account('6200') },
    { description: 'Printer paper', quantity: '4', unit_price: '10.000', tax_id: null, account_id: account('6400') },
  ]);
  const expense = await o.expense('2026-04-10', '11.600', taxes.JO_GST_16!);
  // Outside the return.
  const may = await o.confirmedInvoice('2026-05-02', [{ description: 'Late sale', quantity: '1', unit_price: '100.000', tax_id: taxes.JO_GST_16! }]);
  await o.draftInvoice('2026-03-12', [{ description: 'Not confirmed', quantity: '1', unit_price: '999.000', tax_id: taxes.JO_GST_16! }]);
  await o.confirmedBill('2026-02-28', [{ description: 'February rent', quantity: '1', unit_price: '200.000', tax_id: taxes.JO_GST_16!, account_id: account('6200') }]);
  await o.expense('2026-03-11', '23.200', taxes.JO_GST_16!, false);
  return { ...o, invoiceA, invoiceB, credit, bill, expense, may };
}

/** A catalogue request as the reports handler builds it: a custom period in Asia/Amman. */
export function reportRequest(
  organization: { id: string; name: string },
  from: string,
  to: string,
  options: { language?: ReportLanguage; query?: Record<string, string | undefined>; asOf?: string } = {},
): ReportRequest {
  const period = resolveReportPeriod({ period: 'custom', custom_start: from, custom_end: to }, { timezone: 'Asia/Amman', fiscal_year_start_month: 1 });
  return {
    organization: { id: organization.id, name: organization.name, currency: 'JOD', timezone: 'Asia/Amman', fiscal_year_start_month: 1 },
    language: options.language ?? 'en',
    period,
    asOf: options.asOf ?? period.as_of,
    query: options.query ?? {},
  };
}

/** A section's rows as {cell key: value, style}, by section title. */
export function sectionRows(table: ReportTablePublic, title: string): Record<string, string | number | null>[] {
  const section = table.sections.find((s) => s.title === title);
  if (!section) throw new Error(`No section "${title}" in ${table.sections.map((s) => s.title).join(', ')}`);
  return section.rows.map((row) => ({ ...row.cells, style: row.style ?? 'normal' }));
}
