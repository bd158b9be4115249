/**
 * Issue 16's promotions at the till, in a real Chromium against the real local runtime. A promotion
 * of 10% on olive oil is made active through the API; at the register the oil is scanned with a
 * loaf of bread (not in the offer): the promotion applies by itself, named with its reason under the
 * lines, and the oil's line shows its share. The sale is paid in cash and posts at once (the server
 * checks the promotion again); the receipt lists the promotion and its discount, the posted sale
 * carries it, and the promotion's summary counts one use. In Arabic the same ticket names the
 * promotion in Arabic. Screenshots: web/e2e/screenshots/issue-16-till-promotion-{en,ar}.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('promotions at the till in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Dana Haddad', email: `dana.promotion.${run}@example.jo`, password: 'till-promotion-2025' };
const organizationName = `Haddad Grocery ${run}`;

const OIL = { barcode: '6253333000016', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', price: '6.000' };
const BREAD = { barcode: '6253333000023', name: 'Taboon bread', name_ar: 'خبز طابون', price: '0.500' };
const PROMOTION = { name: '10% off olive oil', name_ar: 'خصم 10٪ على زيت الزيتون' };
/** Waits for outcomes on a busy machine (the suites share two cores), never for time. */
const SLOW = { timeout: 120_000, interval: 250 };

type Language = 'en' | 'ar';
const TEXT = {
  en: { scan: 'Scan or type a barcode or SKU', payment: 'Payment', amount: 'Amount', receipt: 'Receipt', newSale: 'New sale', cancel: 'Cancel sale' },
  ar: { scan: 'امسح أو اكتب الباركود أو رمز الصنف', payment: 'الدفع', amount: 'المبلغ', receipt: 'الإيصال', newSale: 'بيع جديد', cancel: 'إلغاء البيع' },
} as const;

interface Setup extends OwnerSession {
  terminalId: string;
  sessionId: string;
  promotionId: string;
}

interface Sale {
  number: string;
  total_amount: string;
  lines: { product_id: string; discount: string; promotion_discount?: string; gross: string }[];
  promotions?: { promotion_id: string; name: string; name_ar: string | null; discount: string; reason_key: string }[];
}

/** The shop, its 16% tax, the oil and the bread, the promotion, a terminal and its open session: all through the API. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203042', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203042');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  expect(standard).toBeDefined();
  const oil = await api<{ id: string }>('POST', '/products-services', { sku: 'OIL-1', name: OIL.name, name_ar: OIL.name_ar, sale_price: OIL.price, barcodes: [OIL.barcode], price_includes_tax: true, tax_id: standard.id });
  await api('POST', '/products-services', { sku: 'BREAD', name: BREAD.name, name_ar: BREAD.name_ar, sale_price: BREAD.price, barcodes: [BREAD.barcode], price_includes_tax: true, tax_id: standard.id });
  const promotion = await api<{ id: string; status: string }>('POST', '/promotions', {
    ...PROMOTION,
    status: 'active',
    reward: { type: 'percent', percent: '10' },
    rules: [{ product_ids: [oil.id] }],
  });
  expect(promotion.status).toBe('active');
  const terminal = await api<{ id: string }>('POST', '/pos/terminals', { name: 'Counter 1', receipt_prefix: 'H1' });
  const opened = await api<{ id: string }>('POST', '/pos/sessions', { terminal_id: terminal.id, opening_float: '20.000' });
  return { ...session, terminalId: terminal.id, sessionId: opened.id, promotionId: promotion.id };
}

/** The pointer off the page: the pictures show the screen, not a hovered button. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
}

/** A barcode typed where the register keeps focus (the scanner field), as a wedge scanner types it. */
async function scan(page: Page, code: string, language: Language) {
  const lines = page.getByTestId('pos-line');
  const before = await lines.count();
  const field = page.getByLabel(TEXT[language].scan, { exact: true });
  await expect.poll(() => field.evaluate((el) => el === document.activeElement), SLOW).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect.poll(() => lines.count(), SLOW).toBe(before + 1);
}

describe.skipIf(!executablePath)('promotions at the till in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  const api = <T>(method: string, path: string, json?: unknown) =>
    callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('applies the 10% promotion on the oil by itself, and the paid sale posts and prints it', async () => {
    await page.goto(`${runtime.baseUrl}/pos`);
    await page.getByRole('listitem', { name: `Add ${OIL.name}` }).waitFor();
    await scan(page, OIL.barcode, 'en');
    await scan(page, BREAD.barcode, 'en');

    // 10% of the oil's 6.000: 0.600 off; the bread is not in the offer. 6.500 − 0.600 = 5.900.
    const applied = page.getByTestId('pos-promotion');
    await expect.poll(() => applied.count(), SLOW).toBe(1);
    const text = await applied.innerText();
    expect(text).toContain(PROMOTION.name);
    expect(text).toMatch(/−JOD\s0\.600/);
    expect(text).toMatch(/Applied automatically: JOD\s0\.600 off/);
    expect(await page.getByTestId('pos-line-promotion').allInnerTexts()).toEqual([expect.stringMatching(/Promotion −JOD\s0\.600/)]);
    await expect.poll(() => page.getByTestId('pos-total').innerText(), SLOW).toMatch(/JOD\s5\.900/);
    expect(await page.getByTestId('pos-promotions-total').innerText()).toMatch(/JOD\s0\.600/);
    await settle(page);
    await screenshot(page, 'issue-16-till-promotion-en', { fullPage: false });

    await page.keyboard.press('F4');
    const payment = page.getByRole('dialog', { name: TEXT.en.payment });
    expect(await payment.getByTestId('pos-pay-due').innerText()).toMatch(/JOD\s5\.900/);
    const amount = payment.getByLabel(TEXT.en.amount, { exact: true });
    await expect.poll(() => amount.inputValue(), SLOW).toBe('5.900');
    await amount.press('Enter');

    // Sent at once: the server checked the promotion and numbered the receipt.
    const receipt = page.getByRole('dialog', { name: TEXT.en.receipt });
    await expect.poll(() => receipt.getByTestId('pos-receipt-number').innerText(), SLOW).toBe('H1-000001');
    expect(await receipt.getByTestId('pos-receipt-total').innerText()).toMatch(/JOD\s5\.900/);
    const printed = await receipt.getByTestId('pos-receipt-promotion').innerText();
    expect(printed).toContain(PROMOTION.name);
    expect(printed).toContain(PROMOTION.name_ar);
    expect(await receipt.getByTestId('pos-receipt-promotion-discount').innerText()).toMatch(/−JOD\s0\.600/);
    await receipt.getByRole('button', { name: TEXT.en.newSale }).click();
    await receipt.waitFor({ state: 'detached' });

    const sales = await api<{ data: Sale[] }>('GET', `/pos/transactions?session_id=${setup.sessionId}`);
    expect(sales.data).toHaveLength(1);
    const sale = sales.data[0]!;
    expect(sale.total_amount).toBe('5.900');
    expect(sale.promotions).toEqual([expect.objectContaining({ promotion_id: setup.promotionId, name: PROMOTION.name, discount: '0.600', reason_key: 'promotion.why.applied' })]);
    expect(sale.lines.map((l) => l.promotion_discount)).toEqual(['0.600', '0.000']);
    const summary = await api<{ used_total: number; discount_total: string }>('GET', `/promotions/${setup.promotionId}/summary`);
    expect(summary).toMatchObject({ used_total: 1, discount_total: '0.600' });
  });

  it('in Arabic names the promotion and its reason in Arabic', async () => {
    // The language is switched in the back office and the register opened from its menu (a full
    // page load starts in English until the Arabic texts are loaded: see pos.test.ts).
    await page.getByRole('link', { name: 'Sessions', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'نقطة البيع', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pos');
    await page.getByRole('listitem', { name: new RegExp(OIL.name_ar) }).waitFor();

    await scan(page, OIL.barcode, 'ar');
    await scan(page, BREAD.barcode, 'ar');
    const applied = page.getByTestId('pos-promotion');
    await expect.poll(() => applied.count(), SLOW).toBe(1);
    const text = await applied.innerText();
    expect(text).toContain(PROMOTION.name_ar);
    expect(text).toContain('طُبّق تلقائياً');
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settle(page);
    await screenshot(page, 'issue-16-till-promotion-ar', { fullPage: false });

    await page.getByRole('button', { name: TEXT.ar.cancel }).click();
    await expect.poll(() => page.getByTestId('pos-line').count(), SLOW).toBe(0);
  });
});
