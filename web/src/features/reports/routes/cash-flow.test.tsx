import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { prepareScreens } from '../../../testing/session';
import { API, capital, captureDownloads, cashFlowRoutes, categories, emptyStatement, ORGANIZATION_NAME, owedByCustomers, owedToSuppliers, session, TODAY } from '../testing/fixtures';
import { ReportsRoute } from './reports';

beforeAll(prepareScreens);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  {
    path: '/accounting/reports',
    element: (
      <AppTheme>
        <ReportsRoute />
      </AppTheme>
    ),
  },
];

async function openCashFlow() {
  renderRoutes(routes, '/accounting/reports');
  await userEvent.click(await screen.findByRole('tab', { name: tabName('Cash Flow Reports') }));
}

/** Radix repeats a tab's label in a hidden span (to reserve the bold width), so names start with it. */
const tabName = (label: string) => new RegExp(`^${label.replace(/[&()]/g, '\\$&')}`);
const figure = (label: string) => screen.getByRole('group', { name: label });
const colourOf = (element: HTMLElement) => element.querySelector('[data-sign]')?.getAttribute('data-accent-color');

describe('Financial Reports — Cash Flow Reports', { timeout: 30_000 }, () => {
  it('shows the loading text while any report loads, and asks for no POS figures of its own', async () => {
    const { fetchMock, requests } = mockFetch({ ...session(), ...cashFlowRoutes() });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => (String(input).includes('/reports/working-capital') ? new Promise<Response>(() => {}) : answer(input, init)));
    await openCashFlow();
    expect(await screen.findByText('Loading data...')).toBeTruthy();
    expect(screen.getByText('Fetching financial reports...')).toBeTruthy();
    const reportCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/reports/'));
    await waitFor(() => expect(reportCalls()).toHaveLength(5));
    expect(screen.queryByRole('tab', { name: tabName('Cash Flow Statement') })).toBeNull();
    expect(reportCalls().some((url) => url.includes('/pos'))).toBe(false);
    // Only the screen's one read of the POS transactions (SPEC §2), not the tab.
    expect(requests.filter((r) => r.url.includes('/pos')).map((r) => r.url)).toEqual([`${API}/pos/transactions?limit=100`]);
  });

  it('shows the error alert when a load fails, and loads again on retry', async () => {
    let failing = true;
    mockFetch({
      ...session(),
      ...cashFlowRoutes(),
      [`GET ${API}/reports/payables-analysis`]: () => (failing ? { status: 404, json: { detail: 'Not Found' } } : { json: { bill_count: 0 } }),
    });
    await openCashFlow();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Reports')).toBeTruthy();
    expect(within(alert).getByText('Failed to load financial reports. Please try again.')).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: tabName('Cash Flow Statement') })).toBeTruthy();
  });

  it('shows the six figures green or red, the activities, and the empty state', async () => {
    const { requests } = mockFetch({ ...session(), ...cashFlowRoutes() });
    await openCashFlow();
    await screen.findByRole('tab', { name: tabName('Cash Flow Statement') });
    expect(within(figure('Beginning Cash')).getByText('JOD 1,000.000')).toBeTruthy();
    expect(colourOf(figure('Beginning Cash'))).toBe('green');
    expect(colourOf(figure('Net Cash from Operations'))).toBe('green');
    expect(colourOf(figure('Net Cash from Investing'))).toBe('red');
    expect(colourOf(figure('Net Cash from Financing'))).toBe('green');
    expect(within(figure('Net Cash Flow')).getByText('-JOD 149.500')).toBeTruthy();
    expect(colourOf(figure('Net Cash Flow'))).toBe('red');
    expect(colourOf(figure('Ending Cash'))).toBe('green');
    const operating = screen.getByRole('list', { name: 'Operating Activities' });
    expect(within(operating).getAllByRole('listitem').map((li) => li.textContent!.replace(/\s+/g, ' '))).toEqual([
      'Cash received from customersJOD 600.500',
      'Cash paid to suppliers-JOD 350.000',
    ]);
    const investingFinancing = screen.getByRole('list', { name: 'Investing & Financing Activities' });
    expect(within(investingFinancing).getAllByRole('listitem')).toHaveLength(2);

    const statementCall = requests.find((r) => r.url.includes('/reports/cash-flow-statement'))!;
    expect(new URL(statementCall.url, 'http://x').searchParams.get('period')).toBe('current_month');
    const categoriesCall = requests.find((r) => r.url.includes('/reports/cash-flow/categories'))!;
    expect(Object.fromEntries(new URL(categoriesCall.url, 'http://x').searchParams)).toEqual({ period: 'current_month', category_type: 'all', lang: 'en' });
    for (const path of ['receivables-analysis', 'payables-analysis', 'working-capital']) {
      const call = requests.find((r) => r.url.includes(`/reports/${path}`))!;
      expect(call.url).toBe(`${API}/reports/${path}`);
      expect(call.headers.get('X-Organization-ID')).toBe('org-1');
    }
  });

  it('says when the period has no cash flow, and asks again for another period', async () => {
    const { requests } = mockFetch({ ...session(), ...cashFlowRoutes({ statement: emptyStatement() }) });
    await openCashFlow();
    expect(await screen.findByText('No Cash Flow Data')).toBeTruthy();
    expect(screen.getByText('No cash flow statement data available for the selected period.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'last_year');
    await waitFor(() => expect(requests.some((r) => r.url.includes('/cash-flow-statement?period=last_year'))).toBe(true));
    expect(screen.getByLabelText('Period').querySelectorAll('option')).toHaveLength(6);
  });

  it('analyses categories: totals, coloured amounts, and a pie of at most 8 categories', async () => {
    // jsdom lays nothing out; the chart's container measures itself, so it is given a size.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 480, bottom: 340, width: 480, height: 340, toJSON: () => ({}) });
    const { requests } = mockFetch({ ...session(), ...cashFlowRoutes() });
    await openCashFlow();
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Category Analysis') }));
    expect(within(screen.getByRole('group', { name: 'Total Income' })).getByText('JOD 5,000.000')).toBeTruthy();
    expect(colourOf(screen.getByRole('group', { name: 'Net Cash Flow' }))).toBe('red');
    expect(screen.getByText('11 categories')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Categories' });
    const consulting = within(list).getAllByRole('listitem')[0]!;
    expect(within(consulting).getByText('Consulting')).toBeTruthy();
    expect(within(consulting).getByText('1 transaction')).toBeTruthy();
    expect(within(consulting).getByText('JOD 1,000.000').getAttribute('data-accent-color')).toBe('green');
    const salaries = within(list).getByText('Salaries').closest('li')!;
    expect(within(salaries).getByText('JOD 2,000.000').getAttribute('data-accent-color')).toBe('red');

    const chart = await screen.findByRole('img', { name: 'Cash Flow by Category (All)' });
    await waitFor(() => expect(chart.querySelectorAll('.recharts-legend-item')).toHaveLength(8));
    expect(chart.querySelectorAll('.recharts-pie-sector')).toHaveLength(8);
    const fills = [...chart.querySelectorAll('.recharts-pie-sector path')].map((p) => p.getAttribute('fill'));
    expect(fills).toEqual([...Array(5).fill('#48BB78'), ...Array(3).fill('#F56565')]);

    await userEvent.selectOptions(screen.getByLabelText('Category type'), 'expenses');
    await waitFor(() => expect(requests.some((r) => r.url.includes('category_type=expense'))).toBe(true));
    expect(requests.some((r) => r.url.includes('category_type=expenses'))).toBe(false);
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Category Analysis') }));
    const expenses = await screen.findByRole('img', { name: 'Cash Flow by Category (Expenses)' });
    await waitFor(() => expect(expenses.querySelectorAll('.recharts-legend-item')).toHaveLength(6));
    expect(screen.getByText('6 categories')).toBeTruthy();
  });

  it('says when there are no categories', async () => {
    mockFetch({ ...session(), ...cashFlowRoutes({ categories: categories({ income_categories: [], expense_categories: [] }) }) });
    await openCashFlow();
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Category Analysis') }));
    expect(screen.getByText('No Category Data')).toBeTruthy();
    expect(screen.getByText('No category analysis data available for the selected period.')).toBeTruthy();
  });

  it('shows the receivables analysis: totals, risk, ageing and the customers owing most, and exports it', async () => {
    const saved = captureDownloads();
    const { requests } = mockFetch({
      ...session(),
      ...cashFlowRoutes({ receivables: owedByCustomers() }),
      [`GET ${API}/reports/receivables-analysis/export/csv`]: () => ({ text: '\uFEFFCustomer,Amount' }),
    });
    await openCashFlow();
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Receivables') }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(within(figure('Total outstanding')).getByText('JOD 1,500.000')).toBeTruthy();
    expect(within(figure('Overdue')).getByText('JOD 600.000')).toBeTruthy();
    expect(within(figure('Open invoices')).getByText('4')).toBeTruthy();
    expect(within(figure('Average days outstanding')).getByText('28 days')).toBeTruthy();
    expect(within(figure('Collection risk')).getByText('Medium')).toBeTruthy();
    const ageing = screen.getByRole('table', { name: 'Receivables analysis: Ageing by days past due' });
    expect(within(ageing).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s+/g, ' '))).toEqual([
      'Not yet dueJOD 900.000',
      '1–30 daysJOD 200.000',
      '31–60 daysJOD 400.000',
      '61–90 daysJOD 0.000',
      'Over 90 daysJOD 0.000',
    ]);
    const top = screen.getByRole('table', { name: 'Customers owing most' });
    expect(within(top).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s+/g, ' '))).toEqual(['Haddad TradingJOD 1,000.000', 'Omar KhalilJOD 500.000']);

    const exports = screen.getByRole('group', { name: 'Export Receivables analysis' });
    await userEvent.click(within(exports).getByRole('button', { name: 'CSV' }));
    expect(await screen.findByText('Receivables analysis downloaded as CSV.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual([`receivables-analysis-${ORGANIZATION_NAME}-${TODAY}.csv`]);
    const call = requests.find((r) => r.url.includes('/receivables-analysis/export/csv'))!;
    expect(Object.fromEntries(new URL(call.url, 'http://x').searchParams)).toEqual({ lang: 'en' });
  });

  it('shows the payables analysis, and says when nothing is owed', async () => {
    mockFetch({ ...session(), ...cashFlowRoutes({ payables: owedToSuppliers() }) });
    await openCashFlow();
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Payables') }));
    expect(within(figure('Total outstanding')).getByText('JOD 800.000')).toBeTruthy();
    expect(within(figure('Open bills')).getByText('2')).toBeTruthy();
    expect(within(figure('Payment risk')).getByText('Low')).toBeTruthy();
    const top = screen.getByRole('table', { name: 'Suppliers owed most' });
    expect(within(top).getByText('Zain Wholesale')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Export Payables analysis' })).toBeTruthy();
    // The receivables of the fixtures are empty: the sub-tab says so.
    await userEvent.click(screen.getByRole('tab', { name: tabName('Receivables') }));
    expect(screen.getByText('No customer owes anything today.')).toBeTruthy();
  });

  it('shows working capital: the figures, the ratios and the accounts behind them', async () => {
    mockFetch({ ...session(), ...cashFlowRoutes({ workingCapital: capital() }) });
    await openCashFlow();
    await userEvent.click(await screen.findByRole('tab', { name: tabName('Working Capital') }));
    expect(within(figure('Current assets')).getByText('JOD 2,600.000')).toBeTruthy();
    expect(within(figure('Current liabilities')).getByText('JOD 1,000.000')).toBeTruthy();
    expect(colourOf(figure('Working capital'))).toBe('green');
    expect(within(figure('Current ratio')).getByText('2.60')).toBeTruthy();
    expect(within(figure('Quick ratio')).getByText('1.90')).toBeTruthy();
    const assets = screen.getByRole('table', { name: 'Current assets by account' });
    expect(within(assets).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s+/g, ' '))).toEqual([
      '1110 · Cash on handJOD 1,000.000',
      '1200 · Accounts receivableJOD 1,500.000',
      '1300 · InventoryJOD 100.000',
      'TotalJOD 2,600.000',
    ]);
    expect(within(screen.getByRole('table', { name: 'Current liabilities by account' })).getByText('Sales tax payable', { exact: false })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Export Working capital' })).toBeTruthy();
  });

  it('exports the statement, naming the file and saying so; a failure says so too', async () => {
    const saved = captureDownloads();
    const { requests, fetchMock } = mockFetch({
      ...session(),
      ...cashFlowRoutes(),
      [`GET ${API}/reports/cash-flow-statement/export/pdf`]: () => ({ text: '%PDF-1.7' }),
      [`GET ${API}/reports/cash-flow-statement/export/csv`]: () => ({ text: '\uFEFFLine,Amount' }),
      [`GET ${API}/reports/cash-flow-statement/export/excel`]: () => ({ status: 500, json: { detail: 'boom' } }),
    });
    // The Excel export is held until released, to see the exporting state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/export/excel')) await held;
      return answer(input, init);
    });
    await openCashFlow();
    await screen.findByRole('tab', { name: tabName('Cash Flow Statement') });
    const exports = screen.getByRole('group', { name: 'Export cash flow statement' });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'last_month');

    await userEvent.click(within(exports).getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Cash flow statement downloaded as PDF.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual([`cash-flow-statement-${ORGANIZATION_NAME}-${TODAY}.pdf`]);
    const call = requests.find((r) => r.url.includes('/export/pdf'))!;
    expect(Object.fromEntries(new URL(call.url, 'http://x').searchParams)).toEqual({ period: 'last_month', lang: 'en' });
    expect(exports.getAttribute('data-export-state')).toBe('idle');

    await userEvent.click(within(exports).getByRole('button', { name: 'CSV' }));
    expect(await screen.findByText('Cash flow statement downloaded as CSV.')).toBeTruthy();
    expect(saved.at(-1)!.name).toBe(`cash-flow-statement-${ORGANIZATION_NAME}-${TODAY}.csv`);

    await userEvent.click(within(exports).getByRole('button', { name: 'Excel' }));
    expect(exports.getAttribute('data-export-state')).toBe('exporting');
    expect((within(exports).getByRole('button', { name: 'PDF' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('The cash flow statement could not be exported as excel.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(exports.getAttribute('data-export-state')).toBe('idle');
    expect(saved).toHaveLength(2);
  });
});
