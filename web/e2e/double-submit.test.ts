/**
 * Double submits are harmless (issue #11), in a real Chromium against the real local runtime: a
 * draft invoice confirmed with a double click — a real `dblclick`, then two clicks fired as fast
 * as the mouse can — is confirmed once. It takes one number (INV-000001, then INV-000002), posts
 * one journal entry, and nothing is refused (no error toast). The screen sends one confirmation,
 * under an Idempotency-Key; the API answers a repeat of it with the confirmed invoice, taking no
 * second number, so the next invoice confirmed gets the next number.
 *
 * What is not the point (the owner, the organization, a customer, the drafts) is set up through
 * the HTTP API; the confirming is done on the screen, finding elements by role and name only, and
 * waiting for what the test means (a heading, a table), never for a fixed time.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('double submits in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Omar Saleh', email: `omar.${run}@example.jo`, password: 'double-click-2025' };
const organizationName = `Saleh Trading ${run}`;

interface Setup extends OwnerSession {
  customerId: string;
}

interface Invoice {
  id: string;
  number: string | null;
  status: string;
  journal_entry_id: string | null;
}

/** An owner with a verified e-mail, an organization registered for general sales tax, and one customer. */
async function setUpOwner(runtime: Runtime): Promise<Setup> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '20304050', taxpayer_track: 'general_sales' });
  const org = `/organizations/${organizationId}`;
  await callApi(runtime, 'POST', `${org}/taxes/jordan-gst/setup?gst_registration_number=20304050`, { token });
  const customer = await callApi<{ id: string }>(runtime, 'POST', `${org}/contacts`, { token, json: { contact_type: 'customer', name: 'Amman Office Supplies', tax_number: '87654321' } });
  return { token, organizationId, customerId: customer.id };
}

describe.skipIf(!executablePath)('double submits in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  /** The confirmations the screen sent, with their Idempotency-Key. */
  const confirmations: { url: string; key: string | null }[] = [];

  const org = () => `/organizations/${setup.organizationId}`;

  /** A draft invoice, written through the API: one exempt line. */
  const draftInvoice = (description: string) =>
    callApi<Invoice>(runtime, 'POST', `${org()}/invoices/with-line-items`, {
      token: setup.token,
      json: { contact_id: setup.customerId, issue_date: new Date().toISOString().slice(0, 10), lines: [{ description, quantity: '2', unit_price: '12.500' }] },
    });

  const readInvoice = (id: string) => callApi<Invoice>(runtime, 'GET', `${org()}/invoices/${id}`, { token: setup.token });

  /** The journal entries the invoice posted (by their source), as the API lists them. */
  const entriesOf = async (invoiceId: string) =>
    (await callApi<{ data: { id: string; status: string }[]; count: number }>(runtime, 'GET', `${org()}/journal-entries?source_type=invoice&source_id=${invoiceId}`, { token: setup.token })).data;

  /** The error toasts on screen (the toaster shows each failure as an alert, SPEC §8). */
  const errorToasts = (current: Page) => current.getByRole('region', { name: 'Notifications' }).locator('[data-type="error"]');

  /** Opens the draft, then its confirmation dialog; answers the dialog's confirming button. */
  async function openConfirmation(invoiceId: string) {
    await page.goto(`${runtime.baseUrl}/sales/invoices/${invoiceId}`);
    await page.getByRole('heading', { name: 'Draft invoice', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm this invoice?' });
    await dialog.waitFor();
    return { dialog, submit: dialog.getByRole('button', { name: 'Confirm and post' }) };
  }

  /** The invoice shown confirmed under its number, with its journal entry read. */
  async function seeConfirmed(number: string) {
    await page.getByRole('heading', { name: `Invoice ${number}`, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Journal entry' }).waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUpOwner, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && /\/invoices\/[^/]+\/confirm$/.test(new URL(request.url()).pathname)) {
        confirmations.push({ url: request.url(), key: request.headers()['idempotency-key'] ?? null });
      }
    });
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('confirms a draft once on a real double click: INV-000001, one journal entry, no error', async () => {
    const draft = await draftInvoice('Printer paper (exempt)');
    expect(draft.status).toBe('draft');
    const { submit } = await openConfirmation(draft.id);

    await submit.dblclick();
    await seeConfirmed('INV-000001');

    expect(await errorToasts(page).count()).toBe(0);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const confirmed = await readInvoice(draft.id);
    expect(confirmed).toMatchObject({ number: 'INV-000001', status: 'confirmed' });
    const entries = await entriesOf(draft.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.id).toBe(confirmed.journal_entry_id);

    // Confirming again (a retry whose answer was lost) answers the invoice as it is: no second
    // number, no second posting.
    const again = await callApi<Invoice>(runtime, 'POST', `${org()}/invoices/${draft.id}/confirm`, { token: setup.token });
    expect(again).toMatchObject({ id: draft.id, number: 'INV-000001', status: 'confirmed', journal_entry_id: confirmed.journal_entry_id });
    expect(await entriesOf(draft.id)).toHaveLength(1);
  });

  it('confirms the next draft once on two quick mouse clicks: it gets INV-000002', async () => {
    const draft = await draftInvoice('Toner cartridges (exempt)');
    const { submit } = await openConfirmation(draft.id);
    const box = await submit.boundingBox();
    expect(box).not.toBeNull();
    const x = box!.x + box!.width / 2;
    const y = box!.y + box!.height / 2;

    await page.mouse.click(x, y);
    await page.mouse.click(x, y);
    await seeConfirmed('INV-000002');

    expect(await errorToasts(page).count()).toBe(0);
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirmations[1]!.key).not.toBe(confirmations[0]!.key);
    expect(await readInvoice(draft.id)).toMatchObject({ number: 'INV-000002', status: 'confirmed' });
    expect(await entriesOf(draft.id)).toHaveLength(1);

    // The confirmed invoice, its one journal entry below it.
    await screenshot(page, 'double-submit');
  });
});
