/**
 * JoFotara in a real Chromium against the real local runtime (issue 6): `npm start` mounts the
 * JoFotara simulator and runs the e-invoice queue's consumer. The set-up (an owner, an organization
 * on the general-sales track with Jordan's taxes, a business customer with a tax number, the
 * e-invoicing settings with the simulator's device credentials, a confirmed invoice) goes through
 * the HTTP API; the submission is done on the screen: Submit, wait for the portal's acceptance,
 * see the QR, in English and in Arabic.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('JoFotara screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Hala Nassar', email: `hala.${run}@example.jo`, password: 'ledger-owner-2025' };
const organizationName = `Nassar Office Supplies ${run}`;
/** The simulator's built-in device (functions/src/jofotara/simulator.ts SIMULATOR_DEFAULT_CREDENTIAL). */
const SIMULATOR_DEVICE = { client_id: 'daftar-simulator-client-id', secret_key: 'daftar-simulator-secret-key' };

interface Setup extends OwnerSession {
  invoiceId: string;
  invoiceNumber: string;
}

async function setUp(runtime: Runtime): Promise<Setup> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const org = `/organizations/${organizationId}`;
  await callApi(runtime, 'POST', `${org}/taxes/jordan-gst/setup?gst_registration_number=10203040`, { token });
  const customer = await callApi<{ id: string }>(runtime, 'POST', `${org}/contacts`, {
    token,
    json: { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء', tax_number: '87654321', governorate: 'JO-AQ' },
  });
  await callApi(runtime, 'PUT', `${org}/e-invoicing/settings`, {
    token,
    json: {
      seller_tin: '10203040',
      registered_name_ar: 'شركة نصار للقرطاسية',
      registered_name_en: 'Nassar Office Supplies',
      income_source_sequence: '9932895',
      taxpayer_track: 'general_sales',
      ...SIMULATOR_DEVICE,
    },
  });
  const taxes = await callApi<{ data: { id: string; rate: string; tax_category: string }[] }>(runtime, 'GET', `${org}/taxes/list`, { token });
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16);
  if (!standard) throw new Error(`No 16% sales tax after the Jordan set-up: ${JSON.stringify(taxes.data)}`);
  const draft = await callApi<{ id: string }>(runtime, 'POST', `${org}/invoices/with-line-items`, {
    token,
    json: {
      contact_id: customer.id,
      issue_date: new Date().toISOString().slice(0, 10),
      lines: [
        { description: 'Ballpoint pens (box)', quantity: '3', unit_price: '2.335', tax_id: standard.id },
        { description: 'A4 paper, 500 sheets', quantity: '2', unit_price: '4.750', tax_id: standard.id },
      ],
    },
  });
  const confirmed = await callApi<{ id: string; number: string }>(runtime, 'POST', `${org}/invoices/${draft.id}/confirm`, { token });
  return { token, organizationId, invoiceId: confirmed.id, invoiceNumber: confirmed.number };
}

describe.skipIf(!executablePath)('JoFotara screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('previews the XML, submits the invoice to the JoFotara simulator and shows the QR once accepted', async () => {
    // Reached the way a user does: from the invoice, through its e-invoice action.
    await page.goto(`${runtime.baseUrl}/sales/invoices/${setup.invoiceId}`);
    await page.getByRole('link', { name: 'E-invoice (JoFotara)' }).click();
    await page.getByRole('heading', { name: `E-invoice for invoice ${setup.invoiceNumber}`, level: 1 }).waitFor();
    await page.getByText('Not submitted', { exact: true }).waitFor();

    await page.getByRole('tab', { name: /^Preview/ }).click();
    await page.getByText("The XML passes JoFotara's six cross-checks.").waitFor();
    expect(await page.locator('pre.einvoice-xml').innerText()).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
    await page.getByRole('tab', { name: /^Submission/ }).click();

    await page.getByRole('button', { name: 'Submit to JoFotara' }).click();
    // Accepted by JoFotara, the invoice can no longer change: the screen asks first.
    const confirm = page.getByRole('alertdialog', { name: `Submit invoice ${setup.invoiceNumber} to JoFotara?` });
    await confirm.getByRole('button', { name: 'Submit to JoFotara' }).click();
    // The consumer sends it to the simulator; the page polls every two seconds until the answer.
    await page.getByText('Submitted', { exact: true }).waitFor({ timeout: 60_000 });
    const qr = page.getByRole('img', { name: `JoFotara QR code of ${setup.invoiceNumber}` });
    await qr.waitFor();
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await page.getByRole('button', { name: /Submit to JoFotara|Resubmit/ }).count()).toBe(0);
    await screenshot(page, 'einvoice-submitted');

    // What the screen shows is what the API recorded.
    const recorded = await callApi<{ state: string; qr: string | null; einv_num: string | null }>(
      runtime,
      'GET',
      `/organizations/${setup.organizationId}/invoices/${setup.invoiceId}/jofotara`,
      { token: setup.token },
    );
    expect(recorded.state).toBe('submitted');
    expect(recorded.qr).toBeTruthy();
    if (recorded.einv_num) await page.getByText(recorded.einv_num, { exact: true }).waitFor();
  });

  it('reads the accepted invoice in Arabic', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { name: `الفاتورة الإلكترونية للفاتورة ${setup.invoiceNumber}`, level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('مقبولة', { exact: true }).waitFor();
    await page.getByRole('img', { name: `رمز الاستجابة السريعة من جوفوترة للمستند ${setup.invoiceNumber}` }).waitFor();
    await screenshot(page, 'einvoice-submitted-ar');
  });
});
