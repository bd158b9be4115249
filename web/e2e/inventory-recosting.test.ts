/**
 * Issue 14, in a real Chromium against the real local runtime (its queues and consumers): a
 * receipt dated before the layer a sale took is re-costed by the queued job — the sale moves to
 * the older, cheaper layer and the difference (−0.500 of cost of goods sold) is posted once, today
 * — and a receipt dated before a count leaves the counted quantity standing ("count kept"). The
 * valuation tab with the re-costing and the movements tab are photographed in English and Arabic
 * into web/e2e/screenshots/issue-14-recosting-{en,ar}.png and issue-14-count-kept-{en,ar}.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

const executablePath = chromiumFor('re-costing in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Hala Nasser', email: `hala.recost.${run}@example.jo`, password: 'recosting-owner-2025' };
const organizationName = `Nasser Bakery ${run}`;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Setup extends OwnerSession {
  productId: string;
  api: <T>(method: string, path: string, json?: unknown) => Promise<T>;
}

async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203041' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  const flour = await api<{ id: string }>('POST', '/products-services', { sku: 'FLOUR-1', name: 'Flour 1 kg', name_ar: 'طحين 1 كغ', sale_price: '0.500', is_tracked_inventory: true });
  await api('POST', '/inventory/stock-movements', { movement_type: 'receipt', product_id: flour.id, quantity: '10', unit_cost: '0.200', date: dayOffset(-5) });
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء' });
  const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', {
    contact_id: customer.id,
    issue_date: dayOffset(-3),
    lines: [{ product_id: flour.id, description: 'Flour 1 kg', quantity: '5', unit_price: '0.500' }],
  });
  await api('POST', `/invoices/${draft.id}/confirm`);
  return { ...session, productId: flour.id, api };
}

interface Recosting { pending: unknown[]; done: { cost_of_goods_sold: string; journal_entry_id: string | null }[] }

describe.skipIf(!executablePath)('re-costing in Chromium', () => {
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

  it('re-costs the sale after a receipt dated before its layer, through the queue, and shows what changed', async () => {
    // Dated before the layer the sale took: the runtime's consumer re-costs it.
    await setup.api('POST', '/inventory/stock-movements', { movement_type: 'receipt', product_id: setup.productId, quantity: '10', unit_cost: '0.100', date: dayOffset(-6) });
    await expect.poll(async () => (await setup.api<Recosting>('GET', '/inventory/recosting')).done[0]?.cost_of_goods_sold, { timeout: 60_000 }).toBe('-0.500');
    expect((await setup.api<Recosting>('GET', '/inventory/recosting')).pending).toEqual([]);

    await page.goto(`${runtime.baseUrl}/inventory?tab=valuation`);
    await expect.poll(() => page.getByTestId('valuation-total').innerText()).toMatch(/JOD\s2\.500/);
    const done = page.getByRole('table', { name: 'Recent re-costings after back-dated movements' });
    expect(await done.getByRole('row').filter({ hasText: 'Flour 1 kg' }).innerText()).toMatch(/Main store[\s\S]*-JOD\s0\.500[\s\S]*JOD\s0\.000[\s\S]*Entry/);
    await expect.poll(() => page.getByTestId('recosting-owed').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'issue-14-recosting-en', { fromTop: true });
  });

  it('keeps a count when a receipt dated before it arrives after it', async () => {
    await setup.api('POST', '/inventory/bulk-adjustment', { date: dayOffset(-1), counts: [{ product_id: setup.productId, counted: '14' }] });
    await setup.api('POST', '/inventory/stock-movements', { movement_type: 'receipt', product_id: setup.productId, quantity: '2', unit_cost: '0.300', date: dayOffset(-2) });
    await page.goto(`${runtime.baseUrl}/inventory?tab=movements`);
    const movements = page.getByRole('table', { name: 'Movements' });
    const kept = movements.getByRole('row').filter({ hasText: 'Count kept: takes back a movement dated before the count' });
    await kept.waitFor();
    expect(await kept.innerText()).toMatch(/−2/);
    await page.getByRole('tab', { name: /^Stock/ }).click();
    expect(await page.getByRole('table', { name: 'Stock', exact: true }).getByRole('row').filter({ hasText: 'Flour 1 kg' }).innerText()).toMatch(/Main store[\s\S]*\b14\b/);
    await page.getByRole('tab', { name: /^Movements/ }).click();
    await kept.waitFor();
    await settle(page);
    await screenshot(page, 'issue-14-count-kept-en', { fromTop: true });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await closeToasts(page);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    });

    it('mirrors the re-costings and the kept count', async () => {
      await page.goto(`${runtime.baseUrl}/inventory?tab=valuation`);
      const done = page.getByRole('table', { name: 'آخر عمليات إعادة احتساب التكلفة بعد حركات بتاريخ سابق' });
      await done.getByRole('row').filter({ hasText: 'طحين 1 كغ' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await settle(page);
    await screenshot(page, 'issue-14-recosting-ar', { fromTop: true });

      await page.goto(`${runtime.baseUrl}/inventory?tab=movements`);
      await page.getByRole('table', { name: 'الحركات' }).getByRole('row').filter({ hasText: 'أُبقي على الجرد' }).waitFor();
      await settle(page);
    await screenshot(page, 'issue-14-count-kept-ar', { fromTop: true });
    });
  });
});
