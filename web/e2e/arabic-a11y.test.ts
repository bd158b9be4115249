/**
 * Issue 12, "Arabic, all the way": the main screens in English and in Arabic, each checked with
 * axe-core (no serious or critical WCAG 2.2 A/AA violation) and, in Arabic, measured: every table
 * and tab list computes `direction: rtl` and draws its first column (or tab) at the right, the
 * VAT return preview keeps "16%" whole, and Tab walks an invoice line from right to left. The
 * header stays on one row at common laptop widths. A screenshot of each screen in each language
 * goes to web/e2e/screenshots/<screen>-{en,ar}.png.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arFeatures from '../src/features/reports/locales/ar.json';
import enFeatures from '../src/features/reports/locales/en.json';
import { drawnSequences, expectNoSeriousViolations, misdirected } from './a11y';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('Arabic and accessibility in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Huda Haddad', email: `huda.${run}@example.jo`, password: 'ledger-owner-2025' };
/** Long on purpose: the header shortens it rather than taking a second row. */
const organizationName = `Haddad Office Supplies and Trading Company ${run}`;
const customer = { name: 'Petra Hotels', name_ar: 'فنادق البتراء' };

type Language = 'en' | 'ar';
const LANGUAGES: readonly Language[] = ['en', 'ar'];
const DIRECTION = { en: 'ltr', ar: 'rtl' } as const;
const REPORTS = { en: enFeatures.reports, ar: arFeatures.reports };

interface Setup extends OwnerSession {
  invoiceId: string;
  invoiceNumber: string;
  billNumber: string;
}

/** One confirmed sales invoice and purchase bill at 16%, a customer, a supplier and e-invoicing settings. */
async function setUp(runtime: Runtime): Promise<Setup> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `/organizations/${organizationId}${path}`, { token, json });
  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16);
  if (!standard) throw new Error(`No 16% sales tax after the Jordan set-up: ${JSON.stringify(taxes.data)}`);
  const accounts = await api<{ data: { id: string }[] }>('GET', '/accounts?subtype=office_supplies');
  const officeSupplies = accounts.data[0]?.id;
  if (!officeSupplies) throw new Error('No office supplies account in the default chart');
  await api('PUT', '/e-invoicing/settings', {
    seller_tin: '10203040',
    registered_name_ar: 'شركة حداد للقرطاسية',
    registered_name_en: 'Haddad Office Supplies',
    income_source_sequence: '9932895',
    taxpayer_track: 'general_sales',
    client_id: 'daftar-simulator-client-id',
    secret_key: 'daftar-simulator-secret-key',
  });

  const today = new Date().toISOString().slice(0, 10);
  const buyer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', ...customer, tax_number: '87654321' });
  const seller = await api<{ id: string }>('POST', '/contacts', { contact_type: 'supplier', name: 'Zarqa Paper Mills', name_ar: 'مصانع ورق الزرقاء' });
  const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', {
    contact_id: buyer.id,
    issue_date: today,
    lines: [
      { description: 'Ballpoint pens (box)', quantity: '3', unit_price: '2.335', tax_id: standard.id },
      { description: 'A4 paper, 500 sheets', quantity: '2', unit_price: '4.750', tax_id: standard.id },
    ],
  });
  const invoice = await api<{ id: string; number: string }>('POST', `/invoices/${draft.id}/confirm`);
  const billDraft = await api<{ id: string }>('POST', '/bills/with-line-items', {
    contact_id: seller.id,
    issue_date: today,
    lines: [{ description: 'Copy paper, 40 reams', quantity: '40', unit_price: '2.100', tax_id: standard.id, account_id: officeSupplies }],
  });
  const bill = await api<{ id: string; number: string }>('POST', `/bills/${billDraft.id}/confirm`);
  return { token, organizationId, invoiceId: invoice.id, invoiceNumber: invoice.number, billNumber: bill.number };
}

interface Screen {
  /** The screenshot's name: <name>-en.png, <name>-ar.png. */
  name: string;
  path: (setup: Setup) => string;
  /** Waits for the screen's content (not only its frame) to be on screen. */
  ready: (page: Page, setup: Setup, language: Language) => Promise<void>;
}

const h1 = (page: Page) => page.locator('main h1').first();
const rowsOf = (page: Page) => page.locator('main table tbody tr');

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: (page) => page.getByRole('heading', { level: 1, name: new RegExp(owner.name) }).waitFor() },
  { name: 'invoices', path: () => '/sales/invoices', ready: (page, setup) => page.getByRole('link', { name: setup.invoiceNumber, exact: true }).waitFor() },
  {
    name: 'invoice-detail',
    path: (setup) => `/sales/invoices/${setup.invoiceId}`,
    ready: async (page, setup) => {
      await page.getByRole('heading', { level: 1, name: new RegExp(setup.invoiceNumber) }).waitFor();
      // The posted journal entry, with its receivable line.
      await page.locator('main table tr').filter({ hasText: /\b1200\b/ }).first().waitFor();
    },
  },
  {
    name: 'invoice-form',
    path: () => '/sales/invoices/new',
    ready: async (page) => {
      const form = page.getByRole('form');
      await form.locator('table input').first().waitFor();
      await expect.poll(() => form.locator('option').allInnerTexts()).toContainEqual(expect.stringMatching(new RegExp(`${customer.name}|${customer.name_ar}`)));
    },
  },
  { name: 'bills', path: () => '/purchases/bills', ready: (page, setup) => page.getByRole('link', { name: setup.billNumber, exact: true }).waitFor() },
  {
    name: 'contacts',
    path: () => '/sales/customers',
    ready: (page) => page.locator('main table').getByText(new RegExp(`^(${customer.name}|${customer.name_ar})$`)).first().waitFor(),
  },
  { name: 'chart', path: () => '/accounting/chart', ready: (page) => page.getByRole('cell', { name: '1200', exact: true }).first().waitFor() },
  {
    name: 'journal',
    path: () => '/accounting/journal',
    ready: async (page) => {
      await h1(page).waitFor();
      await rowsOf(page).first().waitFor();
    },
  },
  {
    name: 'reports-catalogue',
    path: () => '/accounting/reports',
    ready: async (page, _setup, language) => {
      await page.getByRole('article', { name: REPORTS[language].catalogue['vat-return'].title }).waitFor();
    },
  },
  {
    name: 'settings-einvoicing',
    path: () => '/settings/e-invoicing',
    ready: async (page) => {
      await h1(page).waitFor();
      await expect.poll(() => page.locator('main input').evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).value === '10203040'))).toBe(true);
    },
  },
];

/** The header's height and whether its first and last controls share one row. */
const headerRows = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const middles = [...header.querySelectorAll('a, button, select')]
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => box.top + box.height / 2)
      .sort((a, b) => a - b);
    // A new row starts where a control's middle is more than half a row below the one before.
    const rows = middles.filter((middle, i) => i === 0 || middle - middles[i - 1]! > 16).length;
    return { height: Math.round(header.getBoundingClientRect().height), rows };
  });

/** Centres of the controls Tab visits from the first control of `row` on, until focus leaves the row. */
async function tabWalk(page: Page, row: Locator): Promise<{ x: number; name: string }[]> {
  await row.locator('input, select').first().focus();
  const visited: { x: number; name: string }[] = [];
  for (let step = 0; step < 12; step++) {
    const here = await row.evaluate((tr) => {
      const el = document.activeElement;
      if (!el || !tr.contains(el)) return null;
      const box = el.getBoundingClientRect();
      return { x: Math.round(box.left + box.width / 2), name: el.getAttribute('aria-label') ?? el.tagName };
    });
    if (!here) break;
    visited.push(here);
    await page.keyboard.press('Tab');
  }
  return visited;
}

describe.skipIf(!executablePath)('Arabic and accessibility in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: Setup;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 860 } }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  for (const language of LANGUAGES) {
    describe(language === 'en' ? 'in English' : 'in Arabic', () => {
      beforeAll(async () => {
        await page.goto(`${runtime.baseUrl}/`);
        await h1(page).waitFor();
        if (language === 'ar') {
          await closeToasts(page);
          await page.getByRole('button', { name: 'العربية' }).click();
        }
        await page.waitForFunction((dir) => document.documentElement.dir === dir, DIRECTION[language]);
      });

      for (const screen of SCREENS) {
        it(`${screen.name}: no serious or critical axe violation; tables and tabs run ${DIRECTION[language]}`, async () => {
          await page.goto(`${runtime.baseUrl}${screen.path(setup)}`);
          await screen.ready(page, setup, language);
          expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: DIRECTION[language], lang: language });
          await closeToasts(page);
          await expectNoSeriousViolations(page, `${screen.name} (${language})`);

          const sequences = await drawnSequences(page, 'body');
          expect(sequences.length, 'tables and tab lists measured').toBeGreaterThan(0);
          expect(misdirected(sequences, DIRECTION[language])).toEqual([]);
          await screenshot(page, `${screen.name}-${language}`, { fromTop: true });
        });
      }

      it('the VAT return preview: a table in the reading direction, "16%" kept whole', async () => {
        const reports = REPORTS[language];
        await page.goto(`${runtime.baseUrl}/accounting/reports`);
        const card = page.getByRole('article', { name: reports.catalogue['vat-return'].title });
        await card.getByRole('button', { name: reports.preview.button }).click();
        // Titled by the report as the server writes it ("إقرار ضريبة المبيعات العامة" in Arabic).
        const dialog = page.getByRole('dialog');
        const sales = dialog.getByRole('row').filter({ hasText: /16\s?%/ }).first();
        await sales.waitFor();
        await expectNoSeriousViolations(page, `VAT return preview (${language})`, { include: '[role=dialog]' });
        expect(misdirected(await drawnSequences(page, '[role=dialog]'), DIRECTION[language])).toEqual([]);

        // Where the browser drew the "16" and the "%" of the sales row's label: side by side, at the
        // end of the label: "16%" at the right in English; at the left, read "16 %" from the right,
        // in Arabic (as Arabic writes a percentage). Never the "%" apart at the other side.
        const drawn = await sales.locator('th, td').first().evaluate((cell) => {
          const text = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT).nextNode()!;
          const value = text.textContent ?? '';
          const box = (from: number, to: number) => {
            const range = document.createRange();
            range.setStart(text, from);
            range.setEnd(text, to);
            const { left, right } = range.getBoundingClientRect();
            return { left, right };
          };
          const digits = value.indexOf('16%');
          const { left, right } = cell.getBoundingClientRect();
          return { value, digits: box(digits, digits + 2), percent: box(digits + 2, digits + 3), line: box(0, value.length), cell: { left, right } };
        });
        expect(drawn.value).toMatch(/16%/);
        const { digits, percent, line } = drawn;
        const where = `"${drawn.value}": 16 at ${Math.round(digits.left)}–${Math.round(digits.right)}, % at ${Math.round(percent.left)}–${Math.round(percent.right)}, line ${Math.round(line.left)}–${Math.round(line.right)}`;
        if (language === 'ar') {
          expect(Math.abs(digits.left - percent.right), where).toBeLessThan(2);
          expect(percent.left - line.left, where).toBeLessThan(2);
          expect(drawn.cell.right - line.right, 'the Arabic label starts at the right').toBeLessThan(line.left - drawn.cell.left);
        } else {
          expect(Math.abs(percent.left - digits.right), where).toBeLessThan(2);
          expect(line.right - percent.right, where).toBeLessThan(2);
        }
        await screenshot(page, `vat-preview-${language}`, { fullPage: false, settleMs: 400 });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      });

      it(`Tab walks an invoice line ${language === 'ar' ? 'from right to left' : 'from left to right'}`, async () => {
        await page.goto(`${runtime.baseUrl}/sales/invoices/new`);
        const form = page.getByRole('form');
        const line = form.locator('table').filter({ has: page.locator('tbody input') }).first().locator('tbody tr').first();
        await line.locator('input').first().waitFor();
        const visited = await tabWalk(page, line);
        expect(visited.length, visited.map((v) => v.name).join(' → ')).toBeGreaterThanOrEqual(5);
        const xs = visited.map((v) => v.x);
        const ordered = language === 'ar' ? [...xs].sort((a, b) => b - a) : [...xs].sort((a, b) => a - b);
        expect(xs, visited.map((v) => `${v.name} @${v.x}`).join(' → ')).toEqual(ordered);
        expect(new Set(xs).size).toBe(xs.length);
      });

      it('keeps the header on one row at 1280, 1366 and 1440 px, and toasts below it', async () => {
        await page.goto(`${runtime.baseUrl}/sales/invoices`);
        await page.getByRole('link', { name: setup.invoiceNumber, exact: true }).waitFor();
        for (const width of [1280, 1366, 1440]) {
          await page.setViewportSize({ width, height: 860 });
          await expect.poll(() => headerRows(page), { message: `header at ${width} px` }).toEqual({ height: expect.any(Number), rows: 1 });
          expect((await headerRows(page)).height, `header height at ${width} px`).toBeLessThanOrEqual(64);
        }
        await page.setViewportSize({ width: 1280, height: 860 });

        // A real toast (copying the simulator's Client-Id on the e-invoicing settings) opens below
        // the header, at the end side of the page, over none of the header's controls.
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.goto(`${runtime.baseUrl}/settings/e-invoicing`);
        await page.locator('main').getByRole('button', { name: /Client-Id/ }).first().click();
        const toast = page.locator('.toast').first();
        await toast.waitFor();
        const placement = await page.evaluate(() => {
          const box = (el: Element) => {
            const { left, top, right, bottom } = el.getBoundingClientRect();
            return { left, top, right, bottom };
          };
          const header = document.querySelector('header')!;
          return {
            header: box(header),
            controls: [...header.querySelectorAll('a, button, select')].map(box).filter((b) => b.right > b.left),
            toast: box(document.querySelector('.toast')!),
            width: document.documentElement.clientWidth,
          };
        });
        const overlaps = (a: typeof placement.toast, b: typeof placement.toast) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(placement.toast.top).toBeGreaterThanOrEqual(placement.header.bottom);
        expect(placement.controls.filter((control) => overlaps(control, placement.toast))).toEqual([]);
        const [startGap, endGap] = language === 'ar' ? [placement.width - placement.toast.right, placement.toast.left] : [placement.toast.left, placement.width - placement.toast.right];
        expect(endGap, 'the toast sits at the end side').toBeLessThan(startGap);
        await closeToasts(page);
      });
    });
  }
});
