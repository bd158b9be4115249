/**
 * Issue 16's gift card screens in a real Chromium against the real local runtime. Through the
 * screens: a card is sold for 50.000 in cash, loaded with 10.000, suspended with a reason and
 * reactivated, 20.000 of the customer's invoice of 29.000 is paid with it, and a batch of five
 * pending cards is printed; the API then says the same (the card's balance and ledger, the invoice
 * still owing 9.000, the six cards, what they owe beside the liability account). In Arabic a batch
 * of three more is printed. The list, the card page and the sell, load, redeem and batch dialogs are
 * photographed in English and in Arabic into web/e2e/screenshots/issue-16-*.png, and each screen is
 * measured: the document's direction, the table mirrored in Arabic, and nothing wider than the window.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

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
  /** The customer's confirmed invoice of 25.000 + 16 % = 29.000, which the card pays in part. */
  invoiceId: string;
  invoiceNumber: string;
}

interface Card {
  id: string;
  card_number: string;
  status: string;
  balance: string;
  customer_id: string | null;
}

/**
 * The shop, its 16 % tax, one customer with names in both languages and her confirmed invoice of
 * 29.000 (for the card to pay): the rest happens on the screens.
 */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', ...CUSTOMER });
  const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', {
    contact_id: customer.id,
    issue_date: new Date().toISOString().slice(0, 10),
    lines: [{ description: 'Gift basket', quantity: '1', unit_price: '25.000', tax_id: standard.id }],
  });
  const invoice = await api<{ id: string; number: string; gross_total: string }>('POST', `/invoices/${draft.id}/confirm`);
  if (invoice.gross_total !== '29.000') throw new Error(`The invoice came to ${invoice.gross_total}, not 29.000`);
  return { ...session, customerId: customer.id, invoiceId: invoice.id, invoiceNumber: invoice.number };
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
    // A dialog's overlay covers the toasts' close buttons: those are closed before a dialog opens.
    await closeToasts(page);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Load the card' });
    // The card's balance before the load is in the dialog's words.
    await dialog.getByText(/Its balance now holds JOD\s50\.000\./).waitFor();
    await dialog.getByLabel('Amount (JOD)').fill('10.000');
    expect(await dialog.getByLabel('Paid by').inputValue()).toBe('cash');
    await settle(page);
    await screenshot(page, 'issue-16-gift-card-load-en', { fullPage: false });
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

  it("pays 20.000 of the customer's invoice with the card through the redeem dialog", async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'Redeem on an invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay an invoice with the card' });
    await dialog.getByText(/The card holds JOD\s60\.000\./).waitFor();
    // The card's customer is chosen already; her open invoice is offered, and choosing it fills in
    // what the card can pay of it (all 29.000: the card holds more).
    expect(await dialog.getByLabel('Customer', { exact: true }).inputValue()).toBe(setup.customerId);
    const invoice = dialog.getByLabel('Invoice', { exact: true });
    await invoice.locator(`option[value="${setup.invoiceId}"]`).waitFor({ state: 'attached', ...SLOW });
    expect(await invoice.locator(`option[value="${setup.invoiceId}"]`).textContent()).toMatch(new RegExp(`^${setup.invoiceNumber} · .+ · due JOD\\s29\\.000$`));
    await invoice.selectOption(setup.invoiceId);
    await expect.poll(() => dialog.getByLabel('Amount (JOD)').inputValue()).toBe('29.000');
    await dialog.getByLabel('Amount (JOD)').fill('20.000');
    await dialog.getByLabel('Notes').fill('Part of the gift basket, paid at the counter');
    await settle(page);
    await screenshot(page, 'issue-16-gift-card-redeem-en', { fullPage: false });

    await dialog.getByRole('button', { name: 'Pay invoice' }).click();
    await dialog.waitFor({ state: 'detached', ...SLOW });
    const details = page.getByRole('region', { name: 'Card', exact: true });
    await expect.poll(() => details.innerText(), SLOW).toMatch(/JOD\s40\.000/);
    const ledger = page.getByRole('table', { name: 'Ledger' });
    await expect.poll(() => ledger.locator('tbody tr').count(), SLOW).toBe(5);
    expect(await ledger.locator('tbody tr').first().innerText()).toMatch(/Spent[\s\S]*-JOD\s20\.000[\s\S]*JOD\s40\.000/);
    expect((await api<Card>('GET', `/gift-cards/${cardId}`)).balance).toBe('40.000');
    expect((await api<{ balance_due: string }>('GET', `/invoices/${setup.invoiceId}`)).balance_due).toBe('9.000');
  });

  it('creates a batch of five pending cards and shows their numbers', async () => {
    await closeToasts(page);
    await page.getByRole('link', { name: 'All gift cards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'Create a batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a batch of cards' });
    await dialog.getByLabel('Number of cards').fill('5');
    await dialog.getByLabel('Design').selectOption('eid');
    await dialog.getByLabel('Notes').fill('For the Eid window display');
    await settle(page);
    await screenshot(page, 'issue-16-gift-card-batch-en', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create cards' }).click();
    await dialog.getByText('5 cards were created.').waitFor(SLOW);
    const numbers = await dialog.getByRole('list', { name: 'The new card numbers' }).getByRole('listitem').allInnerTexts();
    expect(numbers).toHaveLength(5);
    for (const number of numbers) expect(number).toMatch(/^9\d{3} \d{4} \d{4} \d{4}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list shows the five new cards as pending beside the one sold.
    const table = page.getByRole('table', { name: 'Gift cards' });
    await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(6);
    expect(await table.locator('tbody tr').filter({ hasText: 'Pending' }).count()).toBe(5);
    for (const number of numbers) await table.getByText(number, { exact: true }).waitFor();
    const cards = await api<{ data: Card[]; count: number }>('GET', '/gift-cards?limit=100');
    expect(cards.count).toBe(6);
    expect(cards.data.filter((c) => c.status === 'pending')).toHaveLength(5);
    const summary = await api<{ outstanding_liability: string; liability_account_balance: string; cards: number }>('GET', '/gift-cards/analytics/summary');
    expect(summary).toMatchObject({ cards: 6, outstanding_liability: '40.000', liability_account_balance: '40.000' });
    const owed = page.getByRole('group', { name: 'Outstanding liability' });
    await expect.poll(() => owed.innerText(), SLOW).toMatch(/JOD\s40\.000[\s\S]*Liability account: JOD\s40\.000[\s\S]*Matches the books/);
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
      await expect.poll(() => ledger.locator('tbody tr').count(), SLOW).toBe(5);
      await page.getByRole('region', { name: 'البطاقة', exact: true }).getByText(CUSTOMER.name_ar).waitFor(SLOW);
      const [dateHeader, lineHeader] = await Promise.all([ledger.locator('thead th').first().boundingBox(), ledger.locator('thead th').nth(1).boundingBox()]);
      expect(dateHeader!.x).toBeGreaterThan(lineHeader!.x);
      expect(await screenWords(page)).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await expectLaidOut(page, 'ar');
      await screenshot(page, 'issue-16-gift-card-ar', { fromTop: true });
    });

    it('shows the load dialog in Arabic', async () => {
      await page.getByRole('button', { name: 'شحن', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'شحن البطاقة' });
      await dialog.getByText(/رصيدها الآن .*40\.000/).waitFor();
      await dialog.getByLabel('المبلغ (د.أ.)').fill('15.000');
      await dialog.getByLabel('طريقة الدفع').selectOption('cliq');
      expect(await dialog.innerText()).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await screenshot(page, 'issue-16-gift-card-load-ar', { fullPage: false });
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('shows the redeem dialog in Arabic, the invoice still owing 9.000', async () => {
      await page.getByRole('button', { name: 'الدفع على فاتورة' }).click();
      const dialog = page.getByRole('dialog', { name: 'دفع فاتورة بالبطاقة' });
      await dialog.getByText(/رصيد البطاقة .*40\.000/).waitFor();
      // The card's customer is the one shown chosen, by her Arabic name, once the customers are read.
      const customer = dialog.getByLabel('العميل', { exact: true });
      await expect.poll(() => customer.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), SLOW).toBe(CUSTOMER.name_ar);
      const invoice = dialog.getByLabel('الفاتورة', { exact: true });
      await invoice.locator(`option[value="${setup.invoiceId}"]`).waitFor({ state: 'attached', ...SLOW });
      expect(await invoice.locator(`option[value="${setup.invoiceId}"]`).textContent()).toMatch(/المستحق .*9\.000/);
      await invoice.selectOption(setup.invoiceId);
      await expect.poll(() => dialog.getByLabel('المبلغ (د.أ.)').inputValue()).toBe('9.000');
      // The invoice's number is a code, not a word: the rest is Arabic.
      expect((await dialog.innerText()).replaceAll(setup.invoiceNumber, '')).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await screenshot(page, 'issue-16-gift-card-redeem-ar', { fullPage: false });
      await dialog.getByRole('button', { name: 'إلغاء' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('creates a batch of three more pending cards in Arabic', async () => {
      await page.getByRole('link', { name: 'كل بطاقات الهدايا' }).click();
      await page.getByRole('heading', { level: 1, name: 'بطاقات الهدايا' }).waitFor();
      await page.getByRole('button', { name: 'إنشاء دفعة بطاقات' }).click();
      const dialog = page.getByRole('dialog', { name: 'إنشاء دفعة بطاقات' });
      await dialog.getByLabel('عدد البطاقات').fill('3');
      await dialog.getByLabel('نوع البطاقة').selectOption('digital');
      await dialog.getByLabel('التصميم').selectOption('ramadan');
      expect(await dialog.innerText()).not.toMatch(/[A-Za-z]/);
      await settle(page);
      await screenshot(page, 'issue-16-gift-card-batch-ar', { fullPage: false });
      await dialog.getByRole('button', { name: 'إنشاء البطاقات' }).click();
      await dialog.getByText('أُنشئت 3 بطاقات.').waitFor(SLOW);
      const numbers = await dialog.getByRole('list', { name: 'أرقام البطاقات الجديدة' }).getByRole('listitem').allInnerTexts();
      expect(numbers).toHaveLength(3);
      for (const number of numbers) expect(number).toMatch(/^9\d{3} \d{4} \d{4} \d{4}$/);
      await dialog.getByRole('button', { name: 'تم' }).click();
      await dialog.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'بطاقات الهدايا' });
      await expect.poll(() => table.locator('tbody tr').count(), SLOW).toBe(9);
      expect(await table.locator('tbody tr').filter({ hasText: 'بانتظار التفعيل' }).count()).toBe(8);
      for (const number of numbers) await table.getByText(number, { exact: true }).waitFor();
    });
  });
});
