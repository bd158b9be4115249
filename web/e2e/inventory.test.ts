/**
 * Issue 14's stock screens in a real Chromium against the real local runtime. A tracked product
 * receives 10 at 0.200 and 10 at 0.260, 15 are sold on a confirmed invoice (FIFO: the ten at 0.200
 * and five at 0.260 go), and a count through the product page's dialog finds 4 of the 5 left: what
 * remains is 4 × 0.260 = 1.040. The product page and the stock screen's tabs are photographed in
 * English and Arabic into web/e2e/screenshots/issue-14-{stock,product-stock,valuation}-{en,ar}.png,
 * and each is measured: the document's direction, and nothing wider than the window.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

const executablePath = chromiumFor('stock screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rami Saleh', email: `rami.stock.${run}@example.jo`, password: 'inventory-owner-2025' };
const organizationName = `Saleh Grocery ${run}`;

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;

interface Setup extends OwnerSession {
  productId: string;
  invoiceId: string;
}

/** The product, its two receipts and the sale, all through the API: the test's subject is the screens. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  const sugar = await api<{ id: string }>('POST', '/products-services', {
    sku: 'SUGAR-1',
    name: 'White sugar 1 kg',
    name_ar: 'سكر أبيض 1 كغ',
    sale_price: '0.900',
    cost: '0.200',
    is_tracked_inventory: true,
    reorder_point: '6',
  });
  for (const unit_cost of ['0.200', '0.260']) {
    await api('POST', '/inventory/stock-movements', { movement_type: 'receipt', product_id: sugar.id, quantity: '10', unit_cost });
  }
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء' });
  const today = new Date().toISOString().slice(0, 10);
  const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', {
    contact_id: customer.id,
    issue_date: today,
    lines: [{ product_id: sugar.id, description: 'White sugar 1 kg', quantity: '15', unit_price: '0.900' }],
  });
  const invoice = await api<{ id: string }>('POST', `/invoices/${draft.id}/confirm`);
  return { ...session, productId: sugar.id, invoiceId: invoice.id };
}

async function expectLaidOut(page: Page, language: Language) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(!executablePath)('stock screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('counts 4 on the product page, which then shows the last layer and the sale', async () => {
    await page.goto(`${runtime.baseUrl}/products/${setup.productId}`);
    await page.getByRole('heading', { level: 1, name: 'White sugar 1 kg' }).waitFor();
    const byLocation = page.getByRole('table', { name: 'Stock by location' });
    await byLocation.getByRole('row').filter({ hasText: 'Main store' }).waitFor();
    // Five left after the sale, all from the receipt at 0.260.
    expect(await byLocation.getByRole('row').filter({ hasText: 'Main store' }).innerText()).toMatch(/5[\s\S]*0\.260[\s\S]*1\.300/);

    await page.getByRole('button', { name: 'Count', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Count White sugar 1 kg' });
    await dialog.getByLabel('Counted quantity').fill('4');
    await dialog.getByRole('button', { name: 'Record count' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Count of White sugar 1 kg recorded.').waitFor();
    await expect.poll(() => byLocation.getByRole('row').filter({ hasText: 'Main store' }).innerText()).toMatch(/4[\s\S]*0\.260[\s\S]*1\.040/);

    const movements = page.getByRole('table', { name: 'Stock movements' });
    await movements.getByRole('row').filter({ hasText: 'Count' }).waitFor();
    const sale = movements.getByRole('row').filter({ hasText: 'Issue' });
    expect(await sale.getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe(`/sales/invoices/${setup.invoiceId}`);
    expect(await sale.innerText()).toMatch(/−15/);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Average unit cost\s*JOD\s0\.260/);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-product-stock-en', { fromTop: true });
  });

  it('shows the stock, the movements and a valuation of 1.040 on the stock screen', async () => {
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('link', { name: 'Stock', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/inventory');
    await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    await expect.poll(() => page.getByTestId('inventory-value').innerText()).toMatch(/JOD\s1\.040/);
    const stock = page.getByRole('table', { name: 'Stock', exact: true });
    expect(await stock.getByRole('row').filter({ hasText: 'White sugar 1 kg' }).innerText()).toMatch(/SUGAR-1[\s\S]*Main store[\s\S]*4[\s\S]*0\.260[\s\S]*1\.040/);
    // 4 on hand is at or below the reorder point of 6.
    await page.getByRole('tab', { name: /^Low stock/ }).click();
    await page.getByRole('table', { name: 'Low stock' }).getByRole('row').filter({ hasText: 'White sugar 1 kg' }).waitFor();
    await page.getByRole('tab', { name: /^Stock/ }).click();
    await stock.waitFor();
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-stock-en', { fromTop: true });

    await page.getByRole('tab', { name: /^Movements/ }).click();
    const movements = page.getByRole('table', { name: 'Movements' });
    await movements.getByRole('row').filter({ hasText: 'Count' }).waitFor();
    // Two receipts, the sale and the count.
    expect(await movements.locator('tbody tr').count()).toBe(4);
    await page.getByLabel('Movement type').selectOption('receipt');
    await expect.poll(() => movements.locator('tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('tab', { name: /^Valuation/ }).click();
    await expect.poll(() => page.getByTestId('valuation-total').innerText()).toMatch(/JOD\s1\.040/);
    expect(await page.getByRole('table', { name: 'Valuation' }).getByRole('row').filter({ hasText: 'White sugar 1 kg' }).innerText()).toMatch(/4[\s\S]*0\.260[\s\S]*1\.040/);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-valuation-en', { fromTop: true });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await closeToasts(page);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    });

    it('mirrors the product page and the stock screen', async () => {
      await page.goto(`${runtime.baseUrl}/products/${setup.productId}`);
      await page.getByRole('heading', { level: 1, name: 'سكر أبيض 1 كغ' }).waitFor();
      const byLocation = page.getByRole('table', { name: 'المخزون حسب الموقع' });
      await byLocation.getByRole('row').filter({ hasText: 'المتجر الرئيسي' }).waitFor();
      await page.getByRole('table', { name: 'حركات المخزون' }).getByRole('row').filter({ hasText: 'جرد' }).waitFor();
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-product-stock-ar', { fromTop: true });

      await page.goto(`${runtime.baseUrl}/inventory`);
      const stock = page.getByRole('table', { name: 'المخزون', exact: true });
      await stock.getByRole('row').filter({ hasText: 'سكر أبيض 1 كغ' }).waitFor();
      // The first tab (Stock) is drawn at the right, the last (Valuation) at the left.
      const [first, last] = await Promise.all([page.getByRole('tab', { name: /^المخزون/ }).boundingBox(), page.getByRole('tab', { name: /^التقييم/ }).boundingBox()]);
      expect(first!.x).toBeGreaterThan(last!.x);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-stock-ar', { fromTop: true });

      await page.getByRole('tab', { name: /^التقييم/ }).click();
      await expect.poll(() => page.getByTestId('valuation-total').innerText()).toMatch(/1\.040/);
      await page.getByRole('table', { name: 'التقييم' }).getByRole('row').filter({ hasText: 'سكر أبيض 1 كغ' }).waitFor();
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-valuation-ar', { fromTop: true });
    });
  });
});
