/**
 * Issue 16's gift card screens in a real Chromium against the real local runtime. Through the
 * screens: a card is sold for 50.000 in cash, loaded with 10.000, suspended with a reason and
 * reactivated, and a batch of five pending cards is printed; the API then says the same (the card's
 * balance and ledger, the six cards, what they owe beside the liability account). The list, the
 * card page and the sell dialog are photographed in English and in Arabic into
 * web/e2e/screenshots/issue-16-*.png, and each screen is measured: the document's direction, the
 * table mirrored in Arabic, and nothing wider than the window.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('gift card screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Maha Qasem', email: `maha.giftcards.${run}@example.jo`, password: 'gift-card-owner-2025' };
const organizationName = `Qasem Gifts ${run}`;
const CUSTOMER = { name: 'Lina Haddad', name_ar: 'لينا حداد' };

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;
/** Requests and re-reads queue behind each other on a busy machine; these waits are for outcomes, not for time. */
const SLOW = { timeout: 120_000, interval: 250 };

interface Setup extends OwnerSession {
  customerId: string;
}

interface Card {
  id: string;
  card_number: string;
  status: string;
  balance: string;
  customer_id: string | null;
}

/** The shop and one customer with names in both languages: the rest happens on the screens. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const customer = await callApi<{ id: string }>(runtime, 'POST', `/organizations/${session.organizationId}/contacts`, {
    token: session.token,
    json: { contact_type: 'customer', ...CUSTOMER },
  });
  return { ...session, customerId: customer.id };
}

/** The pointer off the page and nothing focused: the pictures show the screen, not a hovered button. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The document's direction, and no page-wide horizontal scroll (which a mirrored layout gone wrong shows first). */
async function expectLaidOut(page: Page, language: Language) {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

/**
 * The screen's own words, for the "no English words in Arabic" check: the main area's text without
 * what people typed (notes, reasons, names: shown `dir="auto"`, in whatever language they wrote)
 * and without style sheets.
 */
const screenWords = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[dir="auto"], style, script').forEach((node) => node.remove());
    return copy.textContent ?? '';
  });

describe.skipIf(!executablePath)('gift card screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  let cardId = '';

  const api = <T>(method: string, path: string, json?: unknown) =>
    callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('sells a card for 50.000 in cash through the sell dialog', async () => {
    await page.goto(`${runtime.baseUrl}/gift-cards`);
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    // The page is a tab of the point-of-sale area.
    await page.getByRole('navigation', { name: 'POS', exact: true }).getByRole('link', { name: 'Gift cards' }).waitFor();
    await page.getByText('No gift cards yet. Sell one, or create a batch to print.').waitFor();

    await page.getByRole('button', { name: 'Sell a card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell a gift card' });
    await dialog.getByLabel('Amount (JOD)').fill('50.000');
    expect(await dialog.getByLabel('Paid by').inputValue()).toBe('cash');
    await dialog.getByLabel('Customer (optional)').selectOption(setup.customerId);
    await dialog.getByLabel('Notes').fill('Birthday present, sold at the front desk');
    await settle(page);
    await screenshot(page, 'issue-16-gift-card-sell-en', { fullPage: false });

    await dialog.getByRole('button', { name: 'Sell card' }).click();
    await page.waitForURL((url) => /^\/gift-cards\/[^/]+$/.test(url.pathname), SLOW);
    cardId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const sold = await api<Card>('GET', `/gift-cards/${cardId}`);
    expect(sold).toMatchObject({ status: 'active', balance: '50.000', customer_id: setup.customerId });
    // The number, in groups of four, heads the page.
    const grouped = sold.card_number.replace(/(\d{4})(?=\d)/g, '$1 ');
    await page.getByRole('heading', { level: 1, name: new RegExp(grouped) }).waitFor();
  });

  it('loads 10.000 onto the card', async () => {
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Load the card' });
    await dialog.getByLabel('Amount (JOD)').fill('10.000');
    await dialog.getByRole('button', { name: 'Load card' }).click();
    await dialog.waitFor({ state: 'detached' });
    const details = page.getByRole('region', { name: 'Card', exact: true });
    await expect.poll(() => details.innerText(), SLOW).toMatch(/JOD\s60\.000/);
    expect((await api<Card>('GET', `/gift-cards/${cardId}`)).balance).toBe('60.000');
  });

  it('suspends the card with a reason and reactivates it', async () => {
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend the card' });
    await dialog.getByLabel('Reason').fill('Reported lost by the customer');
    await dialog.getByRole('button', { name: 'Suspend card' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reactivate' }).waitFor(SLOW);
    expect((await api<Card>('GET', `/gift-cards/${cardId}`)).status).toBe('suspended');

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('button', { name: 'Suspend', exact: true }).waitFor(SLOW);
    expect((await api<Card>('GET', `/gift-cards/${cardId}`)).status).toBe('active');

    // The ledger, newest first: reactivated, suspended, loaded, activated.
    const ledger = page.getByRole('table', { name: 'Ledger' });
    await expect.poll(() => ledger.locator('tbody tr').count(), SLOW).toBe(4);
    const kinds = await ledger.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[0]?.textContent ?? ''));
    expect(kinds).toEqual(['Reactivated', 'Suspended', 'Loaded', 'Activated']);
    const amounts = await api<{ data: { transaction_type: string; amount: string; balance_after: string }[] }>('GET', `/gift-cards/${cardId}/transactions`);
    expect(amounts.data.map((l) => [l.transaction_type, l.amount, l.balance_after])).toEqual([
      ['reactivate', '0.000', '60.000'],
      ['suspend', '0.000', '60.000'],
      ['load', '10.000', '60.000'],
      ['activate', '50.000', '50.000'],
    ]);
    await closeToasts(page);
    await settle(page);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-16-gift-card-en', { fromTop: true });
  });

  it('creates a batch of five pending cards and shows their numbers', async () => {
    await page.getByRole('link', { name: 'All gift cards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await page.getByRole('button', { name: 'Create a batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a batch of cards' });
    await dialog.getByLabel('Number of cards').fill('5');
    await dialog.getByLabel('Design').selectOption('eid');
    await dialog.getByRole('button', { name: 'Create cards' }).click();
    await dialog.getByText('5 cards were created.').waitFor(SLOW);
    const numbers = await dialog.getByRole('list', { name: 'The new card numbers' }).getByRole('listitem').allInnerTexts();
    expect(numbers).toHaveLength(5);
    for (const number of numbers) expect(number).toMatch(/^9\d{3} \d{4} \d{4} \d{4}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'Gift cards' });
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(6);
    const cards = await api<{ data: Card[]; count: number }>('GET', '/gift-cards?limit=100');
    expect(cards.count).toBe(6);
    expect(cards.data.filter((c) => c.status === 'pending')).toHaveLength(5);
    const summary = await api<{ outstanding_liability: string; liability_account_balance: string; cards: number }>('GET', '/gift-cards/analytics/summary');
    expect(summary).toMatchObject({ cards: 6, outstanding_liability: '60.000', liability_account_balance: '60.000' });
    const owed = page.getByRole('group', { name: 'Outstanding liability' });
    await expect.poll(() => owed.innerText(), SLOW).toMatch(/JOD\s60\.000[\s\S]*Liability account: JOD\s60\.000[\s\S]*Matches the books/);
    await closeToasts(page);
    await settle(page);
    await expectLaidOut(page, 'en');
    await screenshot(page, 'issue-16-gift-cards-en', { fromTop: true });
  });

  describe('in Arabic', () => {
    beforeAll(async () => {
      await closeToasts(page);
      await page.getByRole('button', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    });

    it('mirrors the list, with the numbers still read left to right and no English', async () => {
      await page.goto(`${runtime.baseUrl}/gift-cards`);
      await page.getByRole('heading', { level: 1, name: 'بطاقات الهدايا' }).waitFor();
      const table = page.getByRole('table', { name: 'بطاقات الهدايا' });
      await table.getByRole('row').filter({ hasText: CUSTOMER.name_ar }).waitFor(SLOW);
      await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(6);
      // The first column (the number) is drawn at the right, and the number itself left to right.
      const [numberHeader, typeHeader] = await Promise.all([table.locator('thead th').first().boundingBox(), table.locator('thead th').nth(1).boundingBox()]);
      expect(numberHeader!.x).toBeGreaterThan(typeHeader!.x);
      const number = table.locator('tbody tr').first().locator('[dir="ltr"]').first();
      expect(await number.innerText()).toMatch(/^9\d{3} \d{4} \d{4} \d{4}$/);
      await expect.poll(() => page.getByRole('group', { name: 'الالتزام القائم' }).innerText(), SLOW).toContain('مطابق للدفاتر');
      expect(await screenWords(page)).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-16-gift-cards-ar', { fromTop: true });
    });

    it('shows the sell dialog in Arabic', async () => {
      await page.getByRole('button', { name: 'بيع بطاقة' }).click();
      const dialog = page.getByRole('dialog', { name: 'بيع بطاقة هدايا' });
      await dialog.getByLabel('المبلغ (د.أ.)').fill('25.000');
      await dialog.getByLabel('العميل (اختياري)').selectOption(setup.customerId);
      expect(await dialog.innerText()).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await screenshot(page, 'issue-16-gift-card-sell-ar', { fullPage: false });
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('shows the card page and its ledger right to left', async () => {
      await page.goto(`${runtime.baseUrl}/gift-cards/${cardId}`);
      const ledger = page.getByRole('table', { name: 'سجل الحركات' });
      await expect.poll(() => ledger.locator('tbody tr').count(), SLOW).toBe(4);
      await page.getByRole('region', { name: 'البطاقة', exact: true }).getByText(CUSTOMER.name_ar).waitFor(SLOW);
      const [dateHeader, lineHeader] = await Promise.all([ledger.locator('thead th').first().boundingBox(), ledger.locator('thead th').nth(1).boundingBox()]);
      expect(dateHeader!.x).toBeGreaterThan(lineHeader!.x);
      expect(await screenWords(page)).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-16-gift-card-ar', { fromTop: true });
    });
  });
});
