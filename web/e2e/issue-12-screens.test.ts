/**
 * Issue 12's "must show" screens, each in English and in Arabic, from one run against the real
 * local runtime: (1) an invoice, (2) its line editor, (3) the invoices list, (4) the reports page,
 * (5) a report preview, (6) the home page, (7) the e-invoicing page of an organization fresh out
 * of the onboarding wizard, and (8) an invitee's first screen after accepting an invitation.
 * They go to web/e2e/screenshots/issue-12-<n>-<screen>-{en,ar}.png. Besides the pictures, each
 * screen is measured: the document's direction, tables and tab lists drawn in reading order, and,
 * in Arabic, no English words on the screen except what a person typed (names of goods, the
 * organization's name, addresses) — server-written memos and contact names come in Arabic.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arReports from '../src/features/reports/locales/ar.json';
import enReports from '../src/features/reports/locales/en.json';
import { drawnSequences, misdirected } from './a11y';
import { CHROMIUM_ARGS, ensureFreshBuild, startRuntime, waitForMail, type Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, SCREENSHOTS } from './session';

const executablePath = chromiumFor('issue 12 screens in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Lina Khoury', email: `lina.${run}@example.jo`, password: 'ledger-owner-2025' };
const invitees = {
  en: { name: 'Sami Odeh', email: `sami.${run}@example.jo`, password: 'ledger-member-2025' },
  ar: { name: 'سامي عودة', email: `sami.ar.${run}@example.jo`, password: 'ledger-member-2025' },
};
const organizationName = `Khoury Stationery ${run}`;
const customer = { name: 'Petra Hotels', name_ar: 'فنادق البتراء' };
/** Typed by the owner: stays as written in both languages. */
const LINES = [
  { description: 'Ballpoint pens (box)', quantity: '3', unit_price: '2.335' },
  { description: 'A4 paper, 500 sheets', quantity: '2', unit_price: '4.750' },
];

type Language = 'en' | 'ar';
const LANGUAGES: readonly Language[] = ['en', 'ar'];
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;
const REPORTS = { en: enReports.reports, ar: arReports.reports };

/** Latin words a person typed (or that are names and codes in every language): allowed on Arabic screens. */
const TYPED = new Set(
  [organizationName, owner.name, owner.email, invitees.en.email, invitees.ar.email, ...LINES.map((l) => l.description), 'Amman', 'Wasfi Al-Tal Street', 'JoFotara', 'XML', 'QR', 'Client-Id', 'Secret-Key', 'PDF', 'CSV', 'Excel', 'English', 'API']
    .flatMap((text) => text.match(/[A-Za-z][A-Za-z-]*/g) ?? [])
    .map((word) => word.toLowerCase()),
);

/** The visible Latin words of `within` that nobody typed, with the text they stand in. */
async function untranslated(page: Page, within: string): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [];
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const value = node.textContent?.trim() ?? '';
      if (!parent || !/[A-Za-z]{2}/.test(value)) continue;
      // Hidden text, inputs' option lists and code (the XML preview) are not read as prose.
      if (parent.closest('pre, code, option, [aria-hidden="true"], .rt-ScreenReaderOnly, [hidden]')) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      found.push(value);
    }
    return found;
  }, within);
  return [...new Set(texts.filter((text) => (text.match(/[A-Za-z][A-Za-z-]*/g) ?? []).some((word) => !TYPED.has(word.toLowerCase()) && !/^(INV|BILL|DRAFT|JOD|JE|PAY|CN)-?$/i.test(word))))];
}

/** The document's direction and language, every table and tab list drawn in reading order, and (Arabic) nothing left in English. */
async function expectReadable(page: Page, language: Language, within = 'body') {
  expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: DIRECTION[language], lang: language });
  // Soft: every screen is still photographed when one of them reads wrong.
  expect.soft(misdirected(await drawnSequences(page, within), DIRECTION[language])).toEqual([]);
  if (language === 'ar') expect.soft(await untranslated(page, within)).toEqual([]);
}

async function switchLanguage(page: Page, language: Language) {
  await closeToasts(page);
  await page.getByRole('button', { name: language === 'ar' ? 'العربية' : 'English' }).click();
  await page.waitForFunction((dir) => document.documentElement.dir === dir, DIRECTION[language]);
}

async function signUpAndVerify(runtime: Runtime, person: { name: string; email: string; password: string }) {
  await callApi(runtime, 'POST', '/users/signup', { json: { email: person.email, password: person.password, full_name: person.name } });
  const code = await waitForMail(runtime.dataDir, person.email, /^\s*(\d{6})\s*$/m);
  await callApi(runtime, 'POST', '/verify-email-code', { json: { email: person.email, code } });
}

/** The sign-in form, found by its fields' types: it is filled in either language. */
async function signIn(page: Page, person: { email: string; password: string }) {
  await page.locator('input[type="email"]').fill(person.email);
  await page.locator('input[type="password"]').fill(person.password);
  await page.locator('form button[type="submit"]').click();
}

const shot = (n: number, screen: string, language: Language) => `issue-12-${n}-${screen}-${language}`;

describe.skipIf(!executablePath)('issue 12 screens in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let token: string;
  let organizationId: string;
  let invoice: { id: string; number: string };
  let draftId: string;
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${organizationId}${path}`, { token, json });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await ensureFreshBuild();
    runtime = await startRuntime();
    await signUpAndVerify(runtime, owner);
    browser = await chromium.launch({ executablePath: executablePath!, args: CHROMIUM_ARGS });
    page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } })).newPage();
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('(7) the e-invoicing page of an organization fresh out of onboarding', async () => {
    await page.goto(`${runtime.baseUrl}/login`);
    await signIn(page, owner);
    await page.getByRole('heading', { name: 'Set up your organization' }).waitFor();
    await page.getByLabel('Organization name').fill(organizationName);
    await page.getByLabel('Governorate').selectOption({ label: 'Amman' });
    await page.getByLabel('City').fill('Amman');
    await page.getByLabel('Address').fill('Wasfi Al-Tal Street 12');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Fiscal year' }).waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Tax registration' }).waitFor();
    await page.getByLabel('Taxpayer track').selectOption({ label: 'General sales tax' });
    await page.getByLabel('Tax number').fill('10203040');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Invite your team' }).waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    token = (await page.evaluate(() => localStorage.getItem('access_token')))!;
    organizationId = (await page.evaluate(() => localStorage.getItem('currentOrganizationId')))!;
    expect(token && organizationId).toBeTruthy();

    for (const language of LANGUAGES) {
      if (language === 'ar') await switchLanguage(page, 'ar');
      await page.goto(`${runtime.baseUrl}/settings/e-invoicing`);
      await page.locator('main h1').first().waitFor();
      await page.locator('main form input').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectReadable(page, language, 'main');
      await screenshot(page, shot(7, 'einvoicing-fresh', language), { fromTop: true });
    }
    await switchLanguage(page, 'en');
  });

  describe('an organization at work', () => {
    beforeAll(async () => {
      await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
      const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
      const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16);
      if (!standard) throw new Error(`No 16% sales tax after the Jordan set-up: ${JSON.stringify(taxes.data)}`);
      const buyer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', ...customer, tax_number: '87654321', governorate: 'JO-AQ' });
      const today = new Date().toISOString().slice(0, 10);
      const lines = LINES.map((line) => ({ ...line, tax_id: standard.id }));
      const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', { contact_id: buyer.id, issue_date: today, lines });
      invoice = await api<{ id: string; number: string }>('POST', `/invoices/${draft.id}/confirm`);
      // 3 × 2.335 + 2 × 4.750 = 16.505, + 16% = 19.146: half of it paid.
      await api('POST', '/payments', {
        payment_type: 'received',
        payment_method: 'bank_transfer',
        date: today,
        contact_id: buyer.id,
        amount: '10.000',
        allocations: [{ invoice_id: invoice.id, amount: '10.000' }],
      });
      draftId = (await api<{ id: string }>('POST', '/invoices/with-line-items', { contact_id: buyer.id, issue_date: today, lines })).id;
    });

    for (const language of LANGUAGES) {
      describe(language === 'en' ? 'in English' : 'in Arabic', () => {
        beforeAll(async () => {
          await page.goto(`${runtime.baseUrl}/`);
          await page.locator('main h1').first().waitFor();
          if (language === 'ar') await switchLanguage(page, 'ar');
        });

        it('(1) the invoice, with its journal entry in the reader’s language', async () => {
          await page.goto(`${runtime.baseUrl}/sales/invoices/${invoice.id}`);
          await page.getByRole('heading', { level: 1, name: new RegExp(invoice.number) }).waitFor();
          const memo = language === 'ar' ? `الفاتورة ${invoice.number}` : `Invoice ${invoice.number}`;
          await page.locator('main table tr').filter({ hasText: /\b1200\b/ }).first().waitFor();
          // The customer's name arrives with its own request (the field shows «…» until then).
          const customerName = language === 'ar' ? customer.name_ar : customer.name;
          await page.locator('main').getByText(customerName).first().waitFor();
          // Without the bidi isolates that keep the number whole inside Arabic.
          const shown = (await page.locator('main').innerText()).replace(/[\u2066-\u2069]/g, '');
          expect(shown).toContain(memo);
          expect(shown).toContain(customerName);
          await expectReadable(page, language, 'main');
          await screenshot(page, shot(1, 'invoice', language), { fromTop: true });
        });

        it('(2) its line editor', async () => {
          await page.goto(`${runtime.baseUrl}/sales/invoices/${draftId}/edit`);
          const form = page.getByRole('form');
          await expect.poll(() => form.locator('table input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain(LINES[1]!.description);
          await expectReadable(page, language, 'main');
          // The whole grid on a 1280 px screen: no column cut off at the far side behind a scroll.
          const grid = await form.locator('.table-scroll').first().evaluate((el) => ({
            scroll: el.scrollWidth,
            client: el.clientWidth,
            columns: [...el.querySelectorAll('thead th')].map((th) => `${th.textContent}=${Math.round(th.getBoundingClientRect().width)}`).join(' '),
          }));
          expect.soft(grid.scroll, grid.columns).toBeLessThanOrEqual(grid.client);
          await screenshot(page, shot(2, 'line-editor', language), { fromTop: true });
        });

        it('(3) the invoices list', async () => {
          await page.goto(`${runtime.baseUrl}/sales/invoices`);
          await page.getByRole('link', { name: invoice.number, exact: true }).waitFor();
          await page.locator('main table').getByText(language === 'ar' ? customer.name_ar : customer.name).first().waitFor();
          await expectReadable(page, language, 'main');
          await screenshot(page, shot(3, 'invoices', language), { fromTop: true });
        });

        it('(4) the reports page and (5) a report preview', async () => {
          const reports = REPORTS[language];
          await page.goto(`${runtime.baseUrl}/accounting/reports`);
          const card = page.getByRole('article', { name: reports.catalogue['profit-loss'].title });
          await card.waitFor();
          await expectReadable(page, language, 'main');
          await screenshot(page, shot(4, 'reports', language), { fromTop: true });

          await card.getByRole('button', { name: reports.preview.button }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('table').first().waitFor();
          await expectReadable(page, language, '[role=dialog]');
          await screenshot(page, shot(5, 'report-preview', language), { fullPage: false, settleMs: 400 });
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        });

        it('(6) the home page', async () => {
          await page.goto(`${runtime.baseUrl}/`);
          await page.getByRole('heading', { level: 1, name: new RegExp(owner.name) }).waitFor();
          await page.waitForLoadState('networkidle');
          await expectReadable(page, language, 'main');
          await screenshot(page, shot(6, 'home', language), { fromTop: true });
        });
      });
    }

    it("(8) an invitee's first screen after accepting the invitation", async () => {
      for (const language of LANGUAGES) {
        const invitee = invitees[language];
        await api('POST', '/invitations', { email: invitee.email, role: 'member' });
        const link = await waitForMail(runtime.dataDir, invitee.email, /(https?:\/\/\S+\/accept-invitation\?token=[\w-]+)/);
        await signUpAndVerify(runtime, invitee);
        const context = await browser.newContext({ locale: language === 'ar' ? 'ar-JO' : 'en-US', viewport: { width: 1280, height: 860 } });
        try {
          const inviteePage = await context.newPage();
          inviteePage.setDefaultTimeout(60_000);
          await inviteePage.goto(`${runtime.baseUrl}/login`);
          await inviteePage.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
          await inviteePage.goto(link);
          await inviteePage.getByText(organizationName).first().waitFor();
          await inviteePage.locator('a[href="/login"]').click();
          await inviteePage.waitForURL((url) => url.pathname === '/login');
          await signIn(inviteePage, invitee);
          await inviteePage.waitForURL((url) => url.pathname === '/');
          await inviteePage.getByRole('heading', { level: 1, name: new RegExp(invitee.name) }).waitFor();
          await expect.poll(() => inviteePage.evaluate(() => localStorage.getItem('currentOrganizationId'))).toBe(organizationId);
          await inviteePage.waitForLoadState('networkidle');
          // The organization's set-up checklist is its admins' business, not a newcomer's.
          await inviteePage.getByRole('region', { name: language === 'ar' ? 'مبيعات هذا الشهر' : 'Sales this month' }).waitFor();
          expect(await inviteePage.getByRole('region', { name: language === 'ar' ? 'الخطوات الأولى' : 'First steps' }).count()).toBe(0);
          await expectReadable(inviteePage, language, 'main');
          await screenshot(inviteePage, shot(8, 'invitee-first-screen', language), { fromTop: true });
        } finally {
          await context.close();
        }
      }
    });
  });
});
