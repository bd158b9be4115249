/**
 * Issue 14's catalogue screens in a real Chromium against the real local runtime: the list (with
 * the categories and stock badges the API answers), the product form (a barcode scanned in, a
 * picture uploaded through file-uploads) and the product page, each photographed in English and in
 * Arabic into web/e2e/screenshots/issue-14-<screen>-{en,ar}.png. Besides the pictures, each screen
 * is measured: the document's direction, and nothing wider than the window (a table may scroll
 * inside its own frame, the page itself may not).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('catalogue screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rami Saleh', email: `rami.${run}@example.jo`, password: 'catalogue-owner-2025' };
const organizationName = `Saleh Grocery ${run}`;

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;

/** A 2×2 PNG (red and green): small enough to type here, a real image for the upload and the preview. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM////ZwAAHu8E/KPItPcAAAAASUVORK5CYII=', 'base64');

interface Setup extends OwnerSession {
  riceId: string;
}

/** An organization registered for sales tax, a food category and three catalogue items. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  const food = await api<{ id: string }>('POST', '/categories', { name: 'Food', name_ar: 'أغذية', category_type: 'product' });
  const repairs = await api<{ id: string }>('POST', '/categories', { name: 'Repairs', name_ar: 'صيانة', category_type: 'service' });
  const rice = await api<{ id: string }>('POST', '/products-services', {
    sku: 'RICE-5',
    name: 'Basmati rice 5 kg',
    name_ar: 'أرز بسمتي 5 كغ',
    category_id: food.id,
    sale_price: '7.250',
    price_includes_tax: true,
    tax_id: standard.id,
    cost: '5.100',
    barcodes: ['6251234567898', 'RICE5-SHELF'],
    supplier_name: 'Amman Wholesale',
    is_tracked_inventory: true,
    reorder_point: '10',
    description: 'Long-grain rice, 5 kg bag.',
  });
  await api('POST', '/products-services', {
    sku: 'OIL-1',
    name: 'Olive oil 1 L',
    name_ar: 'زيت زيتون 1 لتر',
    category_id: food.id,
    unit_of_measure: 'litre',
    sale_price: '6.500',
    tax_id: standard.id,
    barcodes: ['6259876543218'],
    is_tracked_inventory: true,
  });
  await api('POST', '/products-services', { sku: 'FIX-SCALE', name: 'Scale repair', name_ar: 'صيانة الموازين', item_type: 'service', category_id: repairs.id, unit_of_measure: 'hour', sale_price: '15' });
  return { ...session, riceId: rice.id };
}

/** The document's direction, and no page-wide horizontal scroll (which a mirrored layout gone wrong shows first). */
async function expectLaidOut(page: Page, language: Language) {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!executablePath)('catalogue screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  let createdUrl = '';

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('lists the catalogue from the main navigation, and finds an item by barcode', async () => {
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products', exact: true }).click();
    const table = page.locator('main table');
    await table.getByRole('link', { name: 'Basmati rice 5 kg' }).waitFor();
    const riceRow = table.getByRole('row').filter({ hasText: 'Basmati rice 5 kg' });
    await riceRow.getByText('Food').waitFor();
    // Tracked with nothing received yet: out of stock; the service is not tracked.
    expect(await riceRow.innerText()).toMatch(/RICE-5[\s\S]*Food[\s\S]*7\.250[\s\S]*Out of stock/);
    expect(await table.getByRole('row').filter({ hasText: 'Scale repair' }).innerText()).toContain('Not tracked');
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-list-en');

    await page.getByRole('searchbox', { name: 'Search products' }).fill('oil');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.waitForURL((url) => url.searchParams.get('q') === 'oil');

    await page.getByRole('textbox', { name: 'Barcode' }).fill('0000000000000');
    await page.getByRole('textbox', { name: 'Barcode' }).press('Enter');
    await page.getByText('No product has the barcode 0000000000000.').waitFor();
    await page.getByRole('textbox', { name: 'Barcode' }).fill('RICE5-SHELF');
    await page.getByRole('textbox', { name: 'Barcode' }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Basmati rice 5 kg' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/products/${setup.riceId}`);
  });

  it('adds a product with two names, a scanned barcode and a picture', async () => {
    await page.goto(`${runtime.baseUrl}/products/new`);
    await page.getByLabel('Name (English)').fill('Za’atar 250 g');
    await page.getByLabel('Name (Arabic)').fill('زعتر 250 غ');
    await page.getByLabel('SKU', { exact: true }).fill('ZAATAR-250');
    await page.getByLabel('Category').selectOption({ label: 'Food' });
    await page.getByLabel('Sale price (JOD)').fill('2.750');
    await page.getByLabel('Cost (JOD)').fill('1.900');
    await page.getByLabel('Add a barcode').fill('6251111222230');
    await page.getByLabel('Add a barcode').press('Enter');
    await page.getByLabel('Barcode 1').waitFor();
    // Listed twice on purpose: the shared schema refuses it before anything is sent.
    await page.getByLabel('Add a barcode').fill('6251111222230');
    await page.getByLabel('Add a barcode').press('Enter');
    await page.getByRole('button', { name: 'Add to catalogue' }).click();
    await page.getByText('This barcode is listed twice').waitFor();
    await page.getByRole('button', { name: 'Remove barcode 6251111222230' }).last().click();
    await page.getByLabel('Choose an image').setInputFiles({ name: 'zaatar.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Product image' }).waitFor();
    await page.getByRole('checkbox', { name: 'Track stock of this product' }).click();
    await page.getByLabel('Reorder point').fill('5');
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-form-en', { fromTop: true });

    await page.getByRole('button', { name: 'Add to catalogue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Za’atar 250 g' }).waitFor();
    createdUrl = new URL(page.url()).pathname;
    const main = page.locator('main');
    await main.getByText('6251111222230').waitFor();
    await main.getByRole('img', { name: 'Picture of Za’atar 250 g' }).waitFor();
    // The picture is served back by its presigned address and draws.
    await expect.poll(() => main.getByRole('img', { name: 'Picture of Za’atar 250 g' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-product-en', { fromTop: true });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await closeToasts(page);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    });

    it('mirrors the list, the form and the product page', async () => {
      await page.goto(`${runtime.baseUrl}/products`);
      const table = page.locator('main table');
      await table.getByRole('link', { name: 'أرز بسمتي 5 كغ' }).waitFor();
      await table.getByRole('row').filter({ hasText: 'أرز بسمتي 5 كغ' }).getByText('أغذية').waitFor();
      expect(await table.getByRole('row').filter({ hasText: 'صيانة الموازين' }).innerText()).toContain('غير متتبَّع');
      // The first column (the picture) is drawn at the right.
      const [imageCell, nameCell] = await Promise.all([table.locator('thead th').first().boundingBox(), table.locator('thead th').nth(2).boundingBox()]);
      expect(imageCell!.x).toBeGreaterThan(nameCell!.x);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-list-ar');

      await page.goto(`${runtime.baseUrl}${createdUrl}/edit`);
      const arabicName = page.getByLabel('الاسم (بالعربية)');
      await arabicName.waitFor();
      expect(await arabicName.inputValue()).toBe('زعتر 250 غ');
      expect(await arabicName.getAttribute('dir')).toBe('rtl');
      await page.getByRole('img', { name: 'صورة المنتج' }).waitFor();
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-form-ar', { fromTop: true });

      await page.goto(`${runtime.baseUrl}/products/${setup.riceId}`);
      await page.getByRole('heading', { level: 1, name: 'أرز بسمتي 5 كغ' }).waitFor();
      await page.locator('main').getByText('RICE5-SHELF').waitFor();
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-product-ar', { fromTop: true });
    });
  });
});
