/**
 * Test support for invoices' documents: the text a reader gets out of a PDF, through pdf.js (what
 * Firefox shows and copies), independent of the code that wrote the PDF; and an organization that
 * invoices (Arabic legal name and tax number, a customer with an e-mail address, GST 16% and an
 * exempt tax) with helpers that go through the invoice routes.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';
import { contactCreate } from '@daftar/shared/schemas/contacts';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { createContact } from '../contacts/contacts.js';
import { Organization } from '../db/organization.js';
import { Tax } from '../db/tax.js';
import { trialBalance } from '../ledger/balances.js';
import { nowIso, uuidv7 } from '../platform/ids.js';

export interface PdfText {
  pages: number;
  /** Each text item pdf.js found, in reading order, as a string (Arabic in logical order). */
  items: string[];
  /** All items joined with new lines. */
  text: string;
}

export async function pdfText(bytes: Buffer): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const items: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str.trim());
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, items, text: items.join('\n') };
}

export const SELLER_NAME_AR = 'مؤسسة النور للتجارة';
export const BUYER_NAME_AR = 'فنادق البتراء';

export const invoicesPath = (orgId: string) => `/api/v1/organizations/${orgId}/invoices`;

async function addTax(orgId: string, name: string, rate: string, category: 'standard' | 'exempt') {
  const now = nowIso();
  const { data } = await Tax.create({
    organization_id: orgId,
    id: uuidv7(),
    name,
    rate,
    tax_category: category,
    jofotara_category: category === 'standard' ? 'S' : 'O',
    sales_account_subtype: 'vat_output',
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

/** A special sales tax of the organization: fixed per unit (`amount`) or a percent (`rate`). */
export async function addSpecialTax(orgId: string, name: string, terms: { fixed: string } | { percent: string }, isActive = true) {
  const now = nowIso();
  const { data } = await Tax.create({
    organization_id: orgId,
    id: uuidv7(),
    name,
    rate: 'percent' in terms ? terms.percent : '0',
    tax_category: 'special',
    jofotara_category: 'S',
    special_tax_type: 'percent' in terms ? 'percent' : 'fixed',
    special_tax_amount: 'fixed' in terms ? terms.fixed : undefined,
    sales_account_subtype: 'special_tax_output',
    is_active: isActive,
    created_at: now,
    updated_at: now,
  }).go();
  return data;
}

/** Trial balance rows as [code, debit, credit] in fils, with the column totals. */
export async function trialRows(orgId: string) {
  const tb = await trialBalance(orgId, '2099-12-31');
  return { rows: tb.rows.map((r) => [r.account.code, r.debit, r.credit] as [string, number, number]), totalDebit: tb.totalDebit, totalCredit: tb.totalCredit };
}

export async function invoicingOrganization(customerEmail: string | null = `customer.${uuidv7().slice(-12)}@example.jo`) {
  const { org, users } = await organizationWithRoles();
  await Organization.patch({ id: org.id }).set({ legal_name: SELLER_NAME_AR, tax_number: '12345678', address: 'شارع الملكة رانيا 15', city: 'عمّان' }).go();
  const as = (role: keyof typeof users) => ({ token: users[role].token, org: org.id });
  const customer = await createContact(
    org.id,
    contactCreate.parse({ contact_type: 'customer', name: 'Petra Hotels', name_ar: BUYER_NAME_AR, ...(customerEmail ? { email: customerEmail } : {}) }),
  );
  const gst16 = await addTax(org.id, 'GST 16%', '16', 'standard');
  const exempt = await addTax(org.id, 'Exempt', '0', 'exempt');
  /** 3 × 0.335 at 16% and 1 × 10.000 exempt: net 11.005, tax 0.161, gross 11.166. */
  const workedExample = (contactId = customer.id) => ({
    contact_id: contactId,
    issue_date: '2025-06-15',
    due_date: '2025-07-15',
    lines: [
      { description: 'Mineral water 330ml', quantity: '3', unit_price: '0.335', tax_id: gst16.id },
      { description: 'خبز عربي', quantity: '1', unit_price: '10.000', tax_id: exempt.id },
    ],
  });
  const createDraft = async (json: Record<string, unknown> = workedExample()) => {
    const res = await call('POST', `${invoicesPath(org.id)}/with-line-items`, { ...as('member'), json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const createConfirmed = async (json?: Record<string, unknown>) => {
    const draft = await createDraft(json);
    const res = await call('POST', `${invoicesPath(org.id)}/${draft.id}/confirm`, as('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { org, users, as, customer, gst16, exempt, workedExample, createDraft, createConfirmed };
}