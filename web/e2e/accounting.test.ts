/**
 * The accounting screens in a real Chromium against the real local runtime (issue 4): an owner
 * writes a sales invoice with a taxed and an exempt line, confirms it (posting its journal entry),
 * records a partial bank-transfer payment against it, finds the rest in accounts receivable, and
 * reads the invoice again in Arabic. What is not the point here (the account, the organization,
 * Jordan's sales-tax rates, the customer) is set up through the HTTP API; everything after that is
 * done on the screens, finding elements by role and label only.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('accounting screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Lina Khoury', email: `lina.${run}@example.jo`, password: 'ledger-owner-2025' };
const organizationName = `Khoury Stationery ${run}`;
const customerName = 'Al-Noor Bookshop';

/** The option labels the line's tax picker shows: the tax's name and its rate (Jordan GST set-up). */
// The setup's names carry no rate (the picker adds it once); a line without a tax is the exempt choice.
const STANDARD_TAX = 'General sales tax (standard rate) (16%)';
const EXEMPT_TAX = 'No tax (exempt)';

const documentDirection = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
/** What a person reads: innerText keeps the cells of a row apart. */
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const rowTexts = async (table: Locator) => (await table.getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

/** An owner with a verified e-mail, an organization registered for general sales tax, and one customer. */
async function setUpOwner(runtime: Runtime): Promise<OwnerSession> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const org = `/organizations/${organizationId}`;
  await callApi(runtime, 'POST', `${org}/taxes/jordan-gst/setup?gst_registration_number=10203040`, { token });
  await callApi(runtime, 'POST', `${org}/contacts`, { token, json: { contact_type: 'customer', name: customerName, tax_number: '12345678' } });
  return { token, organizationId };
}

describe.skipIf(!executablePath)('accounting screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let session: OwnerSession;
  let invoiceUrl = '';
  let invoiceNumber = '';

  beforeAll(async () => {
    ({ runtime, browser, page, setup: session } = await startSignedIn(executablePath!, owner.name, setUpOwner, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('writes an invoice whose live totals match the server, confirms it and shows its journal entry', async () => {
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Sales', exact: true }).click();
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.waitFor();

    await form.getByLabel('Customer', { exact: true }).selectOption({ label: customerName });
    await form.getByLabel('Description, line 1', { exact: true }).fill('Ballpoint pens');
    await form.getByLabel('Quantity, line 1', { exact: true }).fill('3');
    await form.getByLabel('Unit price, line 1', { exact: true }).fill('0.335');
    await form.getByLabel('Tax, line 1', { exact: true }).selectOption({ label: STANDARD_TAX });
    await form.getByRole('button', { name: 'Add line' }).click();
    await form.getByLabel('Description, line 2', { exact: true }).fill('Schoolbook (exempt)');
    await form.getByLabel('Quantity, line 2', { exact: true }).fill('1');
    await form.getByLabel('Unit price, line 2', { exact: true }).fill('10.000');
    await form.getByLabel('Tax, line 2', { exact: true }).selectOption({ label: EXEMPT_TAX });

    // Before saving, the screen computes what the server will store: 3 × 0.335 = 1.005 at 16%
    // gives 0.161 tax (0.1608 rounded per line), plus 10.000 exempt.
    const totals = form.getByRole('table', { name: 'Totals' });
    await expect.poll(() => rowTexts(totals)).toContainEqual(expect.stringMatching(/^Total before tax .*11\.005$/));
    const rows = await rowTexts(totals);
    expect(rows).toContainEqual(expect.stringMatching(/^Sales tax 16% .*0\.161$/));
    expect(rows).toContainEqual(expect.stringMatching(/^Exempt .*0\.000$/));
    expect(rows).toContainEqual(expect.stringMatching(/^Total JOD 11\.166$/));

    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => /^\/sales\/invoices\/[\w-]+$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Draft invoice' }).waitFor();
    invoiceUrl = page.url();

    await closeToasts(page);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm this invoice?' });
    await confirm.getByRole('button', { name: 'Confirm and post' }).click();
    await confirm.waitFor({ state: 'hidden' });

    const heading = page.getByRole('heading', { name: /^Invoice \S+$/, level: 1 });
    await heading.waitFor();
    invoiceNumber = (await text(heading)).replace(/^Invoice /, '');
    expect(invoiceNumber).toBeTruthy();
    // The status badge, besides the "Confirmed" date among the invoice's facts.
    await expect.poll(() => page.getByText('Confirmed', { exact: true }).count()).toBe(2);
    expect(await page.getByRole('term').filter({ hasText: /^Confirmed$/ }).count()).toBe(1);

    // The posting: receivable debited with the total; sales, exempt sales and sales tax credited.
    const journal = page.getByRole('table', { name: 'Journal entry' });
    await journal.waitFor();
    const entry = await rowTexts(journal);
    expect(entry).toContainEqual(expect.stringMatching(/^1200 .*11\.166$/));
    expect(entry).toContainEqual(expect.stringMatching(/0\.161$/));
    expect(entry).toContainEqual(expect.stringMatching(/^Totals .*11\.166.*11\.166$/));
    await screenshot(page, 'invoice');
  });

  it('records a partial bank transfer against the invoice, which becomes partially paid', async () => {
    await closeToasts(page);
    await page.getByRole('link', { name: 'Record payment' }).click();
    await page.waitForURL((url) => url.pathname === '/sales/payments' && url.searchParams.has('invoice_id'));
    const dialog = page.getByRole('dialog', { name: 'Record a payment received' });
    const allocation = dialog.getByLabel(`Amount for ${invoiceNumber}`, { exact: true });
    // The invoice from the address brings its customer and its whole balance due.
    await expect.poll(() => allocation.inputValue()).toBe('11.166');
    expect(await dialog.getByLabel('Customer', { exact: true }).locator('option:checked').textContent()).toBe(customerName);

    await dialog.getByLabel('Amount', { exact: true }).fill('5.583');
    await dialog.getByLabel('Method', { exact: true }).selectOption({ label: 'Bank transfer' });
    await allocation.fill('5.583');
    await expect.poll(() => text(dialog.getByText(/^Unallocated: /))).toMatch(/0\.000, kept as customer credit$/);
    await screenshot(page, 'payment', { fullPage: false });

    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Saved from the invoice's page: the person lands back on the invoice, its balance refreshed (issue #12).
    await page.waitForURL(invoiceUrl);
    await page.getByRole('heading', { name: `Invoice ${invoiceNumber}`, level: 1 }).waitFor();
    const settlement = page.getByRole('table', { name: 'Payments and credits' });
    await expect.poll(() => rowTexts(settlement)).toContainEqual(expect.stringMatching(/^Balance due .*5\.583$/));
    expect(await rowTexts(settlement)).toContainEqual(expect.stringMatching(/^Amount paid .*5\.583$/));
    expect(await page.getByText('Partially paid', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Record payment' }).count()).toBe(1);
  });

  it('shows the rest in accounts receivable on the chart of accounts', async () => {
    await closeToasts(page);
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Accounting', exact: true }).click();
    await page.getByRole('link', { name: 'Chart of accounts' }).click();
    await page.getByRole('heading', { name: 'Chart of accounts', level: 1 }).waitFor();
    const assets = page.getByRole('table', { name: 'Assets' });
    const receivable = assets.getByRole('row').filter({ has: page.getByRole('cell', { name: '1200', exact: true }) });
    await expect.poll(() => text(receivable)).toMatch(/Accounts receivable.*5\.583/);
    await receivable.scrollIntoViewIfNeeded();
    await screenshot(page, 'chart-of-accounts', { fullPage: false });
  });

  it('reads the invoice in Arabic, right to left', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    // Opened again within the app. A full page load with i18nextLng=ar still comes back in English:
    // lib/i18n.ts takes i18n.resolvedLanguage, which is 'en' until the Arabic texts are loaded.
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'المبيعات', exact: true }).click();
    await page.getByRole('link', { name: 'الفواتير', exact: true }).click();
    await page.getByRole('link', { name: invoiceNumber, exact: true }).click();
    await page.waitForURL(invoiceUrl);
    await page.getByRole('heading', { name: `فاتورة ${invoiceNumber}`, level: 1 }).waitFor();
    expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.getByText('مدفوعة جزئياً', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'قيد اليومية', level: 2 }).waitFor();
    const settlement = page.getByRole('table', { name: 'الدفعات والإشعارات الدائنة' });
    await expect.poll(() => rowTexts(settlement)).toContainEqual(expect.stringMatching(/^الرصيد المستحق .*5\.583/));
    await screenshot(page, 'invoice-ar');
  });
});
