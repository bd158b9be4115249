import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customer, figures, ledger, LOYALTY, member, pointsLine, prepareScreens, program, reward, session } from '../testing/fixtures';
import { EditProgramRoute } from './edit-program';
import { MemberRoute } from './member';
import { MembersRoute } from './members';
import { NewProgramRoute } from './new-program';
import { ProgramRoute } from './program';
import { ProgramsRoute } from './programs';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = (stubbed: readonly string[] = []) => {
  const page = (name: string, element: ReactElement) => (stubbed.includes(name) ? <Screen name={name} /> : <AppTheme>{element}</AppTheme>);
  return [
    { path: '/loyalty', element: page('programs', <ProgramsRoute />) },
    { path: '/loyalty/new', element: page('new', <NewProgramRoute />) },
    { path: '/loyalty/programs/:programId', element: page('program', <ProgramRoute />) },
    { path: '/loyalty/programs/:programId/edit', element: page('edit', <EditProgramRoute />) },
    { path: '/loyalty/members', element: page('members', <MembersRoute />) },
    { path: '/loyalty/members/:customerId', element: page('member', <MemberRoute />) },
  ];
};

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const bodies = (requests: RecordedRequest[], method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body!) as unknown);
const queryOf = (request: RecordedRequest) => Object.fromEntries(new URL(request.url, 'http://x').searchParams);
const visibleText = (element: HTMLElement) => {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('style, script').forEach((node) => node.remove());
  return copy.textContent ?? '';
};
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;

const programReaders = (current = program()) => ({
  [`GET ${LOYALTY}/programs`]: () => ({ json: { data: [current, program({ id: 'lp-2', name: 'Staff points', name_ar: null, status: 'inactive', accounting_method: 'expense', members: 0, points_outstanding: 0, points_value: '0.000', deferred_revenue: '0.000' })], count: 2 } }),
  [`GET ${LOYALTY}/programs/${current.id}`]: () => ({ json: current }),
  [`GET ${LOYALTY}/programs/${current.id}/summary`]: () => ({ json: figures() }),
});

describe('the loyalty programs', { timeout: 60_000 }, () => {
  it('lists each program with its members, the points outstanding, their value and the revenue deferred for them', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...programReaders() });
    renderRoutes(routes(), '/loyalty');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Loyalty programs' });
    const row = within(table).getByRole('row', { name: /Saleh Rewards/ });
    expect(within(row).getByRole('link', { name: 'Saleh Rewards' }).getAttribute('href')).toBe('/loyalty/programs/lp-1');
    expect(within(row).getByText('Deferral (IFRS 15)')).toBeTruthy();
    expect(within(row).getByText('1,500')).toBeTruthy();
    expect(within(row).getByText(jod('15.000'))).toBeTruthy();
    expect(within(row).getByText(jod('11.880'))).toBeTruthy();
    // An expense program defers nothing: no figure, not a zero.
    const staff = within(table).getByRole('row', { name: /Staff points/ });
    expect(within(staff).getByText('Inactive')).toBeTruthy();
    expect(within(staff).getByText('—')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New program' }).getAttribute('href')).toBe('/loyalty/new');

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url.split('?')[0] === `${LOYALTY}/programs` && queryOf(r).status === 'active')).toBe(true));
  });

  it('makes a program: the schema refuses a point worth nothing, tiers are added, and the terms are sent as the API takes them', async () => {
    const { requests } = mockFetch({ ...session('admin'), [`POST ${LOYALTY}/programs`]: () => ({ status: 201, json: program({ id: 'lp-9' }) }) });
    const { router } = renderRoutes(routes(['program']), '/loyalty/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New loyalty program' });
    // The accounting method says what each choice does to the books.
    expect(within(form).getByText(/held back as a liability and becomes revenue when the points are redeemed or lapse/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Name'), 'Saleh Rewards');
    const value = within(form).getByLabelText('Value of one point (JOD)');
    await user.clear(value);
    await user.type(value, '0');
    await user.click(within(form).getByRole('button', { name: 'Add a tier' }));
    await user.type(within(form).getByLabelText('Tier 1 name'), 'Gold');
    await user.type(within(form).getByLabelText('Tier 1 from lifetime points'), '1000');
    const multiplier = within(form).getByLabelText('Tier 1 multiplier');
    await user.clear(multiplier);
    await user.type(multiplier, '1.5');
    await user.click(within(form).getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(value)).toBe('A point is worth more than zero');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(value);
    await user.type(value, '0.010');
    await user.type(within(form).getByLabelText('Points expire after (days)'), '365');
    const rate = within(form).getByLabelText('Expected redemption rate');
    await user.clear(rate);
    await user.type(rate, '0.8');
    await user.click(within(form).getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/programs/lp-9'));
    expect(bodies(requests, 'POST', `${LOYALTY}/programs`)).toEqual([
      {
        name: 'Saleh Rewards',
        name_ar: null,
        description: null,
        status: 'active',
        points_per_unit: '1',
        rounding: 'down',
        minimum_spend: '0.000',
        point_value: '0.010',
        accounting_method: 'deferral',
        expiry_days: 365,
        min_redemption_points: 0,
        tiers: [{ name: 'Gold', min_lifetime_points: 1000, multiplier: '1.5' }],
        redemption_rate: '0.8',
      },
    ]);
  });

  it('edits the terms of a program with points without sending its point value or accounting method', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...programReaders(), [`PUT ${LOYALTY}/programs/lp-1`]: () => ({ json: program({ points_per_unit: '2' }) }) });
    const { router } = renderRoutes(routes(['program']), '/loyalty/programs/lp-1/edit');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Edit Saleh Rewards' });
    expect((within(form).getByLabelText('Value of one point (JOD)') as HTMLInputElement).readOnly).toBe(true);
    const perJod = within(form).getByLabelText('Points per JOD spent');
    await user.clear(perJod);
    await user.type(perJod, '2');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/programs/lp-1'));
    const [sent] = bodies(requests, 'PUT', `${LOYALTY}/programs/lp-1`) as Record<string, unknown>[];
    expect(sent).toMatchObject({ points_per_unit: '2', min_redemption_points: 100, tiers: [{ name: 'Gold', min_lifetime_points: 1000, multiplier: '1.5' }] });
    expect(sent).not.toHaveProperty('point_value');
    expect(sent).not.toHaveProperty('accounting_method');
  });

  it('shows a program’s figures beside the liability account, its terms, and adds and deactivates rewards', async () => {
    let rewards = [reward()];
    const { requests } = mockFetch({
      ...session('admin'),
      ...programReaders(),
      [`GET ${LOYALTY}/rewards`]: () => ({ json: { data: rewards, count: rewards.length } }),
      [`POST ${LOYALTY}/rewards`]: (request) => {
        const made = reward({ ...(JSON.parse(request.body!) as object), id: 'rw-2' });
        rewards = [...rewards, made];
        return { status: 201, json: made };
      },
      [`PUT ${LOYALTY}/rewards/rw-1`]: () => {
        rewards = rewards.map((r) => (r.id === 'rw-1' ? { ...r, active: false } : r));
        return { json: rewards[0] };
      },
    });
    renderRoutes(routes(), '/loyalty/programs/lp-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saleh Rewards' })).toBeTruthy();
    const outstanding = await screen.findByRole('group', { name: 'Points outstanding' });
    expect(within(outstanding).getByText('1,500')).toBeTruthy();
    expect(within(outstanding).getByText(`Worth ${jod('15.000')}`)).toBeTruthy();
    expect(within(outstanding).getByText('120 lapse in the next 30 days')).toBeTruthy();
    const deferred = screen.getByRole('group', { name: 'Deferred revenue' });
    expect(within(deferred).getByText(`Liability account: ${jod('11.880')}`)).toBeTruthy();
    expect(within(deferred).getByText('Matches the books')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Points earned' })).getByText('20% of earned points redeemed')).toBeTruthy();
    expect(screen.getByText('Gold: from 1,000 points, ×1.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/loyalty/members?program=lp-1');

    const table = await screen.findByRole('table', { name: 'Rewards' });
    expect(within(within(table).getByRole('row', { name: /5 JOD voucher/ })).getByText(`${jod('5.000')} off`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reward' });
    await user.type(within(dialog).getByLabelText('Reward'), 'Free coffee');
    await user.type(within(dialog).getByLabelText('Points cost'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    const cost = within(dialog).getByLabelText('Points cost');
    await waitFor(() => expect(cost.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(cost)).toBe('A reward costs at least 1 point');
    await user.clear(cost);
    await user.type(cost, '200');
    await user.type(within(dialog).getByLabelText('Money off (JOD)'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${LOYALTY}/rewards`)).toEqual([
      { loyalty_program_id: 'lp-1', name: 'Free coffee', name_ar: null, description: null, points_cost: 200, reward_type: 'discount', discount_amount: '2', product_id: null, active: true },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Deactivate 5 JOD voucher' }));
    await waitFor(() => expect(bodies(requests, 'PUT', `${LOYALTY}/rewards/rw-1`)).toEqual([{ active: false }]));
    expect(await screen.findByRole('button', { name: 'Reactivate 5 JOD voucher' })).toBeTruthy();
  });
});

describe('the loyalty members', { timeout: 60_000 }, () => {
  it('searches members by name within a program, enrolls a customer found by search, and adjusts the points of those chosen', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...programReaders(),
      [`POST ${LOYALTY}/search`]: () => ({ json: { data: [member(), member({ customer_id: 'cust-3', customer_loyalty_id: 'lm-3', customer_name: 'Sami Nasser', tier: null, points_balance: 80, points_available: 80, points_value: '0.800', next_expiry: null })], count: 2 } }),
      [`GET ${API}/contacts/customers`]: () => ({ json: { data: [customer()], count: 1 } }),
      [`GET ${API}/contacts/cust-2`]: () => ({ json: customer() }),
      [`POST ${LOYALTY}/customers`]: () => ({ status: 201, json: member({ customer_id: 'cust-2', customer_name: 'Omar Khalil', points_balance: 0 }) }),
      [`POST ${LOYALTY}/bulk-operations`]: () => ({ json: { succeeded: ['cust-1', 'cust-3'], failed: [] } }),
    });
    const { router } = renderRoutes(routes(['member']), '/loyalty/members?program=lp-1');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Loyalty members' });
    const lina = within(table).getByRole('row', { name: /Lina Haddad/ });
    expect(within(lina).getByText('Gold')).toBeTruthy();
    expect(within(lina).getByText('1,250')).toBeTruthy();
    expect(within(lina).getByText(jod('12.500'))).toBeTruthy();
    expect(within(lina).getByRole('link', { name: 'Lina Haddad' }).getAttribute('href')).toBe('/loyalty/members/cust-1');
    expect(bodies(requests, 'POST', `${LOYALTY}/search`)[0]).toEqual({ loyalty_program_id: 'lp-1', skip: 0, limit: 25 });

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'lina');
    await waitFor(() => expect(bodies(requests, 'POST', `${LOYALTY}/search`)).toContainEqual({ q: 'lina', loyalty_program_id: 'lp-1', skip: 0, limit: 25 }));

    // Bulk: the ones ticked, the same points each, with one reason.
    const bulkButton = screen.getByRole('button', { name: 'Adjust points of 0' });
    expect(bulkButton.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Choose every member on this page' }));
    await user.click(screen.getByRole('button', { name: 'Adjust points of 2' }));
    const bulk = await screen.findByRole('dialog', { name: 'Adjust points of many members' });
    await user.type(within(bulk).getByLabelText('Points (+ to give, − to take)'), '100');
    await user.click(within(bulk).getByRole('button', { name: 'Adjust 2 members' }));
    const reason = within(bulk).getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(reason)).toBe('Say why the points change');
    await user.type(reason, 'Eid gift');
    await user.click(within(bulk).getByRole('button', { name: 'Adjust 2 members' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${LOYALTY}/bulk-operations`)).toEqual([{ operation: 'adjust', customer_ids: ['cust-1', 'cust-3'], points: 100, description: 'Eid gift' }]);

    await user.click(screen.getByRole('button', { name: 'Enroll a customer' }));
    const enroll = await screen.findByRole('dialog', { name: 'Enroll a customer' });
    await user.click(within(enroll).getByRole('button', { name: 'Enroll' }));
    expect(await within(enroll).findByText('Choose the customer')).toBeTruthy();
    await user.type(within(enroll).getByRole('combobox', { name: 'Customer' }), 'omar');
    await user.click(await screen.findByRole('option', { name: /Omar Khalil/ }));
    await user.click(within(enroll).getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/members/cust-2'));
    expect(bodies(requests, 'POST', `${LOYALTY}/customers`)).toEqual([{ customer_id: 'cust-2', loyalty_program_id: 'lp-1', notes: null }]);
  });
});

describe('a customer’s points', { timeout: 60_000 }, () => {
  /** The member as the server holds them: each answer changes them, and the page reads them again. */
  function memberServer() {
    let current = member();
    let lines = ledger();
    return {
      readers: {
        ...programReaders(),
        [`GET ${LOYALTY}/customers/cust-1`]: () => ({ json: current }),
        [`GET ${LOYALTY}/customers/cust-1/transactions`]: () => ({ json: { data: lines, count: lines.length } }),
        [`GET ${LOYALTY}/rewards`]: () => ({ json: { data: [reward(), reward({ id: 'rw-2', name: 'Hamper', points_cost: 5000 })], count: 2 } }),
      },
      move(points: number, line: Partial<ReturnType<typeof pointsLine>>) {
        current = { ...current, points_balance: current.points_balance + points, points_available: current.points_available + points };
        const added = pointsLine({ id: `lt-${lines.length + 1}`, points, balance_after: current.points_balance, ...line });
        lines = [added, ...lines];
        return added;
      },
      reverse(id: string) {
        lines = lines.map((l) => (l.id === id ? { ...l, reversed_by: 'lt-r' } : l));
      },
    };
  }

  it('shows the balance, what can be used, its value, the tier and the next expiry, with the ledger signed', async () => {
    const server = memberServer();
    mockFetch({ ...session('member'), ...server.readers });
    renderRoutes(routes(), '/loyalty/members/cust-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Points of Lina Haddad' })).toBeTruthy();
    const balance = screen.getByRole('group', { name: 'Balance' });
    expect(within(balance).getByText('1,250')).toBeTruthy();
    expect(within(balance).getByText('1,200 available now')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Value' })).getByText(jod('12.500'))).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Tier' })).getByText('Gold')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Next expiry' })).getByText('200 points lapse then')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Point ledger' });
    const earned = within(table).getByRole('row', { name: /Earned/ });
    expect(within(earned).getByText('+250').closest('[data-sign]')!.getAttribute('data-sign')).toBe('plus');
    expect(within(earned).getByText('Till sale')).toBeTruthy();
    // A deferral program shows what each line deferred.
    expect(within(earned).getByText(jod('1.980'))).toBeTruthy();
    // A member of staff neither adjusts nor reverses; they redeem.
    expect(screen.queryByRole('button', { name: 'Adjust points' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Reverse' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Redeem a reward' })).toBeTruthy();
  });

  it('adjusts points with a reason, refuses zero, and reverses a manual line (admins)', async () => {
    const server = memberServer();
    const { requests } = mockFetch({
      ...session('admin'),
      ...server.readers,
      [`POST ${LOYALTY}/transactions`]: (request) => {
        const body = JSON.parse(request.body!) as { points: number; description: string };
        return { status: 201, json: server.move(body.points, { transaction_type: 'adjust', reference_type: 'manual', description: body.description }) };
      },
      [`DELETE ${LOYALTY}/transactions/lt-0`]: () => {
        server.reverse('lt-0');
        return { json: server.move(-50, { transaction_type: 'reversal', reference_type: 'loyalty_transaction', reference_id: 'lt-0' }) };
      },
    });
    renderRoutes(routes(), '/loyalty/members/cust-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust points' });
    const points = within(dialog).getByLabelText('Points (+ to give, − to take)');
    await user.type(points, '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Counted twice');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    await waitFor(() => expect(points.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(points)).toBe('Points are not zero');
    await user.clear(points);
    await user.type(points, '-20');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust points' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${LOYALTY}/transactions`)).toEqual([{ customer_id: 'cust-1', points: -20, description: 'Counted twice' }]);
    expect(await within(screen.getByRole('group', { name: 'Balance' })).findByText('1,230')).toBeTruthy();

    // Only a manual line standing can be undone: the new one and the birthday gift, not the sale's.
    const table = screen.getByRole('table', { name: 'Point ledger' });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Reverse' })).toHaveLength(2));
    const gift = within(table).getByRole('row', { name: /Birthday gift/ });
    await user.click(within(gift).getByRole('button', { name: 'Reverse' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('A reversal line of -50 points is written');
    await user.click(within(confirm).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === `${LOYALTY}/transactions/lt-0`)).toBe(true));
    await waitFor(() => expect(within(within(screen.getByRole('table', { name: 'Point ledger' })).getByRole('row', { name: /Birthday gift/ })).getByText('Reversed')).toBeTruthy());
  });

  it('redeems a reward the available points reach, with its cost in the query', async () => {
    const server = memberServer();
    const { requests } = mockFetch({
      ...session('member'),
      ...server.readers,
      [`POST ${LOYALTY}/redeem-points`]: () => ({ json: server.move(-500, { transaction_type: 'redeem', reference_type: 'reward', reference_id: 'rw-1' }) }),
    });
    renderRoutes(routes(), '/loyalty/members/cust-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem a reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem a reward' });
    const choice = within(dialog).getByLabelText('Reward');
    await user.selectOptions(choice, 'rw-2');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(choice.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(choice)).toBe('This reward costs 5,000 points; 1,200 are available');
    await user.selectOptions(choice, 'rw-1');
    expect(within(dialog).getByText('700 points will be left.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${LOYALTY}/redeem-points`));
    expect(sent.map(queryOf)).toEqual([{ customer_id: 'cust-1', points: '500', reward_id: 'rw-1' }]);
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('loyalty in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('shows the programs right to left, with no English', async () => {
    mockFetch({ ...session('admin'), ...programReaders() });
    const { container } = renderRoutes(routes(), '/loyalty');
    const table = await screen.findByRole('table', { name: 'برامج الولاء' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(table).getByRole('link', { name: 'مكافآت صالح' })).toBeTruthy();
    expect(within(table).getByText(jod('15.000', 'ar'))).toBeTruthy();
    // "Staff points" has no Arabic name: it is the one English the page may show.
    expect(visibleText(container).replace('Staff points', '')).not.toMatch(/[A-Za-z]/);
  });

  it('shows a customer’s points and ledger in Arabic, with no English but the names', async () => {
    const lines = ledger();
    mockFetch({
      ...session('admin'),
      ...programReaders(),
      [`GET ${LOYALTY}/customers/cust-1`]: () => ({ json: member({ customer_name: 'لينا حداد', program_name: 'مكافآت صالح', tier: 'ذهبي' }) }),
      [`GET ${LOYALTY}/customers/cust-1/transactions`]: () => ({ json: { data: lines.map((l) => ({ ...l, description: l.description ? 'هدية عيد ميلاد' : null })), count: 2 } }),
      [`GET ${LOYALTY}/rewards`]: () => ({ json: { data: [reward()], count: 1 } }),
    });
    const { container } = renderRoutes(routes(), '/loyalty/members/cust-1');
    const table = await screen.findByRole('table', { name: 'سجل النقاط' });
    expect(within(table).getByRole('row', { name: /مكتسبة/ })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'عكس' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'استبدال مكافأة' })).toBeTruthy();
    expect(visibleText(container)).not.toMatch(/[A-Za-z]/);
  });
});
