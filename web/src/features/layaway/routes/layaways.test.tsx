import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, customer, LAYAWAYS, layaway, payment, prepareScreens, product, schedule, session, summary } from '../testing/fixtures';
import { LayawayRoute } from './layaway';
import { LayawaysRoute } from './layaways';
import { NewLayawayRoute } from './new-layaway';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/layaway', element: <AppTheme><LayawaysRoute /></AppTheme> },
  { path: '/layaway/new', element: <AppTheme><NewLayawayRoute /></AppTheme> },
  { path: '/layaway/:layawayId', element: <AppTheme><LayawayRoute /></AppTheme> },
];

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const queryOf = (request: RecordedRequest) => Object.fromEntries(new URL(request.url, 'http://x').searchParams);
const posts = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.url.split('?')[0] === path);
const bodies = (requests: RecordedRequest[], path: string) => posts(requests, path).map((r) => JSON.parse(r.body!) as unknown);
const listed = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === LAYAWAYS).map(queryOf);

const common = {
  [`GET ${API}/contacts/list`]: () => ({ json: { data: [customer()], count: 1 } }),
  [`GET ${API}/inventory/locations`]: () => ({ json: { data: [{ id: 'main', name: 'Main store', name_ar: 'المتجر الرئيسي', is_active: true }], count: 1 } }),
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: [customer()], count: 1 } }),
  [`GET ${API}/contacts/cust-1`]: () => ({ json: customer() }),
  [`GET ${API}/products-services`]: () => ({ json: { data: [product()], count: 1 } }),
  [`GET ${API}/products-services/prod-1`]: () => ({ json: product() }),
};
const listReaders = (rows = [layaway(), layaway({ id: 'lay-2', layaway_number: 'LAY-00002', is_overdue: false, status: 'completed', amount_paid: '16.820', balance_due: '0.000', next_due_date: null, next_due_amount: null })]) => ({
  ...common,
  [`GET ${LAYAWAYS}`]: () => ({ json: { data: rows, count: rows.length } }),
  [`GET ${LAYAWAYS}/summary`]: () => ({ json: summary() }),
});
/** The layaway's page: the layaway as `current()` says, its schedule and payments. */
const pageReaders = (current: () => ReturnType<typeof layaway>) => ({
  ...common,
  [`GET ${LAYAWAYS}/lay-1`]: () => ({ json: current() }),
  [`GET ${LAYAWAYS}/lay-1/payment-schedule`]: () => ({ json: schedule() }),
  [`GET ${LAYAWAYS}/lay-1/payments`]: () => ({ json: { data: [payment()], count: 1 } }),
});

describe('the layaway list', { timeout: 60_000 }, () => {
  it('shows the figures, the layaways with their overdue badge, and sends each filter to the list call', async () => {
    const { requests } = mockFetch({ ...session('member'), ...listReaders() });
    renderRoutes(routes, '/layaway');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Layaways' });
    const late = within(table).getByRole('row', { name: /LAY-00001/ });
    expect(within(late).getByRole('link', { name: 'Open layaway LAY-00001' }).getAttribute('href')).toBe('/layaway/lay-1');
    expect(within(late).getByText('Active')).toBeTruthy();
    expect(within(late).getByText('Overdue')).toBeTruthy();
    expect(within(late).getByText(jod('11.820'))).toBeTruthy();
    const done = within(table).getByRole('row', { name: /LAY-00002/ });
    expect(within(done).getByText('Picked up')).toBeTruthy();
    expect(within(done).queryByText('Overdue')).toBeNull();

    const held = screen.getByRole('group', { name: 'Deposits held' });
    expect(within(held).getByText(jod('12.000'))).toBeTruthy();
    expect(within(held).getByText('Matches the books')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Overdue' })).getByText(`${jod('11.820')} still to pay on them`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New layaway' }).getAttribute('href')).toBe('/layaway/new');

    const filters = screen.getByRole('group', { name: 'Filter the layaways' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'active');
    await user.selectOptions(within(filters).getByLabelText('Overdue'), 'true');
    await user.selectOptions(within(filters).getByLabelText('Frequency'), 'weekly');
    await user.type(within(filters).getByLabelText('Due from'), '2026-11-01');
    await user.type(within(filters).getByLabelText('Amount from'), '10.5');
    await waitFor(() =>
      expect(listed(requests).at(-1)).toEqual({ skip: '0', limit: '25', status: 'active', is_overdue: 'true', payment_frequency: 'weekly', due_date_from: '2026-11-01', min_amount: '10.5' }),
    );
    // The customer is searched and chosen like the promotions' picker.
    await user.type(within(filters).getByRole('combobox', { name: 'Customer' }), 'Lina');
    await user.click(await screen.findByRole('option', { name: 'Lina Haddad' }));
    await waitFor(() => expect(listed(requests).at(-1)?.customer_id).toBe('cust-1'));
  });

  it('says when nothing matches, and a viewer cannot start a layaway', async () => {
    mockFetch({ ...session('viewer'), ...listReaders([]) });
    renderRoutes(routes, '/layaway?status=cancelled');
    expect(await screen.findByText('No layaway matches these filters.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New layaway' })).toBeNull();
  });
});

describe('a layaway page', { timeout: 60_000 }, () => {
  it('shows the items, the schedule with each instalment’s state, the payments, and the overdue notice', async () => {
    mockFetch({ ...session('member'), ...pageReaders(() => layaway()) });
    renderRoutes(routes, '/layaway/lay-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layaway LAY-00001' })).toBeTruthy();
    expect(screen.getAllByTestId('overdue-badge').length).toBeGreaterThan(0);
    expect(screen.getByText(`An instalment is overdue: ${jod('5.910')} was due on ${'Nov 1, 2026'}.`)).toBeTruthy();

    const items = screen.getByRole('table', { name: 'Items' });
    const rice = within(items).getByRole('row', { name: /Basmati rice 5 kg/ });
    expect(within(rice).getByText(jod('16.820'))).toBeTruthy();
    expect(within(rice).getByRole('button', { name: 'Change the quantity of Basmati rice 5 kg' })).toBeTruthy();

    const plan = await screen.findByRole('table', { name: 'Payment schedule' });
    const rows = within(plan).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual(['Paid', 'Overdue', 'Due']);
    expect(within(rows[0]!).getByText('Deposit')).toBeTruthy();
    expect(within(rows[1]!).getByText('Instalment 2')).toBeTruthy();

    const money = await screen.findByRole('table', { name: 'Payments' });
    const deposit = within(money).getByRole('row', { name: /Deposit/ });
    expect(within(deposit).getByText(`+${jod('5.000')}`)).toBeTruthy();
    expect(within(deposit).getByText('Cash')).toBeTruthy();
  });

  it('takes a payment with an Idempotency-Key, at most the balance, and shows the server’s refusal beside the amount', async () => {
    let answers = 0;
    const { requests, fetchMock } = mockFetch({
      ...session('member'),
      ...pageReaders(() => layaway()),
      [`POST ${LAYAWAYS}/lay-1/payments`]: () =>
        answers++ === 0
          ? { status: 422, json: { detail: [{ loc: ['body', 'amount'], msg: `Only JOD 11.820 is due on layaway LAY-00001`, type: 'overpayment' }] } }
          : { status: 201, json: layaway({ amount_paid: '10.910', balance_due: '5.910', is_overdue: false }) },
    });
    renderRoutes(routes, '/layaway/lay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Take a payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a payment' });
    const amount = within(dialog).getByLabelText('Amount (JOD)') as HTMLInputElement;
    // The next instalment is suggested.
    expect(amount.value).toBe('5.910');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('Enter an amount greater than zero');
    expect(posts(requests, `${LAYAWAYS}/lay-1/payments`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'cliq');
    await user.click(within(dialog).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe('Only JOD 11.820 is due on layaway LAY-00001'));

    await user.clear(amount);
    await user.type(amount, '5.910');
    await user.click(within(dialog).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take a payment' })).toBeNull());
    expect(bodies(requests, `${LAYAWAYS}/lay-1/payments`)).toEqual([
      { amount: '50', payment_method: 'cliq' },
      { amount: '5.910', payment_method: 'cliq' },
    ]);
    // Both attempts of one opening carry the same key: money moves once.
    const keys = fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/payments')).map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('completes with the balance as the final payment, and picks up a paid layaway without one', async () => {
    let current = layaway();
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(() => current),
      [`POST ${LAYAWAYS}/lay-1/complete`]: () => {
        current = layaway({ status: 'completed', amount_paid: '16.820', balance_due: '0.000', is_overdue: false, reservation_status: 'consumed', completed_at: '2026-11-20T10:00:00Z' });
        return { json: current };
      },
    });
    renderRoutes(routes, '/layaway/lay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Take the balance and pick up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the balance and pick up' });
    expect(within(dialog).getByTestId('final-payment').textContent).toBe(`Final payment: ${formatMoney('11.820', 'JOD')}`);
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'card');
    await user.click(within(dialog).getByRole('button', { name: /Take .* and hand over/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, `${LAYAWAYS}/lay-1/complete`)).toEqual([{ amount: '11.820', payment_method: 'card' }]);
    // Picked up: nothing more to do to it.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Layaway actions' })).toBeNull());
    expect(screen.getAllByText('Picked up').length).toBeGreaterThan(0);
  });

  it('picks up a layaway paid in full (no payment), and shows a 409 above the form', async () => {
    const paid = layaway({ amount_paid: '16.820', balance_due: '0.000', is_overdue: false, next_due_date: null, next_due_amount: null });
    let tries = 0;
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(() => paid),
      [`POST ${LAYAWAYS}/lay-1/pickup`]: () => (tries++ === 0 ? { status: 409, json: { detail: 'Only 1 of Basmati rice 5 kg is reserved; nothing more to release' } } : { json: layaway({ ...paid, status: 'completed' }) }),
    });
    renderRoutes(routes, '/layaway/lay-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Pick up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take a payment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pick up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick up' });
    expect(within(dialog).queryByLabelText('Paid by')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Hand over the goods' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Only 1 of Basmati rice 5 kg is reserved');
    await user.click(within(dialog).getByRole('button', { name: 'Hand over the goods' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, `${LAYAWAYS}/lay-1/pickup`)).toEqual([{}, {}]);
  });

  it('cancels with the reason in the query and the policy, fee and refund method in the body, saying what goes back', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(() => layaway()),
      [`POST ${LAYAWAYS}/lay-1/cancel`]: () => ({ json: layaway({ status: 'cancelled', cancel_reason: 'Changed her mind', cancelled_at: '2026-11-20T10:00:00Z' }) }),
    });
    renderRoutes(routes, '/layaway/lay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel layaway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel layaway LAY-00001' });
    // The layaway's own policy first: 5.000 paid, 2.000 fee kept.
    expect(within(dialog).getByTestId('cancel-outcome').textContent).toBe(`${formatMoney('3.000', 'JOD')} is refunded; the fee of ${formatMoney('2.000', 'JOD')} is kept.`);
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel layaway' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe('Give the reason for cancelling');
    expect(posts(requests, `${LAYAWAYS}/lay-1/cancel`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('The deposits'), 'store_credit');
    expect(within(dialog).getByTestId('cancel-outcome').textContent).toBe(`${formatMoney('5.000', 'JOD')} becomes the customer's store credit.`);
    expect(within(dialog).queryByLabelText('Refunded by')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('The deposits'), 'fee');
    const fee = within(dialog).getByLabelText('Cancellation fee (JOD)');
    await user.clear(fee);
    await user.type(fee, '1.500');
    await user.selectOptions(within(dialog).getByLabelText('Refunded by'), 'card');
    await user.type(reason, 'Changed her mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel layaway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = posts(requests, `${LAYAWAYS}/lay-1/cancel`);
    expect(sent).toHaveLength(1);
    expect(queryOf(sent[0]!)).toEqual({ reason: 'Changed her mind' });
    expect(JSON.parse(sent[0]!.body!)).toEqual({ cancellation_policy: 'fee', cancellation_fee: '1.500', refund_method: 'card' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changes an item’s quantity while active, and a finished layaway offers nothing', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(() => layaway()),
      [`PUT ${LAYAWAYS}/lay-1/items/li-1`]: () => ({ status: 409, json: { detail: 'Only 1 of Basmati rice 5 kg available to reserve; 1 needed' } }),
    });
    renderRoutes(routes, '/layaway/lay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change the quantity of Basmati rice 5 kg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the quantity of Basmati rice 5 kg' });
    const quantity = within(dialog).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save quantity' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('available to reserve');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body!) as unknown)).toEqual([{ quantity: '3' }]);
  });

  it('a cancelled layaway shows its reason and no actions', async () => {
    mockFetch({ ...session('member'), ...pageReaders(() => layaway({ status: 'cancelled', is_overdue: false, cancel_reason: 'Moved abroad', reservation_status: 'released' })) });
    renderRoutes(routes, '/layaway/lay-1');
    expect(await screen.findByText('Moved abroad')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Layaway actions' })).toBeNull();
    expect(screen.queryByTestId('overdue-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the quantity/ })).toBeNull();
  });
});

describe('a new layaway', { timeout: 60_000 }, () => {
  it('is refused by the shared schema first, then sent once with its deposit and opened', async () => {
    const created = layaway({ id: 'lay-9', layaway_number: 'LAY-00009' });
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(() => created),
      [`GET ${LAYAWAYS}/lay-9`]: () => ({ json: created }),
      [`GET ${LAYAWAYS}/lay-9/payment-schedule`]: () => ({ json: schedule({ layaway_id: 'lay-9' }) }),
      [`GET ${LAYAWAYS}/lay-9/payments`]: () => ({ json: { data: [], count: 0 } }),
      [`POST ${LAYAWAYS}`]: () => ({ status: 201, json: created }),
    });
    const { router } = renderRoutes(routes, '/layaway/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New layaway' });
    await user.type(within(form).getByLabelText('Minimum deposit (JOD, optional)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Start layaway' }));
    expect(await within(form).findByText('Choose the customer')).toBeTruthy();
    expect(within(form).getByText('Choose a product')).toBeTruthy();
    expect(within(form).getByText('Choose the date the layaway is paid by')).toBeTruthy();
    expect(posts(requests, LAYAWAYS)).toHaveLength(0);

    await user.type(within(form).getByRole('combobox', { name: 'Customer' }), 'Lina');
    await user.click(await screen.findByRole('option', { name: 'Lina Haddad' }));
    await user.type(within(form).getByRole('combobox', { name: 'Product 1' }), 'rice');
    await user.click(await screen.findByRole('option', { name: /Basmati rice 5 kg/ }));
    const quantity = within(form).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(form).getByLabelText('Due date'), '2026-12-01');
    await user.selectOptions(within(form).getByLabelText('Instalments'), 'weekly');
    // A deposit under the minimum is refused before anything is sent.
    await user.type(within(form).getByLabelText('Deposit (JOD)'), '4');
    await user.click(within(form).getByRole('button', { name: 'Start layaway' }));
    expect(await within(form).findByText('The deposit is at least the minimum deposit')).toBeTruthy();
    expect(posts(requests, LAYAWAYS)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Deposit (JOD)'));
    await user.type(within(form).getByLabelText('Deposit (JOD)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Start layaway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/layaway/lay-9'));
    const [body] = bodies(requests, LAYAWAYS) as Record<string, unknown>[];
    expect(body).toEqual({
      customer_id: 'cust-1',
      location_id: 'main',
      items: [{ product_id: 'prod-1', quantity: '2' }],
      payment_frequency: 'weekly',
      start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      due_date: '2026-12-01',
      minimum_deposit: '5',
      deposit: { amount: '5', payment_method: 'cash' },
      // The schema's default, sent as parsed: the goods are reserved now.
      reserve_inventory: true,
    });
    expect(posts(requests, LAYAWAYS)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('in Arabic', { timeout: 60_000 }, () => {
  afterAll(() => changeLanguage('en'));
  it('the list and the page speak Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('member'), ...listReaders(), ...pageReaders(() => layaway()) });
    renderRoutes(routes, '/layaway/lay-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'الحجز LAY-00001' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'جدول الدفعات' })).toBeTruthy();
    expect(screen.getAllByText('متأخر').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'قبض دفعة' })).toBeTruthy();
    expect(screen.getByText(jod('11.820', 'ar'))).toBeTruthy();
  });
});
