import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { prepareScreens } from '../../../testing/session';
import { API, captureDownloads, ORGANIZATION_NAME, profitLossTable, session, TODAY } from '../testing/fixtures';
import { reportsRoutes } from './index';
import { ReportsRoute } from './reports';

beforeAll(prepareScreens);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The signed-in shell provides the Theme the menus' portals read (components/app-theme.tsx).
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

const cards = () => within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('article');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading').textContent);
const card = (title: string) => screen.getByRole('article', { name: title });

async function openPage() {
  renderRoutes(routes, '/accounting/reports');
  await screen.findByRole('heading', { name: 'Financial Reports', level: 1 });
}

describe('Financial Reports — All Reports', { timeout: 30_000 }, () => {
  it('shows the summary strip and the 13 cards with their badges and colours', async () => {
    mockFetch(session());
    await openPage();
    const strip = screen.getByRole('list', { name: 'Reports at a glance' });
    expect(within(strip).getByRole('listitem', { name: 'Available Reports: 13' })).toBeTruthy();
    expect(within(strip).getByRole('listitem', { name: 'Popular Reports: 3' })).toBeTruthy();
    expect(within(strip).getByRole('listitem', { name: 'Categories: 4' })).toBeTruthy();
    expect(within(strip).getByRole('listitem', { name: 'New Reports: 3' })).toBeTruthy();

    expect(cards()).toHaveLength(13);
    const colourOf = (title: string, badge: string) => within(card(title)).getByText(badge).getAttribute('data-accent-color');
    expect(colourOf('Profit & Loss Statement', 'Financial')).toBe('blue');
    expect(colourOf('VAT Return Report', 'Tax')).toBe('green');
    expect(colourOf('POS Sales Summary', 'Business')).toBe('purple');
    expect(colourOf('Audit Trail', 'Compliance')).toBe('orange');
    expect(within(card('Balance Sheet')).getByText('Popular')).toBeTruthy();
    expect(within(card('Balance Sheet')).queryByText('New')).toBeNull();
    expect(within(card('E-Invoice Compliance')).getByText('New')).toBeTruthy();
    expect(within(card('Trial Balance')).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(within(card('Trial Balance')).getByRole('button', { name: 'Generate' })).toBeTruthy();
  });

  it('searches titles and descriptions without regard to case, filters by category, and clears an empty result', async () => {
    mockFetch(session());
    await openPage();
    const search = screen.getByPlaceholderText('Search reports...');
    // Titles, and a description ("…with the largest balances").
    await userEvent.type(search, 'BALANCE');
    expect(cardTitles()).toEqual(['Balance Sheet', 'Trial Balance', 'Accounts Payable']);

    // "JoFotara" appears only in a description.
    await userEvent.clear(search);
    await userEvent.type(search, 'jofotara');
    expect(cardTitles()).toEqual(['E-Invoice Compliance']);

    await userEvent.clear(search);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'tax');
    expect(cardTitles()).toEqual(['VAT Return Report', 'Tax Summary']);

    await userEvent.type(search, 'payroll');
    expect(screen.getByText('No reports match your search criteria')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reports' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(cards()).toHaveLength(13);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('previews a report as a table for the chosen period', async () => {
    const { requests } = mockFetch({ ...session(), [`GET ${API}/reports/catalogue/profit-loss`]: () => ({ json: profitLossTable() }) });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'last_quarter');
    await userEvent.click(within(card('Profit & Loss Statement')).getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'Profit & Loss Statement' });
    const income = await within(dialog).findByRole('table', { name: 'Income' });
    expect(within(income).getByRole('columnheader', { name: 'Amount' })).toBeTruthy();
    const total = within(income).getByRole('row', { name: /Total income/ });
    expect(total.getAttribute('data-row-style')).toBe('total');
    expect(total.textContent).toContain('2,000.000');
    expect(within(dialog).getByText('1,234.500', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('42.5%')).toBeTruthy();
    expect(within(dialog).getByText('No cost of sales in this period')).toBeTruthy();
    expect(within(dialog).getByText('Figures in Jordanian dinars.')).toBeTruthy();
    expect(within(dialog).getByText(/Amman Traders · 1–30 Nov 2026/)).toBeTruthy();

    const call = requests.find((r) => r.url.includes('/reports/catalogue/profit-loss'))!;
    const query = new URL(call.url, 'http://x').searchParams;
    expect(query.get('period')).toBe('last_quarter');
    expect(query.get('lang')).toBe('en');
    expect(call.headers.get('X-Organization-ID')).toBe('org-1');
  });

  it('shows a failed preview in the dialog', async () => {
    mockFetch({ ...session(), [`GET ${API}/reports/catalogue/audit-trail`]: () => ({ status: 403, json: { detail: 'Only admins can read the audit trail' } }) });
    await openPage();
    await userEvent.click(within(card('Audit Trail')).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Trail' });
    expect(await within(dialog).findByText('Only admins can read the audit trail')).toBeTruthy();
  });

  it('sends a custom range only once it is valid', async () => {
    const { requests } = mockFetch({ ...session(), [`GET ${API}/reports/catalogue/balance-sheet`]: () => ({ json: profitLossTable({ report_id: 'balance-sheet', title: 'Balance Sheet' }) }) });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-31');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-01');
    expect(screen.getByText('The start date must not be after the end date')).toBeTruthy();
    expect((within(card('Balance Sheet')).getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(to);
    await userEvent.type(to, '2026-04-30');
    await userEvent.click(within(card('Balance Sheet')).getByRole('button', { name: 'Preview' }));
    await screen.findByRole('dialog', { name: 'Balance Sheet' });
    await waitFor(() => expect(requests.some((r) => r.url.includes('/catalogue/balance-sheet'))).toBe(true));
    const query = new URL(requests.find((r) => r.url.includes('/catalogue/balance-sheet'))!.url, 'http://x').searchParams;
    expect([query.get('period'), query.get('custom_start'), query.get('custom_end')]).toEqual(['custom', '2026-03-31', '2026-04-30']);
  });

  it('generates a report in the chosen format and saves it', async () => {
    const saved = captureDownloads();
    const { requests } = mockFetch({ ...session(), [`GET ${API}/reports/catalogue/trial-balance/export/excel`]: () => ({ text: 'PK' }) });
    await openPage();
    await userEvent.click(within(card('Trial Balance')).getByRole('button', { name: 'Generate' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    expect(await screen.findByText('Trial Balance downloaded as Excel.')).toBeTruthy();
    const call = requests.find((r) => r.url.includes('/export/excel'))!;
    expect(new URL(call.url, 'http://x').searchParams.get('period')).toBe('current_month');
    // No Content-Disposition in this answer: the screen's own name is used.
    expect(saved).toEqual([{ name: `trial-balance-${ORGANIZATION_NAME}-${TODAY}.xlsx`, href: 'blob:report' }]);
  });

  it('reports a failed generation', async () => {
    captureDownloads();
    mockFetch({ ...session(), [`GET ${API}/reports/catalogue/tax-summary/export/pdf`]: () => ({ status: 422, json: { detail: 'custom_start must be on or before custom_end' } }) });
    await openPage();
    await userEvent.click(within(card('Tax Summary')).getByRole('button', { name: 'Generate' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    expect(await screen.findByText('Tax Summary could not be generated as PDF: custom_start must be on or before custom_end')).toBeTruthy();
  });

  it('bulk-exports the visible reports by default, in the chosen format, as one zip', async () => {
    const saved = captureDownloads();
    const { requests } = mockFetch({ ...session(), [`POST ${API}/reports/bulk-export`]: () => ({ text: 'PK' }) });
    await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'tax');
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Export' });
    expect(within(dialog).getByRole('checkbox', { name: 'VAT Return Report' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('checkbox', { name: 'Tax Summary' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('checkbox', { name: 'Balance Sheet' }).getAttribute('aria-checked')).toBe('false');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Balance Sheet' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Period'), 'last_year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export 3 reports' }));

    expect(await screen.findByText('3 reports exported.')).toBeTruthy();
    const call = requests.find((r) => r.method === 'POST')!;
    expect(call.url).toBe(`${API}/reports/bulk-export`);
    expect(JSON.parse(call.body!)).toEqual({ report_ids: ['balance-sheet', 'vat-return', 'tax-summary'], format: 'csv', period: 'last_year', lang: 'en' });
    expect(saved.map((s) => s.name)).toEqual([`reports-${ORGANIZATION_NAME}-${TODAY}.zip`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a bulk export with no report chosen and reports a failed one', async () => {
    captureDownloads();
    const { requests } = mockFetch({ ...session(), [`POST ${API}/reports/bulk-export`]: () => ({ status: 413, json: { detail: 'The export is too large' } }) });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Export' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export 0 reports' }));
    expect(within(dialog).getByText('Choose at least one report')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Select all' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export 13 reports' }));
    expect(await screen.findByText('The reports could not be exported: The export is too large')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Bulk Export' })).toBeTruthy();
  });

  it('runs the Quick Actions: the month-end package, the tax filing set, and Custom Report', async () => {
    const saved = captureDownloads();
    const { requests } = mockFetch({ ...session(), [`POST ${API}/reports/bulk-export`]: () => ({ text: 'PK' }) });
    await openPage();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: /^Monthly Close/ }));
    expect(await screen.findByText('The month-end package was downloaded.')).toBeTruthy();
    await userEvent.click(within(actions).getByRole('button', { name: /^Tax Filing/ }));
    expect(await screen.findByText('The tax filing reports were downloaded.')).toBeTruthy();
    const bodies = requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body!));
    expect(bodies).toEqual([
      { report_ids: ['profit-loss', 'balance-sheet', 'cash-flow', 'trial-balance'], format: 'pdf', period: 'last_month', lang: 'en' },
      { report_ids: ['vat-return', 'tax-summary', 'einvoice-compliance'], format: 'pdf', period: 'current_month', lang: 'en' },
    ]);
    expect(saved.map((s) => s.name)).toEqual([`month-end-close-${ORGANIZATION_NAME}-${TODAY}.zip`, `tax-filing-${ORGANIZATION_NAME}-${TODAY}.zip`]);

    await userEvent.click(within(actions).getByRole('button', { name: /^Custom Report/ }));
    expect(await screen.findByRole('dialog', { name: 'Bulk Export' })).toBeTruthy();
  });

  it('lands on the page from the SPEC’s /_layout path', async () => {
    mockFetch(session());
    const { router } = renderRoutes([{ element: <AppTheme><Outlet /></AppTheme>, children: reportsRoutes }], '/_layout/accounting/reports');
    await screen.findByRole('heading', { name: 'Financial Reports', level: 1 });
    expect(router.state.location.pathname).toBe('/accounting/reports');
  });
});
