/**
 * The Financial Reports screen in a real Chromium against the real local runtime (issue 5). The
 * books (an organization registered for Jordan's sales tax, two confirmed invoices, a payment
 * received, a confirmed bill paid from the bank, an approved expense) are written through the HTTP
 * API; everything after that is done on the screen: tabs, periods, search, a preview, Generate in
 * PDF, Excel and CSV, the cash-flow exports and a bulk export, each downloaded file opened and
 * checked, then the screen again in Arabic.
 */
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { todayInZone } from '@daftar/shared/reportPeriods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('financial reports in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rami Saleh', email: `rami.${run}@example.jo`, password: 'ledger-owner-2025' };
const organizationName = `Saleh Trading ${run}`;
/** The documents are dated today in the organization's zone (Asia/Amman), so they fall in the current month. */
const today = todayInZone('Asia/Amman');

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
/** Radix repeats a tab's label in a hidden span, so a tab's name starts with its label. */
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label.replace(/[&()]/g, '\\$&')}`) });

/** The books the reports read: sales, a collection, a purchase, a supplier payment and an expense. */
async function setUp(runtime: Runtime): Promise<OwnerSession> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040', taxpayer_track: 'general_sales' });
  const org = `/organizations/${organizationId}`;
  const api = <T>(method: string, path: string, json?: unknown) => callApi<T>(runtime, method, `${org}${path}`, { token, json });

  await api('POST', '/taxes/jordan-gst/setup?gst_registration_number=10203040');
  const taxes = await api<{ data: { id: string; rate: string; tax_category: string }[] }>('GET', '/taxes/list');
  const standard = taxes.data.find((tax) => tax.tax_category === 'standard' && Number(tax.rate) === 16);
  if (!standard) throw new Error(`No 16% sales tax after the Jordan set-up: ${JSON.stringify(taxes.data)}`);
  const account = async (subtype: string) => {
    const found = await api<{ data: { id: string }[] }>('GET', `/accounts?subtype=${subtype}`);
    if (!found.data[0]) throw new Error(`No ${subtype} account in the default chart`);
    return found.data[0].id;
  };
  const [bank, officeSupplies, rent] = await Promise.all([account('bank'), account('office_supplies'), account('rent')]);

  const customer = await api<{ id: string }>('POST', '/contacts', { contact_type: 'customer', name: 'Petra Hotels', name_ar: 'فنادق البتراء', tax_number: '87654321' });
  const supplier = await api<{ id: string }>('POST', '/contacts', { contact_type: 'supplier', name: 'Zarqa Paper Mills', name_ar: 'مصانع ورق الزرقاء' });

  const invoice = async (lines: unknown[]) => {
    const draft = await api<{ id: string }>('POST', '/invoices/with-line-items', { contact_id: customer.id, issue_date: today, lines });
    return api<{ id: string; gross_total: string }>('POST', `/invoices/${draft.id}/confirm`);
  };
  const first = await invoice([
    { description: 'Ballpoint pens (box)', quantity: '30', unit_price: '2.335', tax_id: standard.id },
    { description: 'A4 paper, 500 sheets', quantity: '20', unit_price: '4.750', tax_id: standard.id },
  ]);
  const second = await invoice([{ description: 'Office chairs', quantity: '4', unit_price: '45.000', tax_id: standard.id }]);
  // The first invoice paid in full, the second in part: the rest stays receivable.
  await api('POST', '/payments', {
    payment_type: 'received',
    contact_id: customer.id,
    payment_method: 'bank_transfer',
    account_id: bank,
    date: today,
    amount: first.gross_total,
    allocations: [{ invoice_id: first.id, amount: first.gross_total }],
  });
  await api('POST', '/payments', {
    payment_type: 'received',
    contact_id: customer.id,
    payment_method: 'bank_transfer',
    account_id: bank,
    date: today,
    amount: '150.000',
    allocations: [{ invoice_id: second.id, amount: '150.000' }],
  });

  const billDraft = await api<{ id: string }>('POST', '/bills/with-line-items', {
    contact_id: supplier.id,
    issue_date: today,
    lines: [{ description: 'Copy paper, 40 reams', quantity: '40', unit_price: '2.100', tax_id: standard.id, account_id: officeSupplies }],
  });
  const bill = await api<{ id: string; gross_total: string }>('POST', `/bills/${billDraft.id}/confirm`);
  await api('POST', `/bills/${bill.id}/payments`, { payment_method: 'bank_transfer', account_id: bank, date: today, amount: '50.000' });

  const category = await api<{ id: string }>('POST', '/expense-categories', { name: 'Shop rent', name_ar: 'إيجار المحل', account_id: rent });
  const expense = await api<{ id: string }>('POST', '/expenses', {
    date: today,
    category_id: category.id,
    description: 'Rent for the month',
    amount: '150.000',
    paid_from_account_id: bank,
  });
  await api('POST', `/expenses/${expense.id}/submit`);
  await api('POST', `/expenses/${expense.id}/approve`);
  return { token, organizationId };
}

/** Clicks, waits for the file the click downloads, and returns its name and bytes. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return { name: (file as Download).suggestedFilename(), bytes: readFileSync(await (file as Download).path()) };
}

function expectPdf(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

function expectXlsx(bytes: Buffer) {
  const entries = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(entries)).toContain('xl/workbook.xml');
  expect(strFromU8(entries['xl/workbook.xml']!)).toContain('<workbook');
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('Unterminated quoted CSV field');
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

function expectCsv(bytes: Buffer): string[][] {
  // UTF-8 byte order mark, so Excel opens Arabic as Arabic.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parseCsv(bytes.subarray(3).toString('utf8'));
  expect(rows.length).toBeGreaterThan(1);
  return rows;
}

describe.skipIf(!executablePath)('financial reports in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: OwnerSession;

  beforeAll(async () => {
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('lists the catalogue, searches and filters it, and previews a report for the chosen period', async () => {
    // The SPEC's address of the screen lands on it.
    await page.goto(`${runtime.baseUrl}/_layout/accounting/reports`);
    await page.getByRole('heading', { name: 'Financial Reports', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accounting/reports');
    const grid = page.getByRole('list', { name: 'Reports', exact: true });
    await expect.poll(() => grid.getByRole('article').count()).toBe(13);
    await page.getByRole('listitem', { name: 'Available Reports: 13' }).waitFor();

    const search = page.getByPlaceholder('Search reports...');
    await search.fill('trial');
    await expect.poll(() => grid.getByRole('article').count()).toBe(1);
    await search.fill('no such report');
    await page.getByText('No reports match your search criteria').waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect.poll(() => grid.getByRole('article').count()).toBe(13);
    await page.getByLabel('Category', { exact: true }).selectOption('tax');
    await expect.poll(() => grid.getByRole('article').count()).toBe(2);
    await page.getByLabel('Category', { exact: true }).selectOption('all');
    await page.getByLabel('Period', { exact: true }).selectOption('current_year');
    await screenshot(page, 'reports', { settleMs: 400 });

    // The same figures as the profit-and-loss call, for the period chosen on the screen.
    const profitLoss = await callApi<{ net_income: string; total_income: string }>(
      runtime,
      'GET',
      `/organizations/${setup.organizationId}/reports/profit-loss?period=current_year`,
      { token: setup.token },
    );
    expect(Number(profitLoss.total_income)).toBeGreaterThan(0);
    await page.getByRole('article', { name: 'Profit & Loss Statement' }).getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profit & Loss Statement' });
    const table = dialog.getByRole('table').first();
    await table.waitFor();
    const netIncome = await text(table.getByRole('row').filter({ hasText: 'Net income' }).last());
    expect(netIncome.replace(/,/g, '')).toContain(profitLoss.net_income.replace(/^-/, ''));
    expect(await text(dialog)).toContain(organizationName);
    await screenshot(page, 'reports-preview', { settleMs: 400 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('generates reports as PDF, Excel and CSV', async () => {
    const generate = async (title: string, format: 'PDF' | 'Excel' | 'CSV') =>
      download(page, async () => {
        await closeToasts(page);
        await page.getByRole('article', { name: title }).getByRole('button', { name: 'Generate' }).click();
        await page.getByRole('menuitem', { name: format }).click();
      });

    const pdf = await generate('Profit & Loss Statement', 'PDF');
    expect(pdf.name).toBe(`profit-loss-${organizationName}-${today}.pdf`);
    expectPdf(pdf.bytes);
    await page.getByText('Profit & Loss Statement downloaded as PDF.').waitFor();

    const excel = await generate('Balance Sheet', 'Excel');
    expect(excel.name).toMatch(new RegExp(`-${organizationName}-${today}\\.xlsx$`));
    expectXlsx(excel.bytes);

    const csv = await generate('Trial Balance', 'CSV');
    expect(csv.name).toMatch(new RegExp(`-${organizationName}-${today}\\.csv$`));
    const rows = expectCsv(csv.bytes);
    expect(rows.flat().join(' ')).toMatch(/Accounts receivable/);
  });

  it('bulk-exports the visible reports as one zip', async () => {
    await page.getByLabel('Category', { exact: true }).selectOption('financial');
    // The last download's toast sits over the page's top-end actions until it times out.
    await closeToasts(page);
    await page.getByRole('button', { name: 'Bulk Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Export' });
    await dialog.getByRole('radio', { name: 'CSV' }).click();
    const zip = await download(page, () => dialog.getByRole('button', { name: 'Export 4 reports' }).click());
    expect(zip.name).toBe(`reports-${organizationName}-${today}.zip`);
    const files = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(files)).toHaveLength(4);
    for (const bytes of Object.values(files)) expectCsv(Buffer.from(bytes));
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Category', { exact: true }).selectOption('all');
  });

  it('shows the cash flow reports for a period, with the category chart, and exports the statement', async () => {
    await closeToasts(page);
    await tab(page, 'Cash Flow Reports').click();
    await tab(page, 'Cash Flow Statement').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('cash-flow');

    const statement = await callApi<{ ending_cash_balance: string; net_operating_cash_flow: string }>(
      runtime,
      'GET',
      `/organizations/${setup.organizationId}/reports/cash-flow-statement?period=current_month`,
      { token: setup.token },
    );
    const ending = page.getByRole('group', { name: 'Ending Cash' });
    await expect.poll(async () => (await text(ending)).replace(/,/g, '')).toContain(statement.ending_cash_balance.replace(/^-/, ''));
    await page.getByRole('list', { name: 'Operating Activities' }).waitFor();

    await page.getByLabel('Period', { exact: true }).selectOption('current_year');
    await tab(page, 'Category Analysis').click();
    const chart = page.getByRole('img', { name: 'Cash Flow by Category (All)' });
    await chart.waitFor();
    await expect.poll(() => chart.locator('.recharts-pie-sector').count()).toBeGreaterThan(0);
    expect(await page.getByRole('list', { name: 'Categories' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await screenshot(page, 'reports-cash-flow-categories', { settleMs: 400 });
    await page.getByLabel('Category type', { exact: true }).selectOption('expenses');
    await page.getByRole('img', { name: 'Cash Flow by Category (Expenses)' }).waitFor();
    await page.getByLabel('Category type', { exact: true }).selectOption('all');
    await tab(page, 'Cash Flow Statement').click();
    await page.getByRole('group', { name: 'Ending Cash' }).waitFor();
    await screenshot(page, 'reports-cash-flow', { settleMs: 400 });

    const exports = page.getByRole('group', { name: 'Export cash flow statement' });
    const exported = async (format: 'PDF' | 'Excel' | 'CSV') => {
      await closeToasts(page);
      const file = await download(page, () => exports.getByRole('button', { name: format }).click());
      await page.getByText(`Cash flow statement downloaded as ${format.toUpperCase()}.`).waitFor();
      await expect.poll(() => exports.getAttribute('data-export-state')).toBe('idle');
      return file;
    };
    const pdf = await exported('PDF');
    expect(pdf.name).toBe(`cash-flow-statement-${organizationName}-${today}.pdf`);
    expectPdf(pdf.bytes);
    const excel = await exported('Excel');
    expect(excel.name).toBe(`cash-flow-statement-${organizationName}-${today}.xlsx`);
    expectXlsx(excel.bytes);
    const csv = await exported('CSV');
    expect(csv.name).toBe(`cash-flow-statement-${organizationName}-${today}.csv`);
    expect(expectCsv(csv.bytes).flat().join(' ')).toMatch(/Operating/i);
  });

  it('reads the screen in Arabic, right to left', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { name: 'التقارير المالية', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await tab(page, 'قائمة التدفقات النقدية').waitFor();
    await page.getByRole('group', { name: 'النقد في نهاية الفترة' }).waitFor();
    await screenshot(page, 'reports-cash-flow-ar', { settleMs: 400 });
    await tab(page, 'جميع التقارير').click();
    await page.getByRole('article', { name: 'قائمة الدخل' }).waitFor();
    await page.getByRole('listitem', { name: 'التقارير المتاحة: 13' }).waitFor();
    await screenshot(page, 'reports-ar', { settleMs: 400 });
  });
});
