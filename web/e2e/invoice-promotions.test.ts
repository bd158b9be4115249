/**
 * Issue 16's promotions and loyalty on invoices in a real Chromium against the real local runtime.
 * Set up through the API: a shop registered for sales tax, olive oil and za'atar in its catalogue, a
 * customer enrolled in a points program (1 point per JOD, deferral), and three active promotions —
 * 10 % off a subtotal of 20.000 or more (applies), 15 % off 500.000 or more (the invoice misses the
 * minimum) and a weekday offer on a day that is not the invoice's. On the screens, as a person would:
 * a new invoice for the customer, two lines from the catalogue, "Apply promotions" — the panel says
 * which promotion applies and why, and why the others do not, and the lines carry the discount —
 * then the same form in Arabic (applying again there discounts nothing twice), saved, confirmed, and
 * the invoice page shows the promotion used and the points earned, in English and Arabic; the server
 * is asked what it stored, counted and posted. Screenshots:
 * web/e2e/screenshots/issue-16-invoice-{promotions,loyalty}-{en,ar}.png.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

const executablePath = chromiumFor('promotions and loyalty on invoices in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Hala Mansour', email: `hala.invoice-promotions.${run}@example.jo`, password: 'invoice-promos-2025' };
const organizationName = `Mansour Provisions ${run}`;
const CUSTOMER = { name: 'Lina Haddad', name_ar: 'لينا حداد' };
const OIL = { sku: 'OIL-5', name: 'Olive oil 5 L', name_ar: 'زيت زيتون 5 لتر', price: '12.000' };
const ZAATAR = { sku: 'ZAATAR-1', name: "Za'atar 1 kg", name_ar: 'زعتر 1 كغ', price: '6.000' };
const TEN = { name: 'Ten off over 20', name_ar: 'خصم عشرة فوق 20' };
const BIG = { name: 'Big orders', name_ar: 'الطلبات الكبيرة' };
const WEEKDAY = { name: 'Weekday special', name_ar: 'عرض يوم الأسبوع' };
/** Waits for outcomes on a busy machine, never for time. */
const SLOW = { timeout: 120_000, interval: 250 };

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;
const TEXT = {
  en: {
    form: 'New invoice',
    customer: 'Customer',
    product: (n: number) => `Product, line ${n}`,
    quantity: (n: number) => `Quantity, line ${n}`,
    discount: (n: number) => `Discount, line ${n}`,
    apply: 'Apply promotions',
    panel: 'Promotions',
    lines: 'Invoice lines',
    totals: 'Totals',
    rewards: 'Promotions and loyalty',
  },
  ar: {
    form: 'فاتورة جديدة',
    customer: 'العميل',
    product: (n: number) => `الصنف، البند ${n}`,
    quantity: (n: number) => `الكمية، البند ${n}`,
    discount: (n: number) => `الخصم، البند ${n}`,
    apply: 'تطبيق العروض',
    panel: 'العروض',
    lines: 'بنود الفاتورة',
    totals: 'المجاميع',
    rewards: 'العروض والولاء',
  },
} as const;

interface Setup extends OwnerSession {
  customerId: string;
  tenId: string;
}

interface StoredInvoice {
  id: string;
  status: string;
  number: string | null;
  gross_total: string;
  discount_total: string;
  promotion_ids: string[];
  promotions: { promotion_id: string; discount: string }[];
  lines: { description: string; discount: string | null; promotion_discount: string }[];
  loyalty_points_earned: number;
  loyalty: { points_earned: number } | null;
  journal_entry_id: string | null;
}

/** Today's weekday three days on (0 = Sunday): never the invoice's day, whatever the clocks' zones. */
const otherWeekday = (new Date().getUTCDay() + 3) % 7;

/** The shop, its 16 % tax, what it sells, the customer in a points program, and the promotions: all through the API. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203048', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203048');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  expect(standard).toBeDefined();
  for (const product of [OIL, ZAATAR]) {
    await api('POST', '/products-services', { sku: product.sku, name: product.name, name_ar: product.name_ar, sale_price: product.price, price_includes_tax: false, tax_id: standard.id });
  }
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', ...CUSTOMER, phone: '0791234567' });
  const program = await api<{ id: string; accounting_method: string }>('POST', '/loyalty/programs', { name: 'Mansour Points', name_ar: 'نقاط منصور', points_per_unit: '1', point_value: '0.010', min_redemption_points: 100 });
  expect(program.accounting_method).toBe('deferral');
  await api('POST', '/loyalty/customers', { customer_id: customer.id, loyalty_program_id: program.id });
  const ten = await api<{ id: string }>('POST', '/promotions', { ...TEN, status: 'active', reward: { type: 'percent', percent: '10' }, rules: [{ min_subtotal: '20.000' }] });
  await api('POST', '/promotions', { ...BIG, status: 'active', reward: { type: 'percent', percent: '15' }, rules: [{ min_subtotal: '500.000' }] });
  await api('POST', '/promotions', { ...WEEKDAY, status: 'active', reward: { type: 'fixed_amount', amount: '1.000' }, rules: [{ days_of_week: [otherWeekday] }] });
  return { ...session, customerId: customer.id, tenId: ten.id };
}

/** What a person reads: innerText keeps the cells of a row apart. */
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const rowTexts = async (table: Locator) => (await table.getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

/** The document's direction, and no page-wide horizontal scroll (which a mirrored layout gone wrong shows first). */
async function expectLaidOut(page: Page, language: Language) {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

/** Nothing in `region` cut off: no element's text wider than its box. */
async function expectNothingCut(region: Locator) {
  const cut = await region.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible').map((el) => el.textContent),
  );
  expect.soft(cut).toEqual([]);
}

async function switchTo(page: Page, language: Language) {
  await page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English', exact: true }).click();
  await page.waitForFunction((dir) => document.documentElement.dir === dir, DIRECTION[language]);
}

/** A line from the catalogue through the line's product search, as a person picks it. */
async function pickProduct(form: Locator, line: number, search: string, option: RegExp) {
  await form.getByRole('combobox', { name: TEXT.en.product(line) }).fill(search);
  await form.page().getByRole('option', { name: option }).click();
}

describe.skipIf(!executablePath)('promotions and loyalty on invoices in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  let invoiceUrl = '';
  let invoiceNumber = '';

  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
    await page.goto(`${runtime.baseUrl}/`);
    await page.getByRole('heading', { name: `Welcome, ${owner.name}` }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('applies the promotions on a new invoice: which one applies and why, why the others do not, and the line discounts', async () => {
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Sales', exact: true }).click();
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.getByRole('link', { name: 'New invoice' }).click();
    const form = page.getByRole('form', { name: TEXT.en.form });
    await form.waitFor();

    const customer = form.getByLabel(TEXT.en.customer, { exact: true });
    await customer.locator('option', { hasText: CUSTOMER.name }).waitFor({ state: 'attached' });
    await customer.selectOption({ label: CUSTOMER.name });
    await pickProduct(form, 1, 'olive', /OIL-5 · Olive oil 5 L/);
    await form.getByLabel(TEXT.en.quantity(1), { exact: true }).fill('2');
    await form.getByRole('button', { name: 'Add line' }).click();
    await pickProduct(form, 2, 'zaatar', /ZAATAR-1 · Za'atar 1 kg/);

    // 2 × 12.000 + 6.000 = 30.000 before tax, 4.800 tax: no discount yet.
    const totals = form.getByRole('table', { name: TEXT.en.totals });
    await expect.poll(() => rowTexts(totals), SLOW).toContainEqual(expect.stringMatching(/^Total JOD 34\.800$/));

    await form.getByRole('button', { name: TEXT.en.apply }).click();
    const panel = form.getByRole('region', { name: TEXT.en.panel });
    await panel.waitFor();
    expect(await text(panel)).toMatch(/Promotions take JOD\s3\.000 off the lines\./);
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count(), SLOW).toBe(3);
    const applies = items.filter({ hasText: TEN.name });
    expect(await text(applies)).toMatch(/^Applies Ten off over 20 — JOD\s3\.000 off$/);
    expect(await text(items.filter({ hasText: BIG.name }))).toMatch(/^Does not apply Big orders — Needs a subtotal of at least JOD\s500\.000; the cart comes to JOD\s30\.000\.$/);
    expect(await text(items.filter({ hasText: WEEKDAY.name }))).toMatch(/^Does not apply Weekday special — Not on this day of the week: it is \w+day, and the promotion runs on \w+day\.$/);

    // The 3.000 spread over the lines by their amounts (2.400 and 0.600), as amounts; the totals follow.
    expect(await form.getByLabel(TEXT.en.discount(1), { exact: true }).inputValue()).toBe('2.400');
    expect(await form.getByLabel(TEXT.en.discount(2), { exact: true }).inputValue()).toBe('0.600');
    // …and the field shows the whole amount ("2.40" would misread it).
    expect(await form.getByLabel(TEXT.en.discount(1), { exact: true }).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect.poll(() => rowTexts(totals), SLOW).toContainEqual(expect.stringMatching(/^Total JOD 31\.320$/));
    const rows = await rowTexts(totals);
    expect(rows).toContainEqual(expect.stringMatching(/^Discounts .*3\.000$/));
    expect(rows).toContainEqual(expect.stringMatching(/^Total before tax .*27\.000$/));
    expect(rows).toContainEqual(expect.stringMatching(/^Sales tax 16% .*4\.320$/));

    await settle(page);
    await expectLaidOut(page, 'en');
    await expectNothingCut(panel);
    await screenshot(page, 'issue-16-invoice-promotions-en', { fromTop: true });
  });

  it('in Arabic, applies them again without discounting twice, mirrored, and saves and confirms the invoice', async () => {
    await switchTo(page, 'ar');
    const form = page.getByRole('form', { name: TEXT.ar.form });
    await form.waitFor();
    // Applied again over lines that already carry the promotion's share: the server leaves the share
    // out of the basis, so the answer is the same 3.000, not 3.000 more.
    const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname.endsWith('/invoices/promotions'));
    await form.getByRole('button', { name: TEXT.ar.apply }).click();
    const answer = (await (await answered).json()) as { discount_total: string; lines: { promotion_discount: string; discount: string }[] };
    expect(answer).toMatchObject({ discount_total: '3.000', lines: [{ promotion_discount: '2.400', discount: '2.400' }, { promotion_discount: '0.600', discount: '0.600' }] });
    await expect.poll(() => form.getByRole('button', { name: TEXT.ar.apply }).isEnabled(), SLOW).toBe(true);
    const panel = form.getByRole('region', { name: TEXT.ar.panel });
    await expect.poll(() => text(panel), SLOW).toContain(TEN.name_ar);
    const items = panel.getByRole('listitem');
    expect(await text(items.filter({ hasText: TEN.name_ar }))).toMatch(/^ينطبق خصم عشرة فوق 20 — خصم [\s\S]*3[.٫]000/);
    expect(await text(items.filter({ hasText: BIG.name_ar }))).toMatch(/^لا ينطبق الطلبات الكبيرة — يلزم مجموع لا يقل عن [\s\S]*500[.٫]000/);
    expect(await text(items.filter({ hasText: WEEKDAY.name_ar }))).toMatch(/^لا ينطبق عرض يوم الأسبوع — /);
    // An amount in Arabic ends with its own full stop (د.أ.): no sentence stop after it doubles it.
    expect(await text(panel)).not.toContain('..');
    expect(await form.getByLabel(TEXT.ar.discount(1), { exact: true }).inputValue()).toBe('2.400');
    expect(await form.getByLabel(TEXT.ar.discount(2), { exact: true }).inputValue()).toBe('0.600');
    await expect.poll(() => text(form.getByRole('table', { name: TEXT.ar.totals })), SLOW).toMatch(/31[.٫]320/);

    // Mirrored: the lines table reads from the right (its "#" right of the product), and each
    // promotion's badge stands right of its name.
    const lines = form.getByRole('table', { name: TEXT.ar.lines });
    const [number, product] = await Promise.all([lines.getByRole('columnheader', { name: '#', exact: true }).boundingBox(), lines.getByRole('columnheader', { name: 'الصنف', exact: true }).boundingBox()]);
    expect(number!.x).toBeGreaterThan(product!.x);
    const applies = items.filter({ hasText: TEN.name_ar });
    const [badge, name] = await Promise.all([applies.getByText('ينطبق', { exact: true }).boundingBox(), applies.getByText(TEN.name_ar, { exact: true }).boundingBox()]);
    expect(badge!.x).toBeGreaterThan(name!.x);
    await settle(page);
    await expectLaidOut(page, 'ar');
    await expectNothingCut(panel);
    await screenshot(page, 'issue-16-invoice-promotions-ar', { fromTop: true });

    await switchTo(page, 'en');
    await page.getByRole('form', { name: TEXT.en.form }).getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL((url) => /^\/sales\/invoices\/[\w-]+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Draft invoice' }).waitFor();
    invoiceUrl = page.url();
    const invoiceId = decodeURIComponent(new URL(invoiceUrl).pathname.split('/').at(-1)!);
    const draft = await api<StoredInvoice>('GET', `/invoices/${invoiceId}`);
    expect(draft.promotion_ids).toEqual([setup.tenId]);
    expect(draft.lines.map((l) => l.promotion_discount)).toEqual(['2.400', '0.600']);

    await closeToasts(page);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm this invoice?' });
    await confirm.getByRole('button', { name: 'Confirm and post' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const heading = page.getByRole('heading', { name: /^Invoice \S+$/, level: 1 });
    await heading.waitFor();
    invoiceNumber = (await text(heading)).replace(/^Invoice /, '');

    // What the server stored, counted and owes the customer: the promotion used once, 31 points
    // (31.320 paid, 1 point per JOD, rounded down), part of the sale deferred to the points liability.
    const confirmed = await api<StoredInvoice>('GET', `/invoices/${invoiceId}`);
    expect(confirmed).toMatchObject({ status: 'confirmed', gross_total: '31.320', discount_total: '3.000', loyalty_points_earned: 31, promotions: [{ promotion_id: setup.tenId, discount: '3.000' }] });
    const member = await api<{ points_balance: number }>('GET', `/loyalty/customers/${setup.customerId}`);
    expect(member.points_balance).toBe(31);
    const promotion = await api<{ used_total?: number }>('GET', `/promotions/${setup.tenId}`);
    expect(promotion.used_total).toBe(1);
  });

  it('shows the promotion used and the points earned on the confirmed invoice, in English and Arabic', async () => {
    const rewards = page.getByRole('region', { name: TEXT.en.rewards });
    await expect.poll(() => text(rewards), SLOW).toMatch(/Ten off over 20: JOD\s3\.000 off/);
    expect(await text(rewards)).toContain('Loyalty points earned: 31');
    // The invoice's own entry defers the points' share of the sale (IFRS 15: 27.000 × 0.310 / 27.310)
    // from sales to the loyalty liability (2600), beside the receivable of what the customer pays.
    const journal = page.getByRole('table', { name: 'Journal entry' });
    await expect.poll(() => rowTexts(journal), SLOW).toContainEqual(expect.stringMatching(/^2600 Loyalty points liability .*JOD 0\.306$/));
    const entry = await rowTexts(journal);
    expect(entry).toContainEqual(expect.stringMatching(/^1200 .*JOD 31\.320$/));
    expect(entry).toContainEqual(expect.stringMatching(/^4100 Sales Loyalty points of Lina Haddad JOD 0\.306$/));
    await closeToasts(page);
    await settle(page);
    await expectLaidOut(page, 'en');
    await expectNothingCut(rewards);
    await screenshot(page, 'issue-16-invoice-loyalty-en', { fromTop: true });

    await switchTo(page, 'ar');
    await page.getByRole('heading', { level: 1, name: `فاتورة ${invoiceNumber}` }).waitFor();
    const arabic = page.getByRole('region', { name: TEXT.ar.rewards });
    await expect.poll(() => text(arabic), SLOW).toContain(`${TEN.name_ar}: خصم`);
    expect(await text(arabic)).toMatch(/نقاط الولاء المكتسبة: (31|٣١)/);
    // The lines read from the right: the description right of the total.
    const lines = page.getByRole('table', { name: TEXT.ar.lines });
    const [description, total] = await Promise.all([lines.getByRole('columnheader', { name: 'الوصف', exact: true }).boundingBox(), lines.getByRole('columnheader', { name: 'الإجمالي', exact: true }).boundingBox()]);
    expect(description!.x).toBeGreaterThan(total!.x);
    await settle(page);
    await expectLaidOut(page, 'ar');
    await expectNothingCut(arabic);
    await screenshot(page, 'issue-16-invoice-loyalty-ar', { fromTop: true });
    await switchTo(page, 'en');
  });
});
