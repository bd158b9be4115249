import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { analyticsApi, metrics, receivablesAnalysis, REPORTS, revenueAnalytics, session } from '../testing/fixtures';
import { analyticsRoutes } from '.';
import { AnalyticsRoute } from './analytics';

beforeAll(async () => {
  // The shared machine is slow, and a failed call is retried twice (1 s, then 2 s) before the fallback.
  await import('./analytics');
  await import('../components/analytics-charts');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting/analytics', element: <AnalyticsRoute /> }];
const jod = (amount: string) => formatMoney(amount, 'JOD');
const card = (name: string) => screen.getByRole('group', { name });
const reads = (requests: RecordedRequest[], report: string) => requests.filter((r) => r.method === 'GET' && r.url.startsWith(`${REPORTS}/${report}`));
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
const status = (name: string) => screen.getByRole('status', { name: new RegExp(`^${name}: `) });

describe('analytics dashboard', { timeout: 30_000 }, () => {
  it('shows the metric cards from the dashboard metrics, with their changes', async () => {
    mockFetch({ ...session(), ...analyticsApi() });
    renderRoutes(routes, '/accounting/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics dashboard', level: 1 })).toBeTruthy();
    expect(screen.getByText('Financial performance and trends for Zarqa Trading')).toBeTruthy();
    await screen.findByRole('group', { name: 'Total revenue (YTD)' });
    expect(card('Total revenue (YTD)').textContent).toContain(jod('24310.750'));
    expect(card('Total revenue (YTD)').textContent).toContain('Change: +12.5%');
    expect(card('Total expenses (YTD)').textContent).toContain(jod('9875.125'));
    expect(card('Total expenses (YTD)').textContent).toContain('Change: -4.2%');
    // No comparison figure: 0%.
    expect(card('Net income (YTD)').textContent).toContain(jod('14435.625'));
    expect(card('Net income (YTD)').textContent).toContain('Change: 0%');
    expect(card('Cash balance').textContent).toContain(jod('18342.275'));
    expect(card('Cash balance').textContent).toContain('Change: +3%');
    expect(card('Total assets').textContent).toContain(jod('61020.400'));
    expect(card('Total liabilities').textContent).toContain(jod('12500.000'));
    expect(card('Total assets').textContent).not.toContain('Change');
    // Expenses that fell are good news.
    expect(within(card('Total expenses (YTD)')).getByText(/Change/).closest('[data-accent-color]')?.getAttribute('data-accent-color')).toBe('green');
  });

  it('shows 0 for figures the server leaves out', async () => {
    mockFetch({ ...session(), ...analyticsApi({ metrics: () => ({ json: { financial_summary: {}, changes: null } }) }) });
    renderRoutes(routes, '/accounting/analytics');
    await screen.findByRole('group', { name: 'Total revenue (YTD)' });
    for (const name of ['Total revenue (YTD)', 'Total expenses (YTD)', 'Net income (YTD)', 'Cash balance']) {
      expect(card(name).textContent).toContain(jod('0'));
      expect(card(name).textContent).toContain('Change: 0%');
    }
    expect(card('Total assets').textContent).toContain(jod('0'));
  });

  it('shows the receivables analysis and the charts from live data', async () => {
    mockFetch({ ...session(), ...analyticsApi() });
    renderRoutes(routes, '/accounting/analytics');
    const receivables = await screen.findByRole('region', { name: 'Receivables analysis' });
    await waitFor(() => expect(receivables.textContent).toContain(jod('7450.500')));
    expect(receivables.textContent).toContain('37.4 days');
    expect(within(receivables).getByText('Medium').getAttribute('data-accent-color')).toBe('yellow');

    await screen.findByRole('table', { name: 'Revenue trend' });
    expect(tableRows('Revenue trend')).toEqual([
      ['Jan 26', jod('7100.250')],
      ['Feb 26', jod('8210.000')],
      ['Mar 26', jod('9000.500')],
    ]);
    // The five largest balances, largest first.
    expect(tableRows('Top customers')).toEqual([
      ['Aqaba Logistics', jod('3200.500')],
      ['Petra Hotels', jod('2100.000')],
      ['Irbid Clinics', jod('900.000')],
      ['Madaba Bakery', jod('650.000')],
      ['Jerash Tours', jod('400.000')],
    ]);
    // The four largest sources.
    expect(tableRows('Revenue by service')).toEqual([
      ['Consulting services', jod('12000.000')],
      ['Office furniture', jod('7310.750')],
      ['Delivery', jod('3000.000')],
      ['Installation', jod('1500.000')],
    ]);
    expect(screen.getAllByRole('img', { name: /Revenue trend|Top customers|Revenue by service/ })).toHaveLength(3);

    expect(status('Revenue analytics').textContent).toContain('Live');
    expect(status('Receivables').textContent).toContain('Live');
    expect(screen.getByText('All data live from your books.')).toBeTruthy();
    expect(screen.queryByText('Sample data')).toBeNull();
    expect(screen.getByText('Last updated:', { exact: false })).toBeTruthy();
    expect(screen.getByText(/next update at/)).toBeTruthy();
  });

  it.each([
    ['Low', 'Low', 'green'],
    ['Medium', 'Medium', 'yellow'],
    ['High', 'High', 'red'],
    ['Critical', 'Critical', 'red'],
  ])('colours a %s collection risk %s → %s', async (level, text, colour) => {
    mockFetch({ ...session(), ...analyticsApi({ receivables: () => ({ json: receivablesAnalysis({ collection_risk_level: level }) }) }) });
    renderRoutes(routes, '/accounting/analytics');
    const receivables = await screen.findByRole('region', { name: 'Receivables analysis' });
    const badge = await within(receivables).findByText(text);
    expect(badge.getAttribute('data-accent-color')).toBe(colour);
  });

  it('falls back to marked sample data only when the analytics calls fail', async () => {
    mockFetch({
      ...session(),
      ...analyticsApi({
        revenue: () => ({ status: 500, json: { detail: 'Internal Server Error' } }),
        receivables: () => ({ status: 503, json: { detail: 'Service Unavailable' } }),
      }),
    });
    renderRoutes(routes, '/accounting/analytics');
    await waitFor(() => expect(status('Revenue analytics').textContent).toContain('Fallback'));
    await waitFor(() => expect(status('Receivables').textContent).toContain('Fallback'));
    expect(screen.getByText('Some figures use sample data because their analysis could not be loaded.')).toBeTruthy();
    expect(screen.getAllByText('Sample data')).toHaveLength(3);

    expect(tableRows('Revenue trend')).toHaveLength(6);
    expect(tableRows('Top customers').map(([name]) => name)).toEqual(['Sample customer 1', 'Sample customer 2', 'Sample customer 3', 'Sample customer 4', 'Sample customer 5']);
    expect(tableRows('Revenue by service').map(([name]) => name)).toEqual(['Sample service 1', 'Sample service 2', 'Sample service 3', 'Sample service 4']);
    // The receivables figures themselves are not invented.
    const receivables = screen.getByRole('region', { name: 'Receivables analysis' });
    expect(receivables.textContent).toContain('The receivables analysis could not be loaded');
    expect(within(receivables).queryByText('Total outstanding')).toBeNull();
    // The metrics read fine: no error alert.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows empty charts and zeros, not sample data, when the analytics answer with nothing', async () => {
    mockFetch({
      ...session(),
      ...analyticsApi({
        revenue: () => ({ json: revenueAnalytics({ total_revenue: '0.000', revenue_trends: [], top_revenue_sources: [] }) }),
        receivables: () => ({
          json: receivablesAnalysis({ total_outstanding: '0.000', average_days_outstanding: 0, collection_risk_level: 'Low', top_customers: [] }),
        }),
      }),
    });
    renderRoutes(routes, '/accounting/analytics');
    expect(await screen.findByText('No revenue was recorded in this period.')).toBeTruthy();
    expect(await screen.findByText('No customer owes anything at the moment.')).toBeTruthy();
    expect(screen.getByText('No revenue by service in this period.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Receivables analysis' }).textContent).toContain(jod('0.000'));
    expect(screen.queryByText('Sample data')).toBeNull();
    expect(screen.queryByText(/Sample customer/)).toBeNull();
    expect(status('Revenue analytics').textContent).toContain('Live');
    expect(status('Receivables').textContent).toContain('Live');
  });

  it('asks for an organization when none is selected', async () => {
    const { requests } = mockFetch({ ...session('viewer', []), ...analyticsApi() });
    renderRoutes(routes, '/accounting/analytics');
    expect(await screen.findByText(/An organization is required to view analytics/)).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/reports/'))).toHaveLength(0);
  });

  it('shows an error alert when the dashboard metrics cannot be read', async () => {
    mockFetch({ ...session(), ...analyticsApi({ metrics: () => ({ status: 403, json: { detail: 'Not allowed' } }) }) });
    renderRoutes(routes, '/accounting/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred');
    expect(alert.textContent).toContain('The dashboard figures could not be loaded. Please try again.');
    expect(screen.queryByRole('group', { name: 'Total revenue (YTD)' })).toBeNull();
    // The rest of the dashboard still shows what could be read.
    await screen.findByRole('table', { name: 'Top customers' });
  });

  it('reads everything again on Refresh, reading Refreshing meanwhile', async () => {
    let revenue = '24310.750';
    const { requests, fetchMock } = mockFetch({
      ...session(),
      ...analyticsApi({ metrics: () => ({ json: metrics({ financial_summary: { ...metrics().financial_summary, total_revenue_ytd: revenue } }) }) }),
    });
    let gate: Promise<void> = Promise.resolve();
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await gate;
      return fetchMock(...args);
    });
    renderRoutes(routes, '/accounting/analytics');
    await screen.findByRole('group', { name: 'Total revenue (YTD)' });
    await screen.findByRole('table', { name: 'Top customers' });
    await screen.findByRole('table', { name: 'Revenue trend' });
    expect(reads(requests, 'dashboard-metrics')).toHaveLength(1);

    let release!: () => void;
    gate = new Promise((done) => (release = done));
    revenue = '25000.000';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(card('Total revenue (YTD)').textContent).toContain(jod('25000.000')));
    await screen.findByRole('button', { name: 'Refresh' });
    expect(reads(requests, 'dashboard-metrics')).toHaveLength(2);
    expect(reads(requests, 'revenue-analytics')).toHaveLength(2);
    expect(reads(requests, 'receivables-analysis')).toHaveLength(2);
  });

  it('asks for the revenue analytics of the chosen period', async () => {
    const { requests } = mockFetch({
      ...session(),
      ...analyticsApi({
        revenue: (url) =>
          new URL(url, 'http://x').searchParams.get('period') === 'last_year'
            ? { json: revenueAnalytics({ revenue_trends: [{ period: '2025-12', revenue: '4400.000' }] }) }
            : { json: revenueAnalytics() },
      }),
    });
    const { router } = renderRoutes(routes, '/accounting/analytics');
    await screen.findByRole('table', { name: 'Revenue trend' });
    const periods = () => reads(requests, 'revenue-analytics').map((r) => new URL(r.url, 'http://x').searchParams.get('period'));
    expect(periods()).toEqual(['current_month']);
    // Every request carries the organization.
    expect(reads(requests, 'revenue-analytics')[0]!.headers.get('X-Organization-ID')).toBe('org-1');

    await userEvent.setup().selectOptions(screen.getByLabelText('Period'), 'last_year');
    await waitFor(() => expect(tableRows('Revenue trend')).toEqual([['Dec 25', jod('4400.000')]]));
    expect(periods()).toEqual(['current_month', 'last_year']);
    expect(router.state.location.search).toBe('?period=last_year');
    expect(reads(requests, 'dashboard-metrics')).toHaveLength(1);
  });

  it('keeps the old address working', async () => {
    mockFetch({ ...session(), ...analyticsApi() });
    const { router } = renderRoutes(analyticsRoutes, '/_layout/accounting/analytics?period=last_month');
    await screen.findByRole('heading', { name: 'Analytics dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/accounting/analytics');
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('last_month');
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('renders the dashboard right to left in Arabic with Latin digits', async () => {
      mockFetch({ ...session(), ...analyticsApi() });
      renderRoutes(routes, '/accounting/analytics');
      expect(await screen.findByRole('heading', { name: 'لوحة التحليلات', level: 1 })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
      const revenue = await screen.findByRole('group', { name: 'إجمالي الإيرادات منذ بداية السنة' });
      expect(revenue.textContent).toContain(formatMoney('24310.750', 'JOD', 'ar'));
      expect(revenue.textContent).toMatch(/24,310\.750/);
      const receivables = await screen.findByRole('region', { name: 'تحليل الذمم المدينة' });
      expect(await within(receivables).findByText('متوسطة')).toBeTruthy();
      await waitFor(() => expect(screen.getByRole('status', { name: 'تحليلات الإيرادات: مباشر' })).toBeTruthy());
      expect(screen.getByRole('button', { name: 'تحديث' })).toBeTruthy();
    });
  });
});
