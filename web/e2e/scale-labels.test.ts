/**
 * Issue 14's scale labels as an organization setting, in a real Chromium against the local
 * runtime: the owner changes the first prefix of the layout to 02 carrying a price, saves, and a
 * label printed that way finds the product and its amount. The settings' Inventory section is
 * photographed in English and Arabic into web/e2e/screenshots/issue-14-scale-labels-{en,ar}.png.
 */
import type { Browser, Page } from 'playwright-core';
import { gtinCheckDigit } from '@daftar/shared/barcodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, signUpOwner, startSignedIn, type OwnerSession } from './session';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const executablePath = chromiumFor('scale labels in Chromium');
const SCREENSHOTS = join(fileURLToPath(new URL('.', import.meta.url)), 'screenshots');

const run = Date.now().toString(36);
const owner = { name: 'Omar Haddad', email: `omar.scale.${run}@example.jo`, password: 'scale-owner-2025' };

interface Setup extends OwnerSession {
  api: <T>(method: string, path: string, json?: unknown) => Promise<T>;
  productId: string;
}

async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: `Haddad Sweets ${run}`, governorate: 'JO-AM', city: 'Amman', tax_number: '10203042' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  const knafeh = await api<{ id: string }>('POST', '/products-services', { sku: 'KNAFEH', name: 'Knafeh by weight', name_ar: 'كنافة بالوزن', sale_price: '8.000', barcodes: ['0212345'] });
  return { ...session, api, productId: knafeh.id };
}

/** The Inventory section of the settings, photographed alone (the page is long). */
async function photograph(page: Page, name: string) {
  await closeToasts(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const section = page.locator('form').filter({ has: page.getByTestId('scale-prefix-row').first() });
  await section.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe.skipIf(!executablePath)('scale labels in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('saves a layout with prefix 02 carrying the price, and a label printed so finds the product and its amount', async () => {
    await page.goto(`${runtime.baseUrl}/settings/organization`);
    const first = page.getByLabel('Prefix 1', { exact: true });
    await first.waitFor();
    expect(await first.inputValue()).toBe('20');
    await first.fill('02');
    await page.getByLabel('What labels with prefix 1 carry').selectOption('price');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await setup.api<{ scale_barcodes: { prefixes: { prefix: string; value: string }[] } }>('GET', '')).scale_barcodes.prefixes[0]).toEqual({ prefix: '02', value: 'price' });

    const body = '021234501250';
    const label = `${body}${gtinCheckDigit(body)}`;
    const found = await setup.api<{ product: { id: string }; amount?: string | null }>('GET', `/inventory/products/by-barcode/${label}`);
    expect(found.product.id).toBe(setup.productId);
    expect(found.amount).toBe('1.250');
    await page.reload();
    await page.getByLabel('Prefix 1', { exact: true }).waitFor();
    expect(await page.getByLabel('Prefix 1', { exact: true }).inputValue()).toBe('02');
    await photograph(page, 'issue-14-scale-labels-en');
  });

  it('shows the layout mirrored in Arabic', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('scale-prefix-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await photograph(page, 'issue-14-scale-labels-ar');
  });
});
