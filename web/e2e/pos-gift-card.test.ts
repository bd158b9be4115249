/**
 * Issue 16's gift cards at the till, in a real Chromium against the real local runtime. A session is
 * opened through the API with a float of 20.000; a card of 50.000 is sold at the register for cash
 * (its number shown grouped by four). A perfume of 45.000 is then rung up and paid 30.000 with that
 * card (scanned number, Check, the amount typed over the proposed one) and 15.000 in cash: the
 * receipt names the card by its last four digits and the card holds 20.000. In Arabic the next
 * sale spends the card's last 20.000 and the rest in cash. The session's drawer expects the card's
 * cash and the sales' cash. Screenshots: web/e2e/screenshots/issue-16-till-gift-card-{en,ar}.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('gift cards at the till in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rania Khoury', email: `rania.giftcard.${run}@example.jo`, password: 'gift-card-owner-2025' };
const organizationName = `Khoury Perfumes ${run}`;

const PERFUME = { barcode: '6252222000014', name: 'Oud perfume 50 ml', name_ar: 'عطر عود 50 مل', price: '45.000' };
/** Waits for outcomes on a busy machine (the suites share two cores), never for time. */
const SLOW = { timeout: 120_000, interval: 250 };

type Language = 'en' | 'ar';
const TEXT = {
  en: {
    scan: 'Scan or type a barcode or SKU',
    payment: 'Payment',
    giftCard: 'Gift card',
    number: 'Gift card number',
    check: 'Check',
    amount: 'Amount',
    receipt: 'Receipt',
    newSale: 'New sale',
  },
  ar: {
    scan: 'امسح أو اكتب الباركود أو رمز الصنف',
    payment: 'الدفع',
    giftCard: 'بطاقة هدايا',
    number: 'رقم بطاقة الهدايا',
    check: 'تحقّق',
    amount: 'المبلغ',
    receipt: 'الإيصال',
    newSale: 'بيع جديد',
  },
} as const;

interface Setup extends OwnerSession {
  terminalId: string;
  sessionId: string;
}

interface Card {
  id: string;
  card_number: string;
  status: string;
  balance: string;
}

interface Receipt {
  number: string;
  total_amount: string;
  payments: { tender: string; amount: string; gift_card_id?: string | null }[];
}

/** The shop, its 16% tax, the perfume, a terminal and its open session (float 20.000): all through the API. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203041', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203041');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  expect(standard).toBeDefined();
  await api('POST', '/products-services', { sku: 'OUD-50', name: PERFUME.name, name_ar: PERFUME.name_ar, sale_price: PERFUME.price, barcodes: [PERFUME.barcode], price_includes_tax: true, tax_id: standard.id });
  const terminal = await api<{ id: string }>('POST', '/pos/terminals', { name: 'Counter 1', receipt_prefix: 'K1' });
  const opened = await api<{ id: string }>('POST', '/pos/sessions', { terminal_id: terminal.id, opening_float: '20.000' });
  return { ...session, terminalId: terminal.id, sessionId: opened.id };
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

/**
 * F4, the gift card tender, the card's number typed as a scanner types it (digits and Enter): the
 * dialog shows the card's balance and proposes what it can pay.
 */
async function checkCard(page: Page, cardNumber: string, language: Language) {
  await page.keyboard.press('F4');
  const payment = page.getByRole('dialog', { name: TEXT[language].payment });
  await payment.getByRole('button', { name: TEXT[language].giftCard, exact: true }).click();
  const number = payment.getByLabel(TEXT[language].number, { exact: true });
  await expect.poll(() => number.evaluate((el) => el === document.activeElement), SLOW).toBe(true);
  await page.keyboard.type(cardNumber);
  await page.keyboard.press('Enter');
  await payment.getByTestId('pos-gift-card-balance').waitFor();
  return payment;
}

describe.skipIf(!executablePath)('gift cards at the till in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;
  let card: Card;

  const api = <T>(method: string, path: string, json?: unknown) =>
    callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });
  const cardNow = () => api<Card>('GET', `/gift-cards/${card.id}`);

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('sells a card of 50.000 for cash at the register and shows its number to hand over', async () => {
    await page.goto(`${runtime.baseUrl}/pos`);
    await page.getByRole('listitem', { name: `Add ${PERFUME.name}` }).waitFor();
    await page.getByRole('button', { name: 'Gift cards', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Gift cards' });
    await dialog.getByLabel('Amount', { exact: true }).fill('50.000');
    await dialog.getByRole('radio', { name: 'Cash' }).click();
    await dialog.getByRole('button', { name: 'Sell card' }).click();
    const shown = dialog.getByTestId('pos-gift-card-number');
    await shown.waitFor();
    const grouped = await shown.innerText();
    expect(grouped).toMatch(/^9\d{3} \d{4} \d{4} \d{4}$/);

    const cards = await api<{ data: Card[] }>('GET', '/gift-cards');
    expect(cards.data).toHaveLength(1);
    card = cards.data[0]!;
    expect(card.card_number).toBe(grouped.replace(/ /g, ''));
    expect(card).toMatchObject({ status: 'active', balance: '50.000' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('pays 30.000 of a 45.000 sale with the card and 15.000 in cash; the card keeps 20.000', async () => {
    await scan(page, PERFUME.barcode, 'en');
    await expect.poll(() => page.getByTestId('pos-total').innerText()).toMatch(/JOD\s45\.000/);
    const payment = await checkCard(page, card.card_number, 'en');
    const balance = payment.getByTestId('pos-gift-card-balance');
    expect(await balance.innerText()).toMatch(new RegExp(`•••• ${card.card_number.slice(-4)}[\\s\\S]*JOD\\s50\\.000`));
    // The card can pay all 45.000: proposed, and focused for the cashier to type over.
    const amount = payment.getByLabel(TEXT.en.amount, { exact: true });
    await expect.poll(() => amount.inputValue(), SLOW).toBe('45.000');
    await amount.fill('30.000');
    await settle(page);
    await screenshot(page, 'issue-16-till-gift-card-en', { fullPage: false });

    await amount.press('Enter');
    const payments = payment.getByRole('list', { name: 'Payments' });
    await expect.poll(() => payments.innerText(), SLOW).toMatch(new RegExp(`Gift card •••• ${card.card_number.slice(-4)}\\s+JOD\\s30\\.000`));
    // The rest is proposed in cash: Enter pays it and the sale posts at once (never queued).
    await expect.poll(() => amount.inputValue(), SLOW).toBe('15.000');
    await amount.press('Enter');

    const receipt = page.getByRole('dialog', { name: TEXT.en.receipt });
    await expect.poll(() => receipt.getByTestId('pos-receipt-number').innerText(), SLOW).toBe('K1-000001');
    expect(await receipt.getByTestId('pos-receipt-total').innerText()).toMatch(/JOD\s45\.000/);
    const tenders = await receipt.getByTestId('pos-receipt-tender').allInnerTexts();
    expect(tenders).toEqual([expect.stringMatching(new RegExp(`Gift card[\\s\\S]*بطاقة هدايا[\\s\\S]*•••• ${card.card_number.slice(-4)}`)), expect.stringMatching(/Cash/)]);
    expect(await receipt.getByTestId('pos-receipt-change').innerText()).toMatch(/JOD\s0\.000/);
    await receipt.getByRole('button', { name: TEXT.en.newSale }).click();
    await receipt.waitFor({ state: 'detached' });

    expect(await cardNow()).toMatchObject({ status: 'active', balance: '20.000' });
    const sales = await api<{ data: Receipt[] }>('GET', `/pos/transactions?session_id=${setup.sessionId}`);
    expect(sales.data).toHaveLength(1);
    expect(sales.data[0]!.payments).toEqual([
      expect.objectContaining({ tender: 'gift_card', amount: '30.000', gift_card_id: card.id }),
      expect.objectContaining({ tender: 'cash', amount: '15.000' }),
    ]);
  });

  it('in Arabic spends the last 20.000 on the card and the rest in cash', async () => {
    // The language is switched in the back office and the register opened from its menu (a full
    // page load starts in English until the Arabic texts are loaded: see pos.test.ts).
    await page.getByRole('link', { name: 'Sessions', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'نقطة البيع', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pos');
    await page.getByRole('listitem', { name: new RegExp(PERFUME.name_ar) }).waitFor();

    await scan(page, PERFUME.barcode, 'ar');
    const payment = await checkCard(page, card.card_number, 'ar');
    // 45.000 due, 20.000 left on the card: all of it proposed.
    const amount = payment.getByLabel(TEXT.ar.amount, { exact: true });
    await expect.poll(() => amount.inputValue(), SLOW).toBe('20.000');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settle(page);
    await screenshot(page, 'issue-16-till-gift-card-ar', { fullPage: false });

    await amount.press('Enter');
    await expect.poll(() => amount.inputValue(), SLOW).toBe('25.000');
    await amount.press('Enter');
    const receipt = page.getByRole('dialog', { name: TEXT.ar.receipt });
    await expect.poll(() => receipt.getByTestId('pos-receipt-number').innerText(), SLOW).toBe('K1-000002');
    await receipt.getByRole('button', { name: TEXT.ar.newSale }).click();
    await receipt.waitFor({ state: 'detached' });

    expect(await cardNow()).toMatchObject({ status: 'active', balance: '0.000' });
    // The drawer: the float, the card sold for cash and both sales' cash (20 + 50 + 15 + 25).
    const open = await api<{ data: { id: string; report: { expected: { cash: string }; tenders: Record<string, { sales: string }> } }[] }>('GET', `/pos/sessions?terminal_id=${setup.terminalId}&status=open`);
    const session = open.data.find((s) => s.id === setup.sessionId)!;
    expect(session.report.tenders.gift_card?.sales).toBe('50.000');
    expect(session.report.expected.cash).toBe('110.000');
  });
});
