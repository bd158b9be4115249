import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, dashboard, prepareScreens, session } from '../testing/fixtures';
import { AccountingOverviewRoute } from './overview';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/accountingDashboard');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting', element: <AccountingOverviewRoute /> }];
const jod = (amount: string) => formatMoney(amount, 'JOD');
const card = (name: string) => screen.getByRole('group', { name });
const reads = (requests: { url: string; method: string }[]) => requests.filter((r) => r.method === 'GET' && r.url.startsWith(`${API}/accounting/dashboard`)).length;

describe('accounting overview', { timeout: 30_000 }, () => {
  it('shows the summary cards, open documents, cash, tax and recent entries from the API', async () => {
    const { requests } = mockFetch({ ...session('viewer'), [`GET ${API}/accounting/dashboard`]: () => ({ json: dashboard() }) });
    renderRoutes(routes, '/accounting');
    await screen.findByRole('group', { name: 'Revenue, year to date' });
    expect(card('Revenue, year to date').textContent).toContain(jod('15250.500'));
    expect(card('Expenses, year to date').textContent).toContain(jod('17000.000'));
    expect(card('Cash position').textContent).toContain(jod('12345.678'));
    expect(card('Total assets').textContent).toContain(jod('48200.750'));
    expect(card('Total liabilities').textContent).toContain(jod('9100.250'));
    // A loss is red.
    const net = within(card('Net income, year to date')).getByText((_, el) => el?.textContent === jod('-1749.500'));
    expect(net.getAttribute('data-accent-color')).toBe('red');

    const receivables = screen.getByRole('region', { name: 'Receivables' });
    expect(receivables.textContent).toContain(jod('5800.000'));
    expect(receivables.textContent).toContain(jod('2300.000'));
    const ageing = within(receivables).getByRole('table', { name: 'Receivables by age' });
    const over90 = within(ageing).getAllByRole('row').find((row) => row.textContent?.startsWith('Over 90 days'))!;
    expect(within(over90).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', jod('800.000')]);

    const cash = within(screen.getByRole('region', { name: 'Cash and bank balances' }));
    expect(cash.getByRole('link', { name: '1020 Arab Bank' }).getAttribute('href')).toBe('/accounting/accounts/a-1020');
    expect(screen.getByRole('region', { name: 'Sales tax position' }).textContent).toContain(jod('1150.000'));
    const invoices = within(screen.getByRole('table', { name: 'Sales invoices' }));
    expect(invoices.getAllByRole('row').find((r) => r.textContent?.startsWith('Paid'))!.textContent).toContain('7');

    const entry = screen.getByRole('link', { name: 'JE-000012' });
    expect(entry.getAttribute('href')).toBe('/accounting/journal/je-12');
    expect(screen.getByRole('table', { name: 'Revenue and expenses, last 12 months' })).toBeTruthy();
    expect(reads(requests)).toBe(1);
  });

  it('reads the figures again on Refresh', async () => {
    let revenue = '15250.500';
    const { requests } = mockFetch({
      ...session('viewer'),
      [`GET ${API}/accounting/dashboard`]: () => ({ json: dashboard({ financial_summary: { ...dashboard().financial_summary, total_revenue_ytd: revenue } }) }),
    });
    renderRoutes(routes, '/accounting');
    await screen.findByRole('group', { name: 'Revenue, year to date' });
    revenue = '16000.000';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(card('Revenue, year to date').textContent).toContain(jod('16000.000')));
    expect(reads(requests)).toBe(2);
  });

  it('shows the failure where the figures would be, with a way to try again', async () => {
    mockFetch({ ...session('viewer'), [`GET ${API}/accounting/dashboard`]: () => ({ status: 403, json: { detail: 'Not a member of this organization' } }) });
    renderRoutes(routes, '/accounting');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not a member of this organization');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Revenue, year to date' })).toBeNull();
  });

  it('says so when nothing has been posted yet', async () => {
    const zero = dashboard().monthly.map((m) => ({ ...m, revenue: '0.000', expenses: '0.000', net_income: '0.000' }));
    mockFetch({ ...session('viewer'), [`GET ${API}/accounting/dashboard`]: () => ({ json: dashboard({ monthly: zero, recent_journal_entries: [], cash_accounts: [] }) }) });
    renderRoutes(routes, '/accounting');
    expect(await screen.findByText('No revenue or expenses were posted in the last twelve months.')).toBeTruthy();
    expect(screen.getByText('No entries have been posted yet.')).toBeTruthy();
    expect(screen.getByText('No cash or bank accounts yet.')).toBeTruthy();
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('renders the overview right to left with Arabic names and Latin digits', async () => {
      mockFetch({ ...session('viewer'), [`GET ${API}/accounting/dashboard`]: () => ({ json: dashboard() }) });
      renderRoutes(routes, '/accounting');
      expect(await screen.findByRole('heading', { name: 'نظرة عامة على الحسابات', level: 1 })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
      const revenue = await screen.findByRole('group', { name: 'الإيرادات منذ بداية السنة' });
      expect(revenue.textContent).toContain(formatMoney('15250.500', 'JOD', 'ar'));
      expect(revenue.textContent).toMatch(/15,250\.500/);
      expect(screen.getByRole('region', { name: 'الذمم المدينة' })).toBeTruthy();
      expect(screen.getByRole('link', { name: '1020 البنك العربي' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'تحديث' })).toBeTruthy();
      expect(screen.getByText('فاتورة مبيعات')).toBeTruthy();
    });
  });
});
