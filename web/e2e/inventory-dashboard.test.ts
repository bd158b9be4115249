/**
 * Issue 14's inventory dashboard and the catalogue import's dry run, in a real Chromium against the
 * real local runtime, photographed in English and Arabic into
 * web/e2e/screenshots/issue-14-{dashboard,import-errors}-{en,ar}.png.
 *
 * The dashboard needs history: four tracked products are received four weeks back, and 28 confirmed
 * invoices, one a day from then up to today, sell three of them (stock is posted on the invoice's issue date,
 * so back-dated invoices are past days' demand). The dashboard is read over its last 30 days. With more than 21 days of history the
 * forecast is backtested, so the error figures (MAE, WAPE, bias) are real numbers, not "untested".
 *
 * The import's file has Arabic headers and one good row among four bad ones (a price that is not a
 * number, a SKU repeated, a barcode whose check digit is wrong, a category the organization does not
 * have); the dry run must name each by its sheet row and the column header as the file wrote it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

const executablePath = chromiumFor('inventory dashboard and import in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rami Saleh', email: `rami.dashboard.${run}@example.jo`, password: 'dashboard-owner-2025' };
const organizationName = `Saleh Grocery ${run}`;

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;

/** Days of back-dated sales: past MIN_HISTORY (21) so the forecast's backtest runs. */
const SALE_DAYS = 27;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Rows 2–6 of the sheet (row 1 is the header): one good row, then one problem each. */
const IMPORT_CSV = [
  'رمز الصنف,الاسم,الاسم بالعربية,الفئة,سعر البيع,الباركود',
  'DATES-1,Medjool dates 1 kg,تمر مجهول 1 كغ,أغذية,6.000,6251234567898',
  'HONEY-1,Sidr honey 500 g,عسل سدر 500 غ,أغذية,ستة دنانير,',
  'DATES-1,Dates again,تمر,أغذية,5.000,',
  'LABNEH-1,Labneh 500 g,لبنة 500 غ,أغذية,2.250,6251234567891',
  'COFFEE-1,Arabic coffee 250 g,قهوة عربية 250 غ,مشروبات,3.750,',
].join('\r\n');

interface Setup extends OwnerSession {
  teaId: string;
}

/** The products, receipts and four weeks of sales, all through the API: the test's subject is the screens. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  const today = new Date().toISOString().slice(0, 10);
  const food = await api<{ id: string }>('POST', '/categories', { name: 'Food', name_ar: 'أغذية', category_type: 'product' });
  const product = async (sku: string, name: string, name_ar: string, cost: string, sale_price: string) => ({
    cost,
    ...(await api<{ id: string }>('POST', '/products-services', { sku, name, name_ar, category_id: food.id, sale_price, cost, is_tracked_inventory: true, reorder_point: '20' })),
  });
  const rice = await product('RICE-5', 'Basmati rice 5 kg', 'أرز بسمتي 5 كغ', '5.100', '7.250');
  const tea = await product('TEA-100', 'Black tea 100 bags', 'شاي أسود 100 كيس', '1.200', '1.950');
  const oil = await product('OIL-1', 'Olive oil 1 L', 'زيت زيتون 1 لتر', '4.800', '6.500');
  // Received, never sold: the slow mover.
  const saffron = await product('SAFFRON-1', 'Saffron 1 g', 'زعفران 1 غ', '3.000', '4.500');
  for (const p of [rice, tea, oil, saffron]) {
    await api('POST', '/inventory/stock-movements', { movement_type: 'receipt', product_id: p.id, quantity: '400', unit_cost: p.cost, date: addDays(today, -SALE_DAYS) });
  }
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء' });
  for (let ago = SALE_DAYS; ago >= 0; ago--) {
    const issue_date = addDays(today, -ago);
    const weekday = new Date(`${issue_date}T00:00:00Z`).getUTCDay();
    // Rice sells more on Thursday and Friday (the weekend's shopping), tea steadily, oil every other day.
    const lines = [
      { product_id: rice.id, description: 'Basmati rice 5 kg', quantity: String(3 + (weekday === 4 || weekday === 5 ? 5 : 0) + (ago % 3)), unit_price: '7.250' },
      { product_id: tea.id, description: 'Black tea 100 bags', quantity: String(8 + (ago % 5)), unit_price: '1.950' },
      ...(ago % 2 === 0 ? [{ product_id: oil.id, description: 'Olive oil 1 L', quantity: '3', unit_price: '6.500' }] : []),
    ];
    const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', { contact_id: customer.id, issue_date, lines });
    await api('POST', `/invoices/${draft.id}/confirm`);
  }
  return { ...session, teaId: tea.id };
}

async function expectLaidOut(page: Page, language: Language) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

/** The wizard's file step: the CSV chosen and checked (a dry run), until its problems are listed. */
async function dryRun(page: Page, runtime: Runtime, labels: { file: RegExp; check: string; problem: string; problems: RegExp }) {
  await page.goto(`${runtime.baseUrl}/products/import`);
  await page.getByLabel(labels.file).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV, 'utf8') });
  await page.getByRole('button', { name: labels.check }).click();
  await page.getByRole('heading', { level: 3, name: labels.problems }).waitFor();
  return page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: labels.problem }) });
}

/** Each bad row's problem, named by its sheet row and the header as the file wrote it. */
async function expectProblems(page: Page, problems: ReturnType<Page['getByRole']>, language: 'en' | 'ar' = 'en') {
  const rows = await problems.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
  const where = rows.map(([row, column]) => `${row} ${column}`);
  expect(where).toEqual(['3 سعر البيع', '4 رمز الصنف', '5 الباركود', '6 الفئة']);
  // Findings in the reader's language (without the bidi marks that keep a code whole in Arabic).
  const plain = (text: string) => text.replace(/[\u200e\u200f]/g, '');
  expect(plain(rows[1]![2]!)).toBe(language === 'ar' ? 'رمز الصنف DATES-1 مكرر في الصف 2' : 'SKU DATES-1 is also on row 2');
  expect(plain(rows[2]![2]!)).toBe(language === 'ar' ? 'رقم التحقق في الباركود 6251234567891 غير صحيح' : 'The check digit of barcode 6251234567891 is wrong');
  expect(rows[3]![2]).toContain('مشروبات');
  expect(await page.getByRole('button', { name: /^(Import \d+ rows|استيراد الصفوف)/ }).isDisabled()).toBe(true);
}

describe.skipIf(!executablePath)('inventory dashboard and import in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('forecasts black tea on the dashboard, with the error its backtest measured', async () => {
    await page.goto(`${runtime.baseUrl}/inventory/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Inventory dashboard' }).waitFor();
    await page.getByLabel('Period').selectOption({ label: 'Last 30 days' });
    await page.waitForURL((url) => url.searchParams.get('days') === '30');
    await expect.poll(() => page.getByRole('group', { name: 'Units sold' }).innerText()).toMatch(/\d{3}/);
    const abc = page.getByRole('region', { name: 'ABC / XYZ analysis' });
    await abc.getByRole('row').filter({ hasText: 'Basmati rice 5 kg' }).waitFor();
    expect(await abc.getByRole('row').filter({ hasText: 'Olive oil 1 L' }).count()).toBe(1);
    const top = page.getByRole('region', { name: 'Top sellers' });
    await top.getByRole('row').filter({ hasText: 'Black tea 100 bags' }).waitFor();
    await page.getByRole('region', { name: 'Slow movers' }).getByRole('row').filter({ hasText: 'Saffron 1 g' }).waitFor();

    const forecast = page.getByRole('region', { name: 'Demand forecast' });
    await forecast.getByLabel('Product', { exact: true }).selectOption({ label: 'Black tea 100 bags' });
    await page.waitForURL((url) => url.searchParams.get('product') === setup.teaId);
    const chart = forecast.getByRole('img', { name: /^Daily units sold for Black tea 100 bags/ });
    await chart.waitFor();
    await chart.locator('.recharts-line path').first().waitFor();
    expect(await forecast.innerText()).toMatch(/chosen because it had the smallest error when tested on this product's own past \d+ days/);
    const errors = forecast.getByRole('region', { name: 'How wrong this forecast was when tested' });
    const text = await errors.innerText();
    expect(text).toMatch(/Average error \(MAE\)\s*\d+(\.\d+)? units a day/);
    expect(text).toMatch(/Share of demand missed \(WAPE\)\s*\d+(\.\d+)? %/);
    expect(text).toMatch(/Bias\s*(over-forecasts by \d+(\.\d+)?|under-forecasts by \d+(\.\d+)?|no lean either way)/);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-dashboard-en', { fromTop: true });
  });

  it('lists the dry run’s problems by row and column, and saves nothing', async () => {
    const problems = await dryRun(page, runtime, { file: /^CSV or Excel/, check: 'Check the file', problem: 'Problem', problems: /^Problems \(4\)/ });
    // The Arabic headers were recognized.
    const mapping = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Imported as' }) });
    expect(await mapping.getByRole('row').filter({ hasText: 'سعر البيع' }).innerText()).toContain('Sale price');
    await expectProblems(page, problems);
    // A dry run writes nothing, not even the good row.
    const catalogue = await callApi<{ data: { sku: string }[] }>(runtime, 'GET', `/organizations/${setup.organizationId}/products-services?limit=100`, { token: setup.token });
    expect(catalogue.data.map((p) => p.sku).sort()).toEqual(['OIL-1', 'RICE-5', 'SAFFRON-1', 'TEA-100']);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-14-import-errors-en', { fromTop: true });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await closeToasts(page);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    });

    it('mirrors the dashboard, the chart’s time running right to left', async () => {
      await page.goto(`${runtime.baseUrl}/inventory/dashboard?days=30&product=${setup.teaId}`);
      await page.getByRole('heading', { level: 1, name: 'لوحة المخزون' }).waitFor();
      await page.getByRole('region', { name: 'تحليل ABC / XYZ' }).getByRole('row').filter({ hasText: 'أرز بسمتي 5 كغ' }).waitFor();
      const forecast = page.getByRole('region', { name: 'توقّع الطلب' });
      expect(await forecast.getByLabel('المنتج', { exact: true }).locator('option:checked').innerText()).toBe('شاي أسود 100 كيس');
      const chart = forecast.getByRole('img', { name: /^الوحدات المباعة يوميًا/ });
      await chart.locator('.recharts-line path').first().waitFor();
      expect(await chart.getAttribute('aria-label')).toContain('شاي أسود 100 كيس');
      // The value axis sits at the right; the first day (at the axis' start) is drawn right of the last.
      const [box, axis] = await Promise.all([chart.boundingBox(), chart.locator('.recharts-yAxis').boundingBox()]);
      expect(axis!.x).toBeGreaterThan(box!.x + box!.width / 2);
      const ticks = await chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks[0]!).toBeGreaterThan(ticks.at(-1)!);
      const errors = forecast.getByRole('region', { name: 'مقدار خطأ هذا التوقّع عند اختباره' });
      expect(await errors.innerText()).toMatch(/متوسط الخطأ \(MAE\)\s*[\d٠-٩][\d٠-٩.,٫]* وحدة يوميًا/);
      // The first ABC column (the product) is drawn at the right.
      const head = page.getByRole('region', { name: 'تحليل ABC / XYZ' }).locator('thead th');
      const [first, second] = await Promise.all([head.first().boundingBox(), head.nth(1).boundingBox()]);
      expect(first!.x).toBeGreaterThan(second!.x);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-dashboard-ar', { fromTop: true });
    });

    it('mirrors the dry run’s problems', async () => {
      const problems = await dryRun(page, runtime, { file: /^ملف CSV أو Excel/, check: 'افحص الملف', problem: 'المشكلة', problems: /^المشكلات \(4\)/ });
      await expectProblems(page, problems, 'ar');
      // The row number, first, is drawn at the right.
      const [row, column] = await Promise.all([problems.locator('thead th').first().boundingBox(), problems.locator('thead th').nth(1).boundingBox()]);
      expect(row!.x).toBeGreaterThan(column!.x);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-14-import-errors-ar', { fromTop: true });
    });
  });
});
