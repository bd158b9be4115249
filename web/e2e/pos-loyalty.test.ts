/**
 * Issue 16's loyalty at the till in a real Chromium against the real local runtime: a customer with
 * 1,000 points is chosen on the register, which shows their points from account-balance; 200 of
 * them are redeemed (2.000 off the olive oil's 6.000), the ticket shows "Points −2.000" and what the
 * sale earns, the sale is paid, sent at once and printed with the points; the server is asked what
 * it posted and what the customer holds now. The same register is photographed in Arabic.
 * Screenshots: web/e2e/screenshots/issue-16-till-loyalty-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('loyalty at the till in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Omar Nasser', email: `omar.loyalty.${run}@example.jo`, password: 'till-loyalty-2025' };
const organizationName = `Nasser Grocery ${run}`;
const OIL = { barcode: '6254444000018', name: 'Olive oil 1 L', name_ar: 'زيت زيتون 1 لتر', price: '6.000' };
const SLOW = { timeout: 120_000, interval: 250 };

type Language = 'en' | 'ar';
const TEXT = {
  en: { scan: 'Scan or type a barcode or SKU', customer: 'Customer', search: 'Search by name, phone or e-mail', choose: 'Choose Lina Haddad', cancel: 'Cancel sale' },
  ar: { scan: 'امسح أو اكتب الباركود أو رمز الصنف', customer: 'العميل', search: 'ابحث بالاسم أو الهاتف أو البريد الإلكتروني', choose: 'اختيار Lina Haddad', cancel: 'إلغاء البيع' },
} as const;

interface Setup extends OwnerSession {
  customerId: string;
  sessionId: string;
}

async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203046', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203046');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  await api('POST', '/products-services', { sku: 'OIL-1', name: OIL.name, name_ar: OIL.name_ar, sale_price: OIL.price, barcodes: [OIL.barcode], price_includes_tax: true, tax_id: standard.id });
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Lina Haddad', phone: '0791234567' });
  const program = await api<{ id: string }>('POST', '/loyalty/programs', { name: 'Nasser Points', name_ar: 'نقاط ناصر', points_per_unit: '1', point_value: '0.010', min_redemption_points: 100 });
  await api('POST', '/loyalty/customers', { customer_id: customer.id, loyalty_program_id: program.id });
  await api('POST', '/loyalty/transactions', { customer_id: customer.id, points: 1000, description: 'Welcome points' });
  const terminal = await api<{ id: string }>('POST', '/pos/terminals', { name: 'Counter 1', receipt_prefix: 'N1' });
  const opened = await api<{ id: string }>('POST', '/pos/sessions', { terminal_id: terminal.id, opening_float: '20.000' });
  return { ...session, customerId: customer.id, sessionId: opened.id };
}

async function scan(page: Page, code: string, language: Language) {
  const lines = page.getByTestId('pos-line');
  const before = await lines.count();
  const field = page.getByLabel(TEXT[language].scan, { exact: true });
  await expect.poll(() => field.evaluate((el) => el === document.activeElement), SLOW).toBe(true);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect.poll(() => lines.count(), SLOW).toBe(before + 1);
}

async function chooseLina(page: Page, language: Language) {
  await page.getByRole('button', { name: TEXT[language].customer, exact: true }).click();
  const picker = page.getByRole('dialog', { name: TEXT[language].customer });
  await picker.getByRole('searchbox', { name: TEXT[language].search }).fill('Lina');
  await picker.getByRole('listitem', { name: TEXT[language].choose }).click();
  await picker.waitFor({ state: 'detached' });
  await page.getByTestId('pos-loyalty').waitFor();
}

describe.skipIf(!executablePath)('loyalty at the till in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('redeems 200 points on the oil, shows what the sale earns, and posts and prints the points', async () => {
    await page.goto(`${runtime.baseUrl}/pos`);
    await page.getByRole('listitem', { name: `Add ${OIL.name}` }).waitFor();
    await scan(page, OIL.barcode, 'en');
    await chooseLina(page, 'en');
    expect(await page.getByTestId('pos-loyalty').innerText()).toMatch(/Nasser Points: 1,000 points \(JOD\s10\.000\)/);
    expect(await page.getByTestId('pos-loyalty-earned').innerText()).toBe('The customer earns 6 points');

    await page.getByRole('button', { name: 'Redeem points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem points' });
    await dialog.getByRole('textbox', { name: 'Points' }).fill('200');
    await expect.poll(() => dialog.getByTestId('pos-loyalty-value').innerText(), SLOW).toMatch(/Worth JOD\s2\.000/);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('pos-loyalty-discount').innerText(), SLOW).toMatch(/−JOD\s2\.000/);
    expect(await page.getByTestId('pos-total').innerText()).toMatch(/JOD\s4\.000/);
    expect(await page.getByTestId('pos-loyalty-earned').innerText()).toBe('The customer earns 4 points');
    await page.mouse.move(0, 0);
    await screenshot(page, 'issue-16-till-loyalty-en', { fullPage: false });

    await page.keyboard.press('F4');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    const amount = payment.getByLabel('Amount', { exact: true });
    await expect.poll(() => amount.inputValue(), SLOW).toBe('4.000');
    await amount.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expect.poll(() => receipt.getByTestId('pos-receipt-number').innerText(), SLOW).toBe('N1-000001');
    expect(await receipt.getByTestId('pos-receipt-points-redeemed').innerText()).toContain('(200)');
    expect(await receipt.getByTestId('pos-receipt-points-earned').innerText()).toBe('4');
    expect(await receipt.getByTestId('pos-receipt-points-balance').innerText()).toBe('804');
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    const sales = await api<{ data: { total_amount: string; loyalty?: { points_redeemed: number; points_earned: number; balance_after: number } | null; lines: { loyalty_discount?: string }[] }[] }>('GET', `/pos/transactions?session_id=${setup.sessionId}`);
    expect(sales.data).toHaveLength(1);
    expect(sales.data[0]).toMatchObject({ total_amount: '4.000', loyalty: { points_redeemed: 200, points_earned: 4, balance_after: 804 }, lines: [{ loyalty_discount: '2.000' }] });
    const member = await api<{ points_balance: number }>('GET', `/loyalty/customers/${setup.customerId}`);
    expect(member.points_balance).toBe(804);
  });

  it('in Arabic shows the customer’s points and the redemption mirrored', async () => {
    await page.getByRole('link', { name: 'Sessions', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'نقطة البيع', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pos');
    await page.getByRole('listitem', { name: new RegExp(OIL.name_ar) }).waitFor();
    await scan(page, OIL.barcode, 'ar');
    await chooseLina(page, 'ar');
    await page.getByRole('button', { name: 'استبدال النقاط' }).click();
    const dialog = page.getByRole('dialog', { name: 'استبدال النقاط' });
    await dialog.getByRole('textbox', { name: 'النقاط' }).fill('100');
    await dialog.getByRole('button', { name: 'تطبيق' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('pos-loyalty-discount').waitFor();
    expect(await page.getByTestId('pos-loyalty').innerText()).toContain('نقاط ناصر');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.mouse.move(0, 0);
    await screenshot(page, 'issue-16-till-loyalty-ar', { fullPage: false });
    await page.getByRole('button', { name: TEXT.ar.cancel }).click();
  });
});
