/**
 * The analytics dashboard in a real Chromium against the real local runtime (issue 5). The books
 * are written through the HTTP API — an owner, customers, confirmed invoices (two of them overdue),
 * a payment received and an approved expense — and the screen is then read the way a person reads
 * it: its figures must be the ones the API reports, the period select must ask for that period, the
 * analytics must be live (not the sample fallback) and the charts drawn, in English and in Arabic.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from './runtime';
import { callApi, chromiumFor, closeToasts, screenshot, signUpOwner, startSignedIn, type OwnerSession } from './session';

const executablePath = chromiumFor('analytics dashboard in Chromium');

const run = Date.now().toString(36);
const owner = { name: 'Rania Haddad', email: `rania.${run}@example.jo`, password: 'ledger-owner-2025' };
const organizationName = `Haddad Trading ${run}`;

/** Calendar days from today (UTC; the runtime's Asia/Amman day may differ by one, which these tests tolerate). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** "1234.5" → "1,234.500": how the screen writes a JOD amount's digits (Latin digits in Arabic too). */
const digits = (amount: string) =>
  Math.abs(Number(amount)).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

interface DashboardMetrics {
  financial_summary: { total_revenue_ytd: string; total_expenses_ytd: string; net_income_ytd: string; total_assets: string; total_liabilities: string };
  current_cash_position: string;
}
interface ReceivablesAnalysis {
  total_outstanding: string;
  overdue_amount: string;
  collection_risk_level: string;
  top_customers: { customer_name: string; outstanding_amount: string }[];
}
interface RevenueAnalytics {
  total_revenue: string;
  revenue_trends: { period: string; revenue: string }[];
  top_revenue_sources: Record<string, string>[];
}

async function setUp(runtime: Runtime): Promise<OwnerSession> {
  const { token, organizationId } = await signUpOwner(runtime, owner, { name: organizationName, governorate: 'JO-AM', city: 'Amman', tax_number: '10203040' });
  const org = `/organizations/${organizationId}`;
  const customer = async (name: string) => (await callApi<{ id: string }>(runtime, 'POST', `${org}/contacts`, { token, json: { contact_type: 'customer', name } })).id;
  const aqaba = await customer('Aqaba Logistics');
  const petra = await customer('Petra Hotels');
  const irbid = await customer('Irbid Clinics');

  const invoice = async (contact_id: string, issue_date: string, due_date: string, lines: { description: string; quantity: string; unit_price: string }[]) => {
    const draft = await callApi<{ id: string }>(runtime, 'POST', `${org}/invoices/with-line-items`, { token, json: { contact_id, issue_date, due_date, lines } });
    return (await callApi<{ id: string }>(runtime, 'POST', `${org}/invoices/${draft.id}/confirm`, { token })).id;
  };
  // Two overdue, two current.
  await invoice(aqaba, day(-45), day(-15), [{ description: 'Consulting services', quantity: '2', unit_price: '150.000' }]);
  await invoice(petra, day(-40), day(-10), [{ description: 'Delivery', quantity: '1', unit_price: '85.250' }]);
  const furniture = await invoice(irbid, day(0), day(30), [
    { description: 'Office furniture', quantity: '1', unit_price: '420.500' },
    { description: 'Installation', quantity: '1', unit_price: '60.000' },
  ]);
  await invoice(aqaba, day(0), day(30), [{ description: 'Consulting services', quantity: '3', unit_price: '150.000' }]);

  // Part of the furniture paid by bank transfer.
  await callApi(runtime, 'POST', `${org}/payments`, {
    token,
    json: { payment_type: 'received', contact_id: irbid, payment_method: 'bank_transfer', date: day(0), amount: '200.000', allocations: [{ invoice_id: furniture, amount: '200.000' }] },
  });

  // An office-supplies expense paid in cash, submitted and approved (posted).
  const account = async (query: string) => {
    const found = await callApi<{ data: { id: string; code: string }[] }>(runtime, 'GET', `${org}/accounts?${query}`, { token });
    if (!found.data[0]) throw new Error(`No account for ${query}`);
    return found.data[0].id;
  };
  const officeSupplies = await account('search=6400');
  const cash = await account('subtype=cash');
  const category = await callApi<{ id: string }>(runtime, 'POST', `${org}/expense-categories`, { token, json: { name: 'Office supplies', name_ar: 'قرطاسية', account_id: officeSupplies } });
  const expense = await callApi<{ id: string }>(runtime, 'POST', `${org}/expenses`, {
    token,
    json: { date: day(0), category_id: category.id, description: 'Printer paper', amount: '35.000', paid_from_account_id: cash },
  });
  await callApi(runtime, 'POST', `${org}/expenses/${expense.id}/submit`, { token });
  await callApi(runtime, 'POST', `${org}/expenses/${expense.id}/approve`, { token });
  return { token, organizationId };
}

describe.skipIf(!executablePath)('analytics dashboard in Chromium', () => {
  let runtime: Runtime;
  let browser: Browser;
  let page: Page;
  let setup: OwnerSession;
  const report = <T>(path: string) => callApi<T>(runtime, 'GET', `/organizations/${setup.organizationId}/reports/${path}`, { token: setup.token });

  beforeAll(async () => {
    // Reduced motion: the charts are drawn at once, so the screenshots show them whole.
    ({ runtime, browser, page, setup } = await startSignedIn(executablePath!, owner.name, setUp, { locale: 'en-US', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' }));
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
  });

  it('shows the figures the API reports, live, with the charts drawn', async () => {
    // Reached the way a user does: the Accounting area's Analytics tab.
    await page.goto(`${runtime.baseUrl}/accounting`);
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByRole('heading', { name: 'Analytics dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accounting/analytics');
    await page.getByText(`Financial performance and trends for ${organizationName}`).waitFor();

    const metrics = await report<DashboardMetrics>('dashboard-metrics');
    const receivables = await report<ReceivablesAnalysis>('receivables-analysis');
    // The set-up reached the books: revenue, an expense and money owed.
    expect(Number(metrics.financial_summary.total_revenue_ytd)).toBeGreaterThan(0);
    expect(Number(metrics.financial_summary.total_expenses_ytd)).toBeGreaterThan(0);
    expect(Number(receivables.overdue_amount)).toBeGreaterThan(0);

    const card = (name: string) => page.getByRole('group', { name, exact: true });
    await card('Total revenue (YTD)').waitFor();
    const expected: [string, string][] = [
      ['Total revenue (YTD)', metrics.financial_summary.total_revenue_ytd],
      ['Total expenses (YTD)', metrics.financial_summary.total_expenses_ytd],
      ['Net income (YTD)', metrics.financial_summary.net_income_ytd],
      ['Cash balance', metrics.current_cash_position],
      ['Total assets', metrics.financial_summary.total_assets],
      ['Total liabilities', metrics.financial_summary.total_liabilities],
    ];
    for (const [name, amount] of expected) expect(await text(card(name)), name).toContain(digits(amount));

    const receivablesCard = page.getByRole('region', { name: 'Receivables analysis' });
    await receivablesCard.getByText('Total outstanding').waitFor();
    expect(await text(receivablesCard)).toContain(digits(receivables.total_outstanding));
    await receivablesCard.getByText(receivables.collection_risk_level, { exact: true }).waitFor();

    // Live, not the sample fallback.
    await page.getByRole('status', { name: 'Revenue analytics: Live' }).waitFor();
    await page.getByRole('status', { name: 'Receivables: Live' }).waitFor();
    await page.getByText('All data live from your books.').waitFor();
    expect(await page.getByText('Sample data').count()).toBe(0);

    // The charts are drawn (recharts' SVG), and the customers are the API's, most owed first.
    for (const chart of ['Revenue trend', 'Top customers', 'Revenue by service']) {
      await page.getByRole('region', { name: chart }).locator('svg.recharts-surface').first().waitFor();
    }
    const customersCard = page.getByRole('region', { name: 'Top customers' });
    await customersCard.getByText('Show as a table').click();
    const names = await customersCard.getByRole('table', { name: 'Top customers' }).getByRole('rowheader').allInnerTexts();
    expect(names).toEqual(receivables.top_customers.map((c) => c.customer_name));
    expect(names.length).toBeGreaterThan(1);
    // One bar per customer, one slice per service, and the revenue curve.
    await expect.poll(() => customersCard.locator('.recharts-bar-rectangle').count()).toBe(names.length);
    const currentMonth = await report<RevenueAnalytics>('revenue-analytics?period=current_month');
    await expect.poll(() => page.getByRole('region', { name: 'Revenue by service' }).locator('.recharts-pie-sector').count()).toBe(currentMonth.top_revenue_sources.length);
    await page.getByRole('region', { name: 'Revenue trend' }).locator('.recharts-area-curve').first().waitFor();

    await page.getByText(/next update at/).waitFor();
    await screenshot(page, 'analytics', { fromTop: true, settleMs: 500 });
  });

  it('asks for the revenue analytics of the chosen period', async () => {
    const answered = page.waitForResponse((response) => response.url().includes('/reports/revenue-analytics') && new URL(response.url()).searchParams.get('period') === 'last_month');
    await page.getByLabel('Period').selectOption('last_month');
    expect((await answered).ok()).toBe(true);
    expect(new URL(page.url()).searchParams.get('period')).toBe('last_month');
    const lastMonth = await report<RevenueAnalytics>('revenue-analytics?period=last_month');
    await page.getByRole('status', { name: 'Revenue analytics: Live' }).waitFor();
    const services = page.getByRole('region', { name: 'Revenue by service' });
    const sources = lastMonth.top_revenue_sources.map((source) => Object.keys(source)[0]!);
    if (sources.length > 0) {
      await services.getByText('Show as a table').click();
      expect(await services.getByRole('rowheader').allInnerTexts()).toEqual(sources);
    } else {
      await services.getByText('No revenue by service in this period.').waitFor();
    }

    // Refresh reads everything again.
    const again = page.waitForResponse((response) => response.url().includes('/reports/dashboard-metrics'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await again;
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
  });

  it('reads the dashboard in Arabic, right to left', async () => {
    await closeToasts(page);
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('heading', { name: 'لوحة التحليلات', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const metrics = await report<DashboardMetrics>('dashboard-metrics');
    const revenue = page.getByRole('group', { name: 'إجمالي الإيرادات منذ بداية السنة', exact: true });
    expect(await text(revenue)).toContain(digits(metrics.financial_summary.total_revenue_ytd));
    await page.getByRole('status', { name: 'تحليلات الإيرادات: مباشر' }).waitFor();
    await page.getByRole('status', { name: 'الذمم المدينة: مباشر' }).waitFor();
    await page.getByRole('region', { name: 'اتجاه الإيرادات' }).locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'analytics-ar', { fromTop: true, settleMs: 500 });
  });
});
