/**
 * The first screens of a new organization in a real Chromium against the real local runtime
 * (issue 12 "One setup", "Messages and flows"): the home page with the business figures and the
 * first-steps checklist, a customer's page with their balance, invoices and statement, both in
 * English and Arabic; every page loaded directly without a request for `/organizations//…`; the
 * first "New expense" with categories to choose from; the local JoFotara simulator's device on the
 * e-invoicing settings page. The set-up (an owner, an organization, Jordan's taxes, a customer
 * with two confirmed invoices, one overdue, and a partial payment) goes through the HTTP API.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('first screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rania Saleh', email: `rania.${run}@example.jo`, password: 'ledger-owner-2025' };
const organizationName = `Saleh Pharmacy ${run}`;
const customerName = 'Al-Hussein Clinic';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

interface Setup extends OwnerSession {
  customerId: string;
  overdueNumber: string;
}

async function setUp(runtime: Runtime): Promise<Setup> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-IR', city: 'Irbid', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const org = `/organizations/${organizationId}`;
  await callApi(runtime, 'POST', `${org}/taxes/jordan-gst/setup?gst_registration_number=10203040`, { token });
  const customer = await callApi<{ id: string }>(runtime, 'POST', `${org}/contacts`, {
    token,
    json: { contact_type: 'customer', name: customerName, name_ar: 'عيادة الحسين', tax_number: '87654321', governorate: 'JO-IR', payment_terms_days: 30 },
  });
  const taxes = await callApi<{ data: { id: string; rate: string; tax_category: string }[] }>(runtime, 'GET', `${org}/taxes/list`, { token });
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16);
  if (!standard) throw new Error(`No 16% sales tax after the Jordan set-up: ${JSON.stringify(taxes.data)}`);
  const invoice = async (issue: string, due: string, lines: { description: string; quantity: string; unit_price: string }[]) => {
    const draft = await callApi<{ id: string }>(runtime, 'POST', `${org}/invoices/with-line-items`, {
      token,
      json: { contact_id: customer.id, issue_date: issue, due_date: due, lines: lines.map((line) => ({ ...line, tax_id: standard.id })) },
    });
    return callApi<{ id: string; number: string }>(runtime, 'POST', `${org}/invoices/${draft.id}/confirm`, { token });
  };
  // Issued 40 days ago, due 10 days ago: overdue.
  const overdue = await invoice(day(-40), day(-10), [{ description: 'Surgical gloves (box)', quantity: '20', unit_price: '4.500' }]);
  await invoice(day(-3), day(27), [{ description: 'Face masks (box)', quantity: '10', unit_price: '3.250' }]);
  await callApi(runtime, 'POST', `${org}/payments`, {
    token,
    json: { payment_type: 'received', payment_method: 'bank_transfer', date: day(-20), contact_id: customer.id, amount: '50.000', allocations: [{ invoice_id: overdue.id, amount: '50.000' }] },
  });
  return { token, organizationId, customerId: customer.id, overdueNumber: overdue.number };
}

describe.skipIf(!executablePath)('first screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  /** Every request the pages made for an organization whose id was still empty. */
  const emptyOrganizationRequests: string[] = [];

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
    page.on('request', (request) => {
      if (request.url().includes('/organizations//')) emptyOrganizationRequests.push(`${request.method()} ${request.url()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('shows the business figures and the first steps on the home page', async () => {
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}`, level: 1 }).waitFor();
    const receivables = page.getByRole('region', { name: 'Customers owe you' });
    await receivables.waitFor();
    // 20 × 4.500 + 16% = 104.400 and 10 × 3.250 + 16% = 37.700, less the 50.000 paid.
    expect(await text(receivables)).toMatch(/JOD\s?92\.100/);
    expect(await text(receivables)).toMatch(/JOD\s?54\.400 overdue on 1 document/);
    expect(await text(page.getByRole('region', { name: 'Sales this month' }))).toMatch(/JOD/);
    expect(await text(page.getByRole('region', { name: 'Cash and bank' }))).toMatch(/JOD\s?50\.000/);

    const steps = page.getByRole('region', { name: 'First steps' });
    // Tax details (from sign-up), a customer, an invoice and a payment are done; JoFotara and the accountant are not.
    await expect.poll(() => text(steps)).toContain('4 of 6 done');
    // The link names the first missing setting once the e-invoicing settings (their own request) have arrived.
    await expect.poll(() => steps.getByRole('link', { name: 'Connect JoFotara e-invoicing' }).getAttribute('href')).toMatch(/^\/settings\/e-invoicing#/);
    expect(await steps.getByRole('link', { name: 'Invite your accountant' }).getAttribute('href')).toBe('/settings/invitations');
    await screenshot(page, 'home-overview-en', { fromTop: true });
  });

  it("shows a customer's balance, invoices and statement", async () => {
    await page.goto(`${runtime.baseUrl}/contacts/${setup.customerId}`);
    await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
    const owes = page.getByRole('group', { name: 'Owes you' });
    await owes.waitFor();
    expect(await text(owes)).toMatch(/JOD\s?92\.100 2 documents/);
    expect(await text(page.getByRole('group', { name: 'Overdue' }))).toMatch(/JOD\s?54\.400/);
    const invoices = page.getByRole('table', { name: 'Invoices to this customer, newest first' });
    expect(await text(invoices.getByRole('row').filter({ hasText: setup.overdueNumber }))).toMatch(/Partially paid Overdue JOD\s?104\.400 JOD\s?54\.400/);
    await screenshot(page, 'customer-account-en', { fromTop: true });

    await page.getByRole('tab', { name: /^Statement/ }).click();
    const statement = page.getByRole('table', { name: /^Statement from/ });
    await statement.waitFor();
    const rows = (await statement.getByRole('row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
    // The period is this year so far: the closing balance is what the customer owes today.
    expect(rows.at(-1)).toMatch(/^.*Closing balance and totals .*JOD\s?92\.100$/);
    await screenshot(page, 'customer-statement-en', { fromTop: true });
  });

  it('reads the customer page and the home page in Arabic, right to left', async () => {
    await page.goto(`${runtime.baseUrl}/contacts/${setup.customerId}`);
    await page.getByRole('group', { name: 'Owes you' }).waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('group', { name: 'مستحق لك عليه' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('table', { name: 'فواتير هذا العميل، الأحدث أولاً' }).waitFor();
    await screenshot(page, 'customer-account-ar', { fromTop: true });

    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('region', { name: 'مستحق لك على العملاء' }).waitFor();
    await page.getByRole('region', { name: 'الخطوات الأولى' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'home-overview-ar', { fromTop: true });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('region', { name: 'Customers owe you' }).waitFor();
  });

  it('offers default categories on the first new expense', async () => {
    await page.goto(`${runtime.baseUrl}/purchases/expenses/new`);
    const category = page.getByLabel('Category', { exact: true });
    await category.waitFor();
    await expect.poll(async () => (await category.locator('option').allInnerTexts()).map((o) => o.trim())).toEqual(expect.arrayContaining(['Rent', 'Electricity and water', 'Transport and fuel', 'Bank charges']));
    expect(await page.getByText(/There are no expense categories yet/).count()).toBe(0);
  });

  it("shows the local JoFotara simulator's device on the e-invoicing settings page", async () => {
    await page.goto(`${runtime.baseUrl}/settings/e-invoicing#client_id`);
    const note = page.getByRole('note', { name: 'Local JoFotara simulator.' });
    await note.waitFor();
    expect(await text(note)).toContain('daftar-simulator-client-id');
    expect(await text(note)).toContain('daftar-simulator-secret-key');
    await note.getByRole('button', { name: 'Copy the Client-Id' }).waitFor();
    // The link from "what is missing" puts the cursor in the field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('client_id');
  });

  it('asks for no organization before it is known, on any page loaded directly', async () => {
    for (const path of ['/', '/accounting', '/accounting/taxes', '/sales/invoices', '/sales/customers', `/contacts/${setup.customerId}`, '/purchases/bills', '/purchases/expenses', '/banking', '/settings/members']) {
      await page.goto(`${runtime.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(emptyOrganizationRequests).toEqual([]);
  });
});
