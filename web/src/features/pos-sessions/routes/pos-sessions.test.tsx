import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { posTerminalCreate } from '@daftar/shared/schemas/pos';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, closedShift, location, POS, prepareScreens, session, shift, terminal } from '../testing/fixtures';
import { SessionRoute } from './session';
import { SessionsRoute } from './sessions';
import { TerminalsRoute } from './terminals';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  // The signed-in shell's Theme, which dialogs read to draw their portals.
  { path: '/pos/terminals', element: <AppTheme><TerminalsRoute /></AppTheme> },
  { path: '/pos/sessions', element: <AppTheme><SessionsRoute /></AppTheme> },
  { path: '/pos/sessions/:sessionId', element: <AppTheme><SessionRoute /></AppTheme> },
  { path: '/pos', element: <Screen name="register" /> },
];

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const bodies = (requests: RecordedRequest[], method: string) => requests.filter((r) => r.method === method).map((r) => JSON.parse(r.body!) as unknown);

const terminalReaders = (terminals = [terminal()]) => ({
  [`GET ${POS}/terminals`]: () => ({ json: { data: terminals, count: terminals.length } }),
  [`GET ${API}/inventory/locations`]: () => ({ json: { data: [location(), location({ id: 'loc-2', name: 'Irbid branch', name_ar: 'فرع إربد', is_default: false })], count: 2 } }),
  [`GET ${API}/accounts`]: () => ({
    json: {
      data: [
        { id: 'acc-cash', code: '1010', name: 'Cash on hand', name_ar: 'النقد في الصندوق', type: 'asset', subtype: 'cash', is_active: true },
        { id: 'acc-till2', code: '1012', name: 'Till 2 drawer', name_ar: 'درج الصندوق 2', type: 'asset', subtype: 'cash', is_active: true },
      ],
      count: 2,
    },
  }),
});

describe('session close and reports', { timeout: 60_000 }, () => {
  it('shows the difference as the count is typed and closes with the counted figures, then shows the Z report', async () => {
    let current = shift();
    const { requests } = mockFetch({
      ...session('member'),
      [`GET ${POS}/sessions`]: () => ({ json: { data: [current], count: 1 } }),
      [`PATCH ${POS}/sessions/sess-1`]: () => {
        current = {
          ...closedShift(),
          report: { ...closedShift().report, counted: { cash: '53.250', card: '30.000', cliq: null }, difference: { cash: '0.750', card: '0.000', cliq: null } },
        };
        return { json: current };
      },
    });
    renderRoutes(routes, '/pos/sessions/sess-1?terminal_id=term-1');
    const user = userEvent.setup();

    // The X report while open: the running totals and what the drawer should hold.
    expect(await screen.findByRole('heading', { level: 2, name: 'X report' })).toBeTruthy();
    const summary = screen.getByTestId('report-summary');
    expect(within(summary).getByText(jod('72.500'))).toBeTruthy();
    const expected = screen.getByRole('table', { name: 'Expected in the drawer' });
    expect(within(within(expected).getByRole('row', { name: /Cash/ })).getByText(jod('52.500'))).toBeTruthy();
    // The session was found in its terminal's list (there is no read by id).
    const listed = requests.find((r) => r.method === 'GET' && r.url.startsWith(`${POS}/sessions`))!;
    expect(new URL(listed.url, 'http://x').searchParams.get('terminal_id')).toBe('term-1');

    const cash = screen.getByLabelText('Counted cash (JOD)');
    const cashFigures = screen.getByTestId('close-cash');
    expect(within(cashFigures).getByText(`Expected ${jod('52.500')}`)).toBeTruthy();
    await user.type(cash, '52');
    const short = await within(cashFigures).findByText(`Short ${jod('0.500')}`);
    expect(short.getAttribute('data-accent-color')).toBe('red');
    await user.clear(cash);
    await user.type(cash, '53.25');
    const over = await within(cashFigures).findByText(`Over ${jod('0.750')}`);
    expect(over.getAttribute('data-accent-color')).toBe('green');
    await user.type(screen.getByLabelText('Card batch total (JOD)'), '30');
    expect(await within(screen.getByTestId('close-card')).findByText('Balanced')).toBeTruthy();
    // CliQ left blank: no figure, and nothing is sent for it.
    expect(within(screen.getByTestId('close-cliq')).queryByText(/Short|Over|Balanced/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close session' }));
    await waitFor(() => expect(bodies(requests, 'PATCH')).toHaveLength(1));
    expect(bodies(requests, 'PATCH')[0]).toEqual({ status: 'closed', counted: { cash: '53.25', card: '30' }, note: null });

    expect(await screen.findByRole('heading', { level: 2, name: 'Z report' })).toBeTruthy();
    const count = screen.getByRole('table', { name: 'Count' });
    const cashRow = within(count).getByRole('row', { name: /Cash/ });
    expect(within(cashRow).getByText(jod('53.250'))).toBeTruthy();
    expect(within(cashRow).getByText(`Over ${jod('0.750')}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close session' })).toBeNull();
  });

  it('refuses a count that is not an amount without sending it', async () => {
    const { requests } = mockFetch({ ...session('member'), [`GET ${POS}/sessions`]: () => ({ json: { data: [shift()], count: 1 } }) });
    renderRoutes(routes, '/pos/sessions/sess-1?terminal_id=term-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close session' }));
    const cash = screen.getByLabelText('Counted cash (JOD)');
    await waitFor(() => expect(cash.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(cash.getAttribute('aria-describedby')!)!.textContent).toBe('Enter an amount such as 1.250 (at most three decimals)');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('renders a closed session as the Z report with what was counted and the differences', async () => {
    mockFetch({ ...session('member'), [`GET ${POS}/sessions`]: () => ({ json: { data: [shift({ id: 'sess-0' }), closedShift()], count: 2 } }) });
    renderRoutes(routes, '/pos/sessions/sess-1?terminal_id=term-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Z report' })).toBeTruthy();
    const count = screen.getByRole('table', { name: 'Count' });
    const cashRow = within(count).getByRole('row', { name: /Cash/ });
    expect(within(cashRow).getByText(jod('52.500'))).toBeTruthy();
    expect(within(cashRow).getByText(jod('52.000'))).toBeTruthy();
    expect(within(cashRow).getByText(`Short ${jod('0.500')}`).getAttribute('data-accent-color')).toBe('red');
    expect(within(within(count).getByRole('row', { name: /Card/ })).getByText('Balanced')).toBeTruthy();
    // CliQ took money but was not counted: its expected figure, and no difference.
    const cliqRow = within(count).getByRole('row', { name: /CliQ/ });
    expect(within(cliqRow).getByText(jod('6.000'))).toBeTruthy();
    expect(within(cliqRow).getAllByText('—')).toHaveLength(2);
    // Per tender: the return's cash went back out.
    const tenders = screen.getByRole('table', { name: 'By tender' });
    const cashTender = within(tenders).getByRole('row', { name: /Cash/ });
    expect(within(cashTender).getByText(jod('36.500'))).toBeTruthy();
    expect(within(cashTender).getByText(jod('4.000'))).toBeTruthy();
    expect(within(tenders).queryByRole('row', { name: /Store credit/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close session' })).toBeNull();
  });
});

describe('sessions list and opening', { timeout: 60_000 }, () => {
  it('opens a session on the terminal the register named, then returns to the register', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...terminalReaders([terminal(), terminal({ id: 'term-2', name: 'Back counter', receipt_prefix: 'T2' })]),
      [`GET ${POS}/sessions`]: () => ({ json: { data: [closedShift()], count: 1 } }),
      [`POST ${POS}/sessions`]: () => ({ status: 201, json: shift({ id: 'sess-2', terminal_id: 'term-2', terminal_name: 'Back counter' }) }),
    });
    const { router } = renderRoutes(routes, '/pos/sessions?terminal_id=term-2');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Open a session' });
    expect((within(dialog).getByLabelText('Terminal') as HTMLSelectElement).value).toBe('term-2');
    await user.type(within(dialog).getByLabelText('Opening float (JOD)'), '25.500');
    await user.click(within(dialog).getByRole('button', { name: 'Open session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pos'));
    expect(bodies(requests, 'POST')).toEqual([{ terminal_id: 'term-2', opening_float: '25.500', note: null }]);
    // The list was filtered by the terminal in the address.
    const listed = requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `${POS}/sessions`).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(listed[0]!.get('terminal_id')).toBe('term-2');
  });
});

describe('terminals', { timeout: 60_000 }, () => {
  it('checks the receipt prefix with the shared schema before creating a terminal', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...terminalReaders(),
      [`POST ${POS}/terminals`]: () => ({ status: 201, json: terminal({ id: 'term-2', name: 'Irbid till', receipt_prefix: 'IRB1', location_id: 'loc-2' }) }),
    });
    renderRoutes(routes, '/pos/terminals');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Terminals' });
    expect(within(within(table).getByRole('row', { name: /Front counter/ })).getByText('T1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a terminal' });
    await user.type(within(dialog).getByLabelText('Name'), 'Irbid till');
    const prefix = within(dialog).getByLabelText('Receipt prefix');
    await user.type(prefix, 'irb-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add terminal' }));

    // The message is the shared schema's own (the API answers the same text).
    const rule = posTerminalCreate.safeParse({ name: 'x', receipt_prefix: 'irb-1' });
    expect(rule.success).toBe(false);
    await waitFor(() => expect(prefix.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(prefix.getAttribute('aria-describedby')!)!.textContent).toBe(rule.error!.issues[0]!.message);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(prefix);
    await user.type(prefix, 'IRB1');
    await user.selectOptions(within(dialog).getByLabelText('Sells stock from'), 'loc-2');
    await user.selectOptions(within(dialog).getByLabelText('Drawer account'), 'acc-till2');
    const discount = within(dialog).getByLabelText('Largest cashier discount (%)');
    await user.clear(discount);
    await user.type(discount, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Add terminal' }));
    await waitFor(() => expect(bodies(requests, 'POST')).toHaveLength(1));
    expect(bodies(requests, 'POST')[0]).toEqual({
      name: 'Irbid till',
      location_id: 'loc-2',
      cash_account_id: 'acc-till2',
      receipt_header: null,
      receipt_footer: null,
      max_cashier_discount_percent: 15,
      is_active: true,
      receipt_prefix: 'IRB1',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Only cash accounts were asked for.
    const accounts = requests.find((r) => r.url.startsWith(`${API}/accounts`))!;
    expect(Object.fromEntries(new URL(accounts.url, 'http://x').searchParams)).toMatchObject({ type: 'asset', subtype: 'cash' });
  });

  it("shows the server's reason when a terminal with sales cannot be deleted", async () => {
    const detail = 'Front counter has receipts and cannot be deleted; make it inactive instead';
    mockFetch({ ...session('admin'), ...terminalReaders(), [`DELETE ${POS}/terminals/term-1`]: () => ({ status: 409, json: { detail } }) });
    renderRoutes(routes, '/pos/terminals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Front counter' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(detail);
  });
});

describe('in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('shows the Z report in Arabic, right to left, with the shortfall in words', async () => {
    mockFetch({ ...session('member'), [`GET ${POS}/sessions`]: () => ({ json: { data: [closedShift()], count: 1 } }) });
    renderRoutes(routes, '/pos/sessions/sess-1?terminal_id=term-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'تقرير إغلاق الوردية' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const count = screen.getByRole('table', { name: 'الجرد' });
    const cashRow = within(count).getByRole('row', { name: /نقدًا/ });
    expect(within(cashRow).getByText(`عجز ${jod('0.500', 'ar')}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeTruthy();
  });
});
