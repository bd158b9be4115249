/**
 * Issue 17's cash flow screens in a real Chromium against the real local runtime. The books are
 * seeded through the API (an invoice paid in full and one in part, a supplier bill paid in part,
 * an approved expense paid from the bank, and a planned payment); then every tab of the Cash Flow
 * page and the Financial Reports screen's Receivables, Payables and Working Capital sub-tabs are
 * visited in English and in Arabic and photographed into web/e2e/screenshots/issue-17-*.png.
 * Each screen is measured: the document's direction, and nothing wider than the window. Through
 * the screens, a posted line is re-categorised and a planned entry is added; the API says the same.
 * A post-dated cheque is recorded with its due date from the payment form (refused in Arabic
 * before the payment's date), and the posted lines' descriptions read in Arabic.
 */
import { todayInZone } from '@daftar/shared/reportPeriods';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession, settle } from './session';

const executablePath = chromiumFor('cash flow screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Hala Nasser', email: `hala.cashflow.${run}@example.jo`, password: 'cash-flow-owner-2025' };
const organizationName = `Nasser Stationery ${run}`;
const today = todayInZone('Asia/Amman');
const inDays = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Language = 'en' | 'ar';
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;
/** Requests and re-reads queue behind each other on a busy machine; these waits are for outcomes, not for time. */
const SLOW = { timeout: 120_000, interval: 250 };

interface Line {
  id: string;
  description: string | null;
  description_narrative: { key: string } | null;
  entry_name: string | null;
  source_type: string;
  cash_flow_category: string;
  original_category: string | null;
  is_manual_entry: boolean;
  is_planned: boolean;
  amount: string;
}

/** The books: two invoices (one paid, one in part), a bill paid in part, an expense paid from the bank, and a planned rent payment. */
async function setUp(runtime: Runtime): Promise<OwnerSession> {
  const session = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${session.organizationId}${path}`, { token: session.token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16)!;
  const account = async (subtype: string) => (await api<{ data: { id: string }[] }>('GET', `/accounts?subtype=${subtype}`)).data[0]!.id;
  const [bank, officeSupplies, rent] = await Promise.all([account('bank'), account('office_supplies'), account('rent')]);
  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء' });
  const supplier = await api<{ id: string }>('POST', '/contacts', { contact_type: 'supplier', name: 'Zarqa Paper Mills', name_ar: 'مصانع ورق الزرقاء' });

  const invoice = async (lines: unknown[]) => {
    const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', { contact_id: customer.id, issue_date: today, lines });
    return api<{ id: string; gross_total: string }>('POST', `/invoices/${draft.id}/confirm`);
  };
  const first = await invoice([{ description: 'A4 paper, 500 sheets', quantity: '40', unit_price: '4.750', tax_id: standard.id }]);
  const second = await invoice([{ description: 'Office chairs', quantity: '4', unit_price: '45.000', tax_id: standard.id }]);
  const received = (amount: string, invoiceId: string) =>
    api('POST', '/payments', { payment_type: 'received', contact_id: customer.id, payment_method: 'bank_transfer', account_id: bank, date: today, amount, allocations: [{ invoice_id: invoiceId, amount }] });
  await received(first.gross_total, first.id);
  await received('100.000', second.id);

  const billDraft = await api<{ id: string }>('POST', '/bills/with-line-items', {
    contact_id: supplier.id,
    issue_date: today,
    lines: [{ description: 'Copy paper, 40 reams', quantity: '40', unit_price: '2.100', tax_id: standard.id, account_id: officeSupplies }],
  });
  const bill = await api<{ id: string }>('POST', `/bills/${billDraft.id}/confirm`);
  await api('POST', `/bills/${bill.id}/payments`, { payment_method: 'bank_transfer', account_id: bank, date: today, amount: '50.000' });

  const category = await api<{ id: string }>('POST', '/expense-categories', { name: 'Shop rent', name_ar: 'إيجار المحل', account_id: rent });
  const expense = await api<{ id: string }>('POST', '/expenses', { date: today, category_id: category.id, description: 'Electricity and water', amount: '35.000', paid_from_account_id: bank });
  await api('POST', `/expenses/${expense.id}/submit`);
  await api('POST', `/expenses/${expense.id}/approve`);

  await api('POST', '/cashflow/transactions', { date: inDays(10), amount: '120.000', direction: 'out', cash_flow_category: 'rent_and_utilities', description: 'Shop rent — next month' });
  return session;
}

async function expectLaidOut(page: Page, language: Language) {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(DIRECTION[language]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow).toBeLessThanOrEqual(0);
}

/** Radix repeats a tab's label in a hidden span, so a tab's name starts with its label. */
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });

const TEXTS = {
  en: {
    title: 'Cash flow',
    tabs: { overview: 'Overview', transactions: 'Transactions', forecast: 'Forecast', accuracy: 'Accuracy' },
    balance: 'Cash balance',
    table: 'Cash-flow transactions',
    forecastChart: 'Forecast closing balance over 30 days',
    accuracyReady: /No forecast has been overtaken|Accuracy by horizon/,
    subReady: { receivables: 'Total outstanding', payables: 'Total outstanding', 'working-capital': 'Current assets' },
  },
  ar: {
    title: 'التدفق النقدي',
    tabs: { overview: 'نظرة عامة', transactions: 'الحركات', forecast: 'التوقعات', accuracy: 'الدقة' },
    balance: 'الرصيد النقدي',
    table: 'حركات التدفق النقدي',
    forecastChart: 'الرصيد الختامي المتوقع خلال 30 يومًا',
    accuracyReady: /لم تتجاوز الأيام الفعلية|الدقة حسب المدى/,
    subReady: { receivables: 'إجمالي المستحق', payables: 'إجمالي المستحق', 'working-capital': 'الأصول المتداولة' },
  },
} as const;

describe.skipIf(!executablePath)('cash flow screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: OwnerSession;
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${setup.organizationId}${path}`, { token: setup.token, json });

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('re-categorises a posted line and adds a planned entry through the screens', async () => {
    await page.goto(`${runtime.baseUrl}/cash-flow?tab=transactions`);
    await page.getByRole('heading', { level: 1, name: 'Cash flow' }).waitFor();
    // The page is a tab of the accounting area.
    await page.getByRole('navigation', { name: 'Accounting', exact: true }).getByRole('link', { name: 'Cash flow' }).waitFor();
    const table = page.getByRole('table', { name: 'Cash-flow transactions' });
    // The expense's line, named as the screen names it: its description, else its journal entry.
    const paid = (await api<{ data: Line[] }>('GET', '/cashflow/transactions?limit=100')).data.find((l) => l.source_type === 'expense')!;
    // The rent account makes the payment "rent and utilities"; the owner files it under expenses.
    expect(paid).toMatchObject({ cash_flow_category: 'rent_and_utilities', original_category: null });
    const name = paid.description || paid.entry_name!;
    await table.getByRole('button', { name: `Change the category of ${name}` }).waitFor(SLOW);
    await table.getByRole('button', { name: `Change the category of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Change category' });
    await dialog.getByLabel('Category', { exact: true }).selectOption('expenses');
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByText('from Rent and utilities').waitFor(SLOW);

    await page.getByRole('button', { name: 'Add planned entry' }).click();
    const entry = page.getByRole('dialog', { name: 'Add a planned entry' });
    await entry.getByLabel('Date', { exact: true }).fill(inDays(14));
    await entry.getByLabel('Amount (JOD)', { exact: true }).fill('300.000');
    await entry.getByLabel('Direction', { exact: true }).selectOption('in');
    await entry.getByLabel('Category', { exact: true }).selectOption('customer_receipts');
    await entry.getByLabel('Description', { exact: true }).fill('Petra Hotels — balance promised');
    await entry.getByRole('button', { name: 'Add entry' }).click();
    await entry.waitFor({ state: 'detached' });
    await table.getByRole('row', { name: /Petra Hotels — balance promised/ }).waitFor(SLOW);

    const lines = await api<{ data: Line[] }>('GET', '/cashflow/transactions?limit=100');
    expect(lines.data.find((l) => l.id === paid.id)).toMatchObject({ cash_flow_category: 'expenses', original_category: 'rent_and_utilities' });
    expect(lines.data.filter((l) => l.is_manual_entry && l.is_planned).map((l) => l.amount).sort()).toEqual(['-120.000', '300.000']);
  });

  it("records a post-dated cheque with its due date from the payment form, and shows it on the payment's page", async () => {
    await page.goto(`${runtime.baseUrl}/sales/payments`);
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a payment received' });
    await dialog.getByLabel('Customer', { exact: true }).selectOption({ label: 'Petra Hotels' });
    await dialog.getByRole('table', { name: 'Open invoices' }).waitFor(SLOW);
    await dialog.getByLabel('Amount', { exact: true }).fill('75.000');
    // No due date until the method is a cheque.
    expect(await dialog.getByLabel('Cheque due date').count()).toBe(0);
    await dialog.getByLabel('Method', { exact: true }).selectOption('cheque');
    await dialog.getByLabel('Cheque due date').fill(inDays(20));
    await dialog.getByLabel('Reference', { exact: true }).fill('CHQ-004417');
    await settle(page);
    await screenshot(page, 'issue-17-cheque-date-en', { fromTop: true });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'detached' });

    const payments = await api<{ data: { id: string; payment_method: string; cheque_due_date: string | null; reference: string | null }[] }>('GET', '/payments?payment_method=cheque');
    const cheque = payments.data.find((p) => p.reference === 'CHQ-004417')!;
    expect(cheque).toMatchObject({ payment_method: 'cheque', cheque_due_date: inDays(20) });
    await page.goto(`${runtime.baseUrl}/payments/${cheque.id}`);
    await page.getByText('Cheque due date', { exact: true }).waitFor(SLOW);
  });

  for (const language of ['en', 'ar'] as const) {
    describe(language === 'en' ? 'in English' : 'in Arabic', () => {
      const texts = TEXTS[language];
      beforeAll(async () => {
        if (language === 'ar') {
          await closeToasts(page);
          await page.getByRole('button', { name: 'العربية' }).click();
          await page.waitForFunction(() => document.documentElement.dir === 'rtl');
        }
      });

      it('shows every tab of the Cash Flow page', async () => {
        await page.goto(`${runtime.baseUrl}/cash-flow`);
        await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
        await page.getByRole('group', { name: texts.balance }).waitFor(SLOW);
        await page.locator('.recharts-line-curve').first().waitFor(SLOW);
        await settle(page);
        await expectLaidOut(page, language);
        await screenshot(page, `issue-17-cashflow-overview-${language}`, { fromTop: true, settleMs: 600 });

        await tab(page, texts.tabs.transactions).click();
        await page.getByRole('table', { name: texts.table }).locator('tbody tr').first().waitFor(SLOW);
        await settle(page);
        await expectLaidOut(page, language);
        await screenshot(page, `issue-17-cashflow-transactions-${language}`, { fromTop: true });

        await tab(page, texts.tabs.forecast).click();
        await page.getByRole('img', { name: new RegExp(`^${texts.forecastChart}`) }).waitFor(SLOW);
        await page.locator('.recharts-line-curve').first().waitFor(SLOW);
        await settle(page);
        await expectLaidOut(page, language);
        await screenshot(page, `issue-17-cashflow-forecast-${language}`, { fromTop: true, settleMs: 600 });

        await tab(page, texts.tabs.accuracy).click();
        await page.getByText(texts.accuracyReady).first().waitFor(SLOW);
        await settle(page);
        await expectLaidOut(page, language);
        await screenshot(page, `issue-17-cashflow-accuracy-${language}`, { fromTop: true });
      });

      if (language === 'ar') {
        it("describes posted lines in the reader's language and keeps the owner's own words", async () => {
          await page.goto(`${runtime.baseUrl}/cash-flow?tab=transactions`);
          const table = page.getByRole('table', { name: texts.table });
          // The payments' lines in Arabic, with the customer's Arabic name; the expense's with the words typed on it.
          await table.getByText(/^دفعة مقبوضة من .فنادق البتراء.$/).first().waitFor(SLOW);
          await table.getByText(/^مصروف: .Electricity and water.$/).waitFor(SLOW);
          await table.getByText('Shop rent — next month', { exact: true }).waitFor(SLOW);
          expect(await table.getByText(/^Payment received from/).count()).toBe(0);
          const lines = await api<{ data: Line[] }>('GET', '/cashflow/transactions?limit=100');
          expect(lines.data.filter((l) => !l.is_manual_entry).every((l) => l.description_narrative)).toBe(true);
          await settle(page);
          await expectLaidOut(page, language);
          await screenshot(page, 'issue-17-descriptions-ar', { fromTop: true });
        });

        it("refuses a cheque's due date before the payment date, in Arabic", async () => {
          await page.goto(`${runtime.baseUrl}/sales/payments`);
          await page.getByRole('button', { name: 'تسجيل مقبوضات' }).click();
          const dialog = page.getByRole('dialog', { name: 'تسجيل دفعة مقبوضة' });
          await dialog.getByLabel('العميل', { exact: true }).selectOption({ label: 'فنادق البتراء' });
          await dialog.getByLabel('المبلغ', { exact: true }).fill('40.000');
          await dialog.getByLabel('طريقة الدفع', { exact: true }).selectOption('cheque');
          await dialog.getByLabel('تاريخ استحقاق الشيك').fill(inDays(-3));
          await dialog.getByRole('button', { name: 'تسجيل الدفعة' }).click();
          await dialog.getByText('لا يمكن أن يكون تاريخ استحقاق الشيك قبل تاريخ الدفعة').waitFor(SLOW);
          await settle(page);
          await expectLaidOut(page, language);
          await screenshot(page, 'issue-17-cheque-date-ar', { fromTop: true });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        });
      }

      it('shows the receivables, payables and working capital analyses on the Financial Reports screen', async () => {
        await page.goto(`${runtime.baseUrl}/accounting/reports?tab=cash-flow`);
        const subTabs = language === 'en' ? ['Receivables', 'Payables', 'Working Capital'] : null;
        // The sub-tabs in the reader's language, found by their order (the third to the fifth).
        const triggers = page.getByRole('tablist').nth(1).getByRole('tab');
        await triggers.nth(2).waitFor(SLOW);
        if (subTabs) expect((await triggers.allInnerTexts()).slice(2, 5)).toEqual(subTabs);
        for (const [index, name] of (['receivables', 'payables', 'working-capital'] as const).entries()) {
          await triggers.nth(2 + index).click();
          await page.getByRole('group', { name: texts.subReady[name] }).first().waitFor(SLOW);
          await settle(page);
          await expectLaidOut(page, language);
          await screenshot(page, `issue-17-reports-${name}-${language}`, { fromTop: true });
        }
      });
    });
  }
});
