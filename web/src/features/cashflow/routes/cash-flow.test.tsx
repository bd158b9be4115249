import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { CASHFLOW, cashFlowReaders, forecast, line, lines, noAccuracy, prepareScreens, session, settings } from '../testing/fixtures';
import { CashFlowRoute } from './cash-flow';

beforeAll(prepareScreens);
// jsdom lays nothing out; the charts' containers measure themselves, so they are given a size.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 800, bottom: 300, width: 800, height: 300, toJSON: () => ({}) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [{ path: '/cash-flow', element: <AppTheme><CashFlowRoute /></AppTheme> }];

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const queryOf = (request: RecordedRequest) => Object.fromEntries(new URL(request.url, 'http://x').searchParams);
const calls = (requests: RecordedRequest[], method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
const bodies = (requests: RecordedRequest[], method: string, path: string) => calls(requests, method, path).map((r) => JSON.parse(r.body!) as unknown);
/** Radix repeats a tab's label in a hidden span (to reserve the bold width), so names start with it. */
const tabName = (label: string) => new RegExp(`^${label}`);

describe('the cash flow overview', { timeout: 60_000 }, () => {
  it('shows cash now, this month against last, what is planned, the balance chart and the largest outflows', async () => {
    const { requests } = mockFetch({ ...session('viewer'), ...cashFlowReaders() });
    renderRoutes(routes, '/cash-flow');
    const user = userEvent.setup();

    const balance = await screen.findByRole('group', { name: 'Cash balance' });
    expect(within(balance).getByText(jod('1250.500'))).toBeTruthy();
    const month = screen.getByRole('group', { name: 'This month' });
    expect(within(month).getByText(jod('250.000')).getAttribute('data-sign')).toBe('positive');
    expect(within(month).getByTestId('last-month').textContent!.replace(/\s+/g, ' ')).toBe(`Last month: ${jod('-100.000')}`);
    // Planned: 300.000 in less 450.000 out, counted in fils.
    const planned = screen.getByRole('group', { name: 'Planned entries' });
    expect(within(planned).getByText(jod('-150.000')).getAttribute('data-sign')).toBe('negative');
    expect(within(planned).getByText(`2 entries: in ${jod('300.000')} · out ${jod('450.000')}`)).toBeTruthy();

    const chart = await screen.findByRole('img', { name: 'Closing balance and net flow by Day' });
    await waitFor(() => expect(chart.querySelectorAll('.recharts-legend-item')).toHaveLength(2));
    expect([...chart.querySelectorAll('.recharts-legend-item-text')].map((n) => n.textContent).sort()).toEqual(['Closing balance', 'Net flow']);
    // jsdom draws no series (it lays nothing out); the same figures are a table for screen readers.
    const table = screen.getByRole('table', { name: 'Balance and net flow' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining(`${jod('100.000')}${jod('1100.000')}`),
      expect.stringContaining(`${jod('-35.000')}${jod('1065.000')}`),
      expect.stringContaining(`${jod('185.500')}${jod('1250.500')}`),
    ]);

    const outflows = screen.getByRole('table', { name: 'Largest outflows this month' });
    expect(within(outflows).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s+/g, ' '))).toEqual([`Supplier payments${jod('400.000')}`, `Payroll${jod('200.000')}`]);

    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('img', { name: 'Closing balance and net flow by Week' });
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    await screen.findByRole('img', { name: 'Closing balance and net flow by Month' });
    expect(calls(requests, 'GET', `${CASHFLOW}/weekly`)).toHaveLength(1);
    expect(calls(requests, 'GET', `${CASHFLOW}/monthly`)).toHaveLength(1);
    // The viewer reads the overview; no transactions or forecast are asked for until their tab opens.
    expect(calls(requests, 'GET', `${CASHFLOW}/forecast/30`)).toHaveLength(0);
  });
});

describe('cash flow transactions', { timeout: 60_000 }, () => {
  it('lists the lines with their categories, re-categorised ones "from" their first, and filters on the server', async () => {
    const { requests } = mockFetch({ ...session('member'), ...cashFlowReaders(), [`GET ${CASHFLOW}/search`]: () => ({ json: { data: [line()], count: 1 } }) });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Cash-flow transactions' });

    const sale = within(table).getByRole('row', { name: /Till sale S1-000001/ });
    expect(within(sale).getByText('Sales')).toBeTruthy();
    expect(within(sale).getByText(jod('11.600')).getAttribute('data-direction')).toBe('in');
    expect(within(sale).getByRole('link', { name: 'Open journal entry JE-000001' }).getAttribute('href')).toBe('/accounting/journal/je-1');
    // Posted: no edit or delete, only its category.
    expect(within(sale).queryByRole('button', { name: /^Edit/ })).toBeNull();

    const electricity = within(table).getByRole('row', { name: /Electricity bill/ });
    expect(within(electricity).getByText('Rent and utilities')).toBeTruthy();
    expect(within(electricity).getByText('from Expenses')).toBeTruthy();

    const transfer = within(table).getByRole('row', { name: /Drawer deposited to bank/ });
    expect(within(transfer).queryByRole('button', { name: /Change the category/ })).toBeNull();
    expect(within(transfer).getByLabelText('A transfer between your own accounts keeps its category')).toBeTruthy();

    const planned = within(table).getByRole('row', { name: /Shop rent December/ });
    expect(within(planned).getByText('Planned')).toBeTruthy();
    expect(within(planned).queryByRole('link')).toBeNull();
    expect(within(planned).getByRole('button', { name: 'Edit Shop rent December' })).toBeTruthy();

    // Only cash and bank accounts are offered.
    const account = screen.getByLabelText('Account');
    expect([...account.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Any', '1010 · Cash on hand', '1020 · Arab Bank']);
    await user.selectOptions(screen.getByLabelText('Category'), 'payroll');
    await user.selectOptions(screen.getByLabelText('Direction'), 'out');
    await user.selectOptions(account, 'acc-bank');
    await user.type(screen.getByLabelText('Amount from'), '10.5');
    await waitFor(() =>
      expect(calls(requests, 'GET', `${CASHFLOW}/transactions`).map(queryOf).at(-1)).toEqual({ skip: '0', limit: '25', cash_flow_category: 'payroll', direction: 'out', account_id: 'acc-bank', amount_min: '10.5' }),
    );
    // An amount that is not one yet is not sent.
    await user.type(screen.getByLabelText('Amount to'), 'abc');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls(requests, 'GET', `${CASHFLOW}/transactions`).some((r) => 'amount_max' in queryOf(r))).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'S1-000001');
    await waitFor(() => expect(calls(requests, 'GET', `${CASHFLOW}/search`).map(queryOf)).toEqual([{ skip: '0', limit: '25', q: 'S1-000001' }]));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Cash-flow transactions' })).queryByText('Electricity bill')).toBeNull());
    expect(screen.getByText('Searching ignores the filters.')).toBeTruthy();
  });

  it('describes a posted line by the narrative its posting wrote (issue 17)', async () => {
    mockFetch({ ...session('viewer'), ...cashFlowReaders(), [`GET ${CASHFLOW}/transactions`]: () => ({ json: { data: describedLines(), count: 5 } }) });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const table = await screen.findByRole('table', { name: 'Cash-flow transactions' });
    expect(within(table).getByRole('row', { name: /Payment received from Haddad Trading/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Expense: Electricity bill/ })).toBeTruthy();
    // Posted before narratives: the English it stored.
    expect(within(table).getByRole('row', { name: /Till sale S1-000001/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Loan from Sami/ })).toBeTruthy();
  });

  it('re-categorises a posted line (never to a transfer) and says so', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...cashFlowReaders(),
      [`PUT ${CASHFLOW}/transactions/cf-1/category`]: () => ({ json: line({ cash_flow_category: 'other_operating', original_category: 'sales' }) }),
    });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the category of Till sale S1-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change category' });
    const select = within(dialog).getByLabelText('Category');
    expect([...select.querySelectorAll('option')].map((o) => o.getAttribute('value'))).not.toContain('transfers');
    expect([...select.querySelectorAll('option')]).toHaveLength(15);
    await user.selectOptions(select, 'other_operating');
    await user.click(within(dialog).getByRole('button', { name: 'Save category' }));
    expect(await screen.findByText('Category changed to Other operating')).toBeTruthy();
    expect(bodies(requests, 'PUT', `${CASHFLOW}/transactions/cf-1/category`)).toEqual([{ cash_flow_category: 'other_operating' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again with the change.
    await waitFor(() => expect(calls(requests, 'GET', `${CASHFLOW}/transactions`).length).toBeGreaterThan(1));
  });

  it('adds a planned entry (checked by the shared schema first), edits it and deletes it', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...cashFlowReaders(),
      [`POST ${CASHFLOW}/transactions`]: () => ({ status: 201, json: line({ id: 'cf-new', is_manual_entry: true, is_planned: true }) }),
      [`PUT ${CASHFLOW}/transactions/cf-plan`]: () => ({ json: line({ id: 'cf-plan', is_manual_entry: true, is_planned: true }) }),
      [`DELETE ${CASHFLOW}/transactions/cf-plan`]: () => ({ json: { message: 'Cash-flow entry deleted' } }),
    });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add planned entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a planned entry' });
    const category = within(dialog).getByLabelText('Category');
    expect([...category.querySelectorAll('option')].map((o) => o.getAttribute('value'))).not.toContain('transfers');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    const description = within(dialog).getByLabelText('Description');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(description.getAttribute('aria-describedby')!)!.textContent).toBe('Say what it is');
    expect(calls(requests, 'POST', `${CASHFLOW}/transactions`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2026-12-10');
    await user.type(within(dialog).getByLabelText('Amount (JOD)'), '300');
    await user.selectOptions(within(dialog).getByLabelText('Direction'), 'in');
    await user.selectOptions(category, 'customer_receipts');
    await user.type(description, 'Cheque from Haddad Trading');
    await user.selectOptions(within(dialog).getByLabelText('Account (optional)'), 'acc-bank');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await screen.findByText('Planned entry added')).toBeTruthy();
    expect(bodies(requests, 'POST', `${CASHFLOW}/transactions`)).toEqual([
      { date: '2026-12-10', amount: '300', direction: 'in', cash_flow_category: 'customer_receipts', description: 'Cheque from Haddad Trading', account_id: 'acc-bank', is_planned: true },
    ]);
    expect(calls(requests, 'POST', `${CASHFLOW}/transactions`)[0]!.headers.get('Idempotency-Key')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Shop rent December' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit entry' });
    // The amount's size, its direction apart.
    expect((within(edit).getByLabelText('Amount (JOD)') as HTMLInputElement).value).toBe('450.000');
    await user.clear(within(edit).getByLabelText('Amount (JOD)'));
    await user.type(within(edit).getByLabelText('Amount (JOD)'), '475.000');
    await user.click(within(edit).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('Entry saved')).toBeTruthy();
    expect(bodies(requests, 'PUT', `${CASHFLOW}/transactions/cf-plan`)).toEqual([
      { date: '2026-12-05', amount: '475.000', direction: 'out', cash_flow_category: 'rent_and_utilities', description: 'Shop rent December', account_id: null, is_planned: true },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Shop rent December' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
    expect(calls(requests, 'DELETE', `${CASHFLOW}/transactions/cf-plan`)).toHaveLength(1);
  });

  it('lets a viewer read only', async () => {
    mockFetch({ ...session('viewer'), ...cashFlowReaders() });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    await screen.findByRole('table', { name: 'Cash-flow transactions' });
    expect(screen.queryByRole('button', { name: 'Add planned entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the category/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});

describe('the cash flow forecast', { timeout: 60_000 }, () => {
  it('draws the base with its band, the scenarios and the threshold, lists the days below it, the components and what was learned', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...cashFlowReaders() });
    renderRoutes(routes, '/cash-flow?tab=forecast');
    const user = userEvent.setup();

    const chart = await screen.findByRole('img', { name: 'Forecast closing balance over 30 days, with its error band and scenarios' });
    await waitFor(() => expect([...chart.querySelectorAll('.recharts-legend-item-text')].map((n) => n.textContent).sort()).toEqual(['Expected', 'Optimistic', 'Pessimistic', 'Range of past errors', 'With your adjustments']));
    // The band's low and high and every scenario's balance, day by day, as a table too.
    const days = screen.getByRole('table', { name: 'Forecast balance' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getAllByRole('row')[1]!.textContent!.replace(/\s+/g, ' ')).toContain(`${jod('1230.500')}${jod('1245.500')}${jod('1215.500')}${jod('1240.500')}${jod('1180.500')}${jod('1280.500')}`);
    expect(calls(requests, 'GET', `${CASHFLOW}/forecast/30`).map(queryOf)).toEqual([{ include_scenarios: 'true' }]);

    // The base falls 20.000 a day from 1250.500: below 1000.000 from the 13th day, 18 days of 30.
    expect(screen.getByTestId('below-threshold').textContent!.replace(/\s+/g, ' ')).toBe(`18 days below ${jod('1000.000')}`);
    const below = screen.getByRole('region', { name: 'Days below the alert threshold' });
    expect(within(below).getAllByText(/2026/)).toHaveLength(18);
    expect(within(screen.getByRole('group', { name: 'In 30 days' })).getByText(jod('650.500'))).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Lowest point' })).getByText(jod('650.500'))).toBeTruthy();

    const components = screen.getByRole('table', { name: 'Where the money comes from and goes' });
    expect(within(components).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Component', 'Expected', 'Optimistic', 'Pessimistic', 'With your adjustments']);
    expect(within(components).getByRole('row', { name: /Recurring payments/ }).textContent!.replace(/\s+/g, ' ')).toContain(jod('1350.000'));
    expect(within(components).getAllByRole('row')).toHaveLength(11);

    const learned = screen.getByRole('region', { name: 'What the forecast learned' });
    const recurring = within(learned).getByRole('list', { name: 'Recurring payments' });
    expect(within(recurring).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Rent and utilities · Monthly'),
      expect.stringContaining('orange jordan · Monthly'),
    ]);
    expect(within(within(learned).getByRole('group', { name: 'Doubtful receivables (left out)' })).getByText(jod('320.000'))).toBeTruthy();
    expect(within(learned).getByText('Sales uncertainty: ±12.5%')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: '90 days' }));
    await screen.findByRole('img', { name: 'Forecast closing balance over 90 days, with its error band and scenarios' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText("Forecast made again from today's books")).toBeTruthy();
    expect(calls(requests, 'GET', `${CASHFLOW}/forecast/90`).map(queryOf)).toEqual([{ include_scenarios: 'true' }, { include_scenarios: 'true', refresh: 'true' }]);
  });

  it('says when there is no band yet, and no threshold', async () => {
    mockFetch({ ...session('viewer'), ...cashFlowReaders(), [`GET ${CASHFLOW}/forecast/30`]: () => ({ json: forecast(30, { band: false, threshold: null }) }) });
    renderRoutes(routes, '/cash-flow?tab=forecast');
    expect(await screen.findByText('The error band appears once enough past forecasts can be compared with what happened.')).toBeTruthy();
    expect(screen.getByTestId('below-threshold').textContent).toBe('No alert threshold set');
    expect(screen.queryByRole('region', { name: 'Days below the alert threshold' })).toBeNull();
    // Settings are an admin's.
    expect(screen.queryByRole('button', { name: 'Forecast settings' })).toBeNull();
  });

  it('saves the threshold, the e-mail and an adjustment, checked by the shared schema first', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...cashFlowReaders(),
      [`GET ${CASHFLOW}/forecast/settings`]: () => ({ json: settings({ adjustments: [{ id: 'adj-1', from: '2026-12-01', to: null, component: 'sales', amount: null, percent: -10, note: 'Road works' }] }) }),
      [`PUT ${CASHFLOW}/forecast/settings`]: () => ({ json: settings() }),
    });
    renderRoutes(routes, '/cash-flow?tab=forecast');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forecast settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forecast settings' });
    const threshold = await within(dialog).findByLabelText('Alert threshold (JOD)');
    expect((threshold as HTMLInputElement).value).toBe('1000.000');
    expect((within(dialog).getByLabelText('Note') as HTMLInputElement).value).toBe('Road works');

    await user.click(within(dialog).getByRole('button', { name: 'Add adjustment' }));
    const second = within(dialog).getByRole('group', { name: 'Adjustment 2' });
    await user.clear(within(second).getByLabelText('From'));
    await user.type(within(second).getByLabelText('From'), '2026-12-10');
    await user.selectOptions(within(second).getByLabelText('Component'), 'planned_out');
    // Neither an amount nor a percentage: refused beside the amount.
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    const amount = within(second).getByLabelText('Amount per day');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('Give an amount per day or a percentage');
    expect(calls(requests, 'PUT', `${CASHFLOW}/forecast/settings`)).toHaveLength(0);

    await user.type(amount, '200');
    await user.clear(threshold);
    await user.type(threshold, '1500');
    await user.type(within(dialog).getByLabelText('Alert e-mail'), 'owner@example.jo');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Forecast settings saved')).toBeTruthy();
    expect(bodies(requests, 'PUT', `${CASHFLOW}/forecast/settings`)).toEqual([
      {
        alert_threshold: '1500',
        alert_email: 'owner@example.jo',
        adjustments: [
          { id: 'adj-1', from: '2026-12-01', to: null, component: 'sales', amount: null, percent: -10, note: 'Road works' },
          { from: '2026-12-10', to: null, component: 'planned_out', amount: '200', percent: null, note: null },
        ],
      },
    ]);
  });
});

describe('forecast accuracy', { timeout: 60_000 }, () => {
  it('shows WAPE, MAE and bias per horizon beside the naive WAPE, and which horizons cannot be measured yet', async () => {
    mockFetch({ ...session('viewer'), ...cashFlowReaders() });
    renderRoutes(routes, '/cash-flow?tab=accuracy');
    const table = await screen.findByRole('table', { name: 'Accuracy by horizon' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Horizon', 'WAPE', 'Naive WAPE', 'MAE (per day)', 'Bias', 'Forecasts compared', 'Days compared', '']);
    const thirty = within(table).getByRole('row', { name: /^30 days/ });
    expect(within(thirty).getAllByRole('cell').map((c) => c.textContent!.replace(/\s+/g, ' '))).toEqual(['18.3%', '31.2%', jod('42.125'), '-4.2%', '40', '1,200', 'Better than naive']);
    expect(within(within(table).getByRole('row', { name: /^60 days/ })).getByText('Not better than naive')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /^90 days/ })).getByText('Not yet')).toBeTruthy();
    expect(screen.getByText(/Too few forecasts have passed to measure accuracy at 90 days yet/)).toBeTruthy();
    expect(screen.getByText(/WAPE is the error as a share of the money that moved/)).toBeTruthy();
  });

  it('shows an empty state when no forecast has passed', async () => {
    mockFetch({
      ...session('viewer'),
      ...cashFlowReaders(),
      [`GET ${CASHFLOW}/forecast/accuracy/30`]: () => ({ json: noAccuracy(30) }),
      [`GET ${CASHFLOW}/forecast/accuracy/60`]: () => ({ json: noAccuracy(60) }),
    });
    renderRoutes(routes, '/cash-flow?tab=accuracy');
    expect((await screen.findByRole('note')).textContent).toMatch(/^No forecast has been overtaken by real days yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('names the tabs, the categories and the figures in Arabic, right to left', async () => {
    mockFetch({ ...session('member'), ...cashFlowReaders() });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'حركات التدفق النقدي' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(table).getByText('بدلًا من المصاريف')).toBeTruthy();
    expect(within(table).getAllByText('الإيجار والخدمات').length).toBeGreaterThan(0);
    expect(within(table).getByText(jod('11.600', 'ar'))).toBeTruthy();
    for (const name of ['نظرة عامة', 'الحركات', 'التوقعات', 'الدقة']) expect(screen.getByRole('tab', { name: tabName(name) })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: tabName('التوقعات') }));
    expect(await screen.findByRole('img', { name: 'الرصيد المتوقع الختامي خلال 30 يومًا، مع نطاق الخطأ والسيناريوهات'.replace('الرصيد المتوقع الختامي', 'الرصيد الختامي المتوقع') })).toBeTruthy();
    expect(screen.getByTestId('below-threshold').textContent!.replace(/\s+/g, ' ')).toBe(`18 يومًا دون ${jod('1000.000', 'ar')}`);
  });

  it('describes posted lines in Arabic (issue 17), and keeps the words a person typed', async () => {
    mockFetch({ ...session('member'), ...cashFlowReaders(), [`GET ${CASHFLOW}/transactions`]: () => ({ json: { data: describedLines(), count: 5 } }) });
    renderRoutes(routes, '/cash-flow?tab=transactions');
    const table = await screen.findByRole('table', { name: 'حركات التدفق النقدي' });
    // The narrative its posting wrote, with the customer's Arabic name; names and numbers isolated.
    expect(within(table).getByText(`دفعة مقبوضة من ${FSI}شركة الحداد${PDI}`)).toBeTruthy();
    // An expense: the words typed on it, in an Arabic sentence.
    expect(within(table).getByText(`مصروف: ${FSI}Electricity bill${PDI}`)).toBeTruthy();
    // Posted before narratives: its source and document number in Arabic, not the stored English.
    expect(within(table).getByText(`بيع من نقطة البيع ${FSI}S1-000001${PDI}`)).toBeTruthy();
    expect(within(table).queryByText('Till sale S1-000001')).toBeNull();
    // A journal entry's typed memo and a planned entry are the owner's own words.
    expect(within(table).getByText('Loan from Sami')).toBeTruthy();
    expect(within(table).getByText('Shop rent December')).toBeTruthy();
    // The description reads right to left (dir="auto": an Arabic sentence starts with an Arabic letter).
    expect(within(table).getByText(/^دفعة مقبوضة/).getAttribute('dir')).toBe('auto');
    expect(within(table).getByRole('button', { name: `تغيير فئة دفعة مقبوضة من ${FSI}شركة الحداد${PDI}` })).toBeTruthy();
  });
});

const FSI = '\u2068';
const PDI = '\u2069';

/** A payment and an expense with their postings' narratives, a sale posted before narratives, a typed journal memo and a planned entry. */
const describedLines = () => [
  line({ id: 'cf-pay', transaction_id: 'cf-pay', cash_flow_category: 'customer_receipts', description: 'Payment received from Haddad Trading', description_narrative: { key: 'ledger.payment.received', params: { contact: 'Haddad Trading', contact_ar: 'شركة الحداد' } }, source_type: 'payment', source_id: 'pay-3', journal_entry_id: 'je-4', entry_name: 'PAY-000003' }),
  line({ id: 'cf-exp', transaction_id: 'cf-exp', amount: '-35.000', direction: 'out', cash_flow_category: 'expenses', description: 'Expense: Electricity bill', description_narrative: { key: 'ledger.expense', params: { description: 'Electricity bill' } }, source_type: 'expense', source_id: 'exp-1', journal_entry_id: 'je-2', entry_name: 'JE-000002' }),
  line({ entry_name: 'S1-000001' }),
  line({ id: 'cf-je', transaction_id: 'cf-je', amount: '500.000', cash_flow_type: 'financing', cash_flow_category: 'loans', description: 'Loan from Sami', source_type: 'manual', source_id: 'je-9', journal_entry_id: 'je-9', entry_name: 'JE-000009' }),
  lines()[0]!,
];
