import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { A, abc, forecast, overview, performance, prepareScreens, session, slow, top } from '../testing/fixtures';
import { chartPoints } from '../components/chart-points';
import { InventoryDashboardRoute } from './dashboard';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/inventoryAnalytics');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/inventory/dashboard', element: <InventoryDashboardRoute /> }];
const jod = (amount: string) => formatMoney(amount, 'JOD');
const card = (name: string) => screen.getByRole('group', { name });
const params = (requests: RecordedRequest[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `${A}/${path}`).map((r) => new URL(r.url, 'http://x').searchParams);

const answers = (over: Record<string, unknown> = {}) => ({
  ...session('viewer'),
  [`GET ${A}/overview`]: () => ({ json: overview() }),
  [`GET ${A}/performance-metrics`]: () => ({ json: performance() }),
  [`GET ${A}/abc-analysis`]: () => ({ json: abc() }),
  [`GET ${A}/top-selling`]: () => ({ json: top() }),
  [`GET ${A}/slow-moving`]: () => ({ json: slow() }),
  [`GET ${A}/forecast/p-bread`]: () => ({ json: forecast('p-bread') }),
  [`GET ${A}/forecast/p-saffron`]: () => ({
    json: forecast('p-saffron', { method: 'croston', backtest: { mae: 0.271, wape_percent: null, bias: 0.1, horizon: 7, days: 28, points: 168 } }),
  }),
  ...over,
});

describe('inventory dashboard', { timeout: 30_000 }, () => {
  it('shows the figures, ABC/XYZ with class badges, top sellers, slow movers and the forecast with its error', async () => {
    const { requests } = mockFetch(answers());
    renderRoutes(routes, '/inventory/dashboard');
    await screen.findByRole('group', { name: 'Stock value at cost' });
    expect(card('Stock value at cost').textContent).toContain(jod('1250.400'));
    expect(card('Sales revenue').textContent).toContain(jod('695.200'));
    expect(card('Gross margin').textContent).toContain('50 %');
    expect(card('Low or out of stock').textContent).toContain('1 low · 1 out');
    expect((await screen.findByRole('group', { name: 'Stock turnover' })).textContent).toContain('0.58 times');
    // The default period is 90 days, sent to every figure.
    expect(params(requests, 'overview')[0]!.get('days')).toBe('90');
    expect(params(requests, 'abc-analysis')[0]!.get('days')).toBe('90');

    const table = await screen.findByRole('table', { name: 'Products by value of goods sold and steadiness of demand' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(3, 5).map((c) => c.textContent))).toEqual([['A', 'Y'], ['B', 'X'], ['C', 'Z']]);
    expect(within(rows[0]!).getByText('A').closest('[data-accent-color]')!.getAttribute('data-accent-color')).toBe('green');

    const topList = within(screen.getByRole('table', { name: 'Best-selling products by revenue' }));
    expect(topList.getAllByRole('row')[1]!.textContent).toContain('Flatbread');
    expect(topList.getAllByRole('row')[1]!.textContent).toContain(jod('608.000'));
    const slowList = within(screen.getByRole('table', { name: 'Products holding stock that sold least' }));
    expect(slowList.getAllByRole('row')[1]!.textContent).toContain('Not sold');

    // The top-value product is forecast first; its backtest error is stated in words.
    const errors = await screen.findByRole('region', { name: 'How wrong this forecast was when tested' });
    expect(errors.textContent).toContain('3.25 units a day');
    expect(errors.textContent).toContain('6.1 %');
    expect(errors.textContent).toContain('under-forecasts by 0.5 units a day');
    expect(screen.getByText(/Method: same weekday last week, chosen because it had the smallest error/)).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Daily units sold for Flatbread, then the forecast with its 80 % interval' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Suggested order' }).textContent).toContain('363 units');
    expect(params(requests, 'forecast/p-bread')[0]!.get('lead_time_days')).toBe('7');
  });

  it('forecasts the product chosen (from the list or the ABC table), with the lead time asked, and changes the period', async () => {
    const { requests } = mockFetch(answers());
    const { router } = renderRoutes(routes, '/inventory/dashboard');
    await screen.findByRole('region', { name: 'How wrong this forecast was when tested' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forecast Saffron' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'How wrong this forecast was when tested' }).textContent).toContain('Nothing was sold in the test days'));
    expect(screen.getByText(/Croston/)).toBeTruthy();
    expect(router.state.location.search).toContain('product=p-saffron');

    await user.selectOptions(screen.getByLabelText('Lead time (days)'), '14');
    await waitFor(() => expect(params(requests, 'forecast/p-saffron').some((q) => q.get('lead_time_days') === '14')).toBe(true));

    await user.selectOptions(screen.getByLabelText('Period'), '30');
    await waitFor(() => expect(params(requests, 'overview').some((q) => q.get('days') === '30')).toBe(true));
    expect(params(requests, 'top-selling').some((q) => q.get('days') === '30')).toBe(true);
  });

  it('says plainly when there is too little history to test the forecast, and when nothing sold', async () => {
    const untested = forecast('p-bread', { method: 'moving_average', chosen_by: 'too_little_history', backtest: null, candidates: [] });
    mockFetch(answers({ [`GET ${A}/forecast/p-bread`]: () => ({ json: untested }) }));
    renderRoutes(routes, '/inventory/dashboard');
    expect(await screen.findByText(/fewer than 21 days of history, so it could not be tested and its error is unknown/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'How wrong this forecast was when tested' })).toBeNull();
  });

  it('states no days of stock when the average stock value gives no turnover (goods sold before they were received)', async () => {
    // What performance-metrics answered for a shop that sold on negative stock: the average is below zero.
    const negative = { ...performance(), average_stock_value: '-123.400', turnover: null, days_of_inventory: -10.6 };
    const { requests } = mockFetch(answers({ [`GET ${A}/performance-metrics`]: () => ({ json: negative }) }));
    renderRoutes(routes, '/inventory/dashboard');
    await screen.findByRole('group', { name: 'Stock value at cost' });
    // The card reads "—" before the answer too: wait until it was asked and answered.
    await waitFor(() => expect(params(requests, 'performance-metrics')).toHaveLength(1));
    await new Promise((settled) => setTimeout(settled, 200));
    expect(card('Stock turnover').textContent).toContain('—');
    expect(card('Stock turnover').textContent).not.toContain('days of stock');
  });

  it('shows an empty ABC and no forecast when nothing sold, and the failure of a figure with a retry', async () => {
    mockFetch(
      answers({
        [`GET ${A}/abc-analysis`]: () => ({ json: { ...abc(), data: [], count: 0 } }),
        [`GET ${A}/overview`]: () => ({ status: 403, json: { detail: 'Not a member of this organization' } }),
      }),
    );
    renderRoutes(routes, '/inventory/dashboard');
    expect(await screen.findByText('Nothing was sold in this period, so there is nothing to rank.')).toBeTruthy();
    expect(screen.getByText('Choose a product that sold in this period to forecast its demand.')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not a member of this organization');
  });

  it('charts history then forecast on one line, the interval as a band from low to high', () => {
    const f = forecast('p-bread');
    const points = chartPoints(f);
    expect(points).toHaveLength(28 + 14);
    // The last day sold (50) also starts the forecast line, so the two read as one.
    expect(points[27]).toMatchObject({ date: '2026-11-26', sold: 50, forecast: 50 });
    expect(points[27]!.band).toBeUndefined();
    expect(points[28]).toMatchObject({ date: '2026-11-27', forecast: 40, band: [31.5, 52] });
    expect(points[28]!.sold).toBeUndefined();
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('renders right to left with Arabic names, the error in Arabic and Latin digits', async () => {
      mockFetch(answers());
      renderRoutes(routes, '/inventory/dashboard');
      expect(await screen.findByRole('heading', { name: 'لوحة المخزون', level: 1 })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
      expect((await screen.findByRole('group', { name: 'قيمة المخزون بالتكلفة' })).textContent).toContain(formatMoney('1250.400', 'JOD', 'ar'));
      expect(await screen.findByRole('button', { name: 'توقّع خبز عربي' })).toBeTruthy();
      const errors = await screen.findByRole('region', { name: 'مقدار خطأ هذا التوقّع عند اختباره' });
      expect(errors.textContent).toContain('3.25 وحدة يوميًا');
      expect(errors.textContent).toContain('يقلّل بمقدار 0.5 وحدة يوميًا');
      // The chart's spoken label names the product as the rest of the screen does.
      expect(await screen.findByRole('img', { name: /^الوحدات المباعة يوميًا من خبز عربي،/ })).toBeTruthy();
    });
  });
});
