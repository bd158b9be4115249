import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, card, customer, GIFT_CARDS, invoice, ledger, line, NUMBERS, pendingCard, prepareScreens, session, summary } from '../testing/fixtures';
import { GiftCardRoute } from './gift-card';
import { GiftCardsRoute } from './gift-cards';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  // The signed-in shell's Theme, which dialogs read to draw their portals.
  { path: '/gift-cards', element: <AppTheme><GiftCardsRoute /></AppTheme> },
  { path: '/gift-cards/:giftCardId', element: <AppTheme><GiftCardRoute /></AppTheme> },
];

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const bodies = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body!) as unknown);
/** The text a reader sees: without the style sheets Radix puts in the page. */
const visibleText = (element: HTMLElement) => {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('style, script').forEach((node) => node.remove());
  return copy.textContent ?? '';
};
const queryOf = (request: RecordedRequest) => Object.fromEntries(new URL(request.url, 'http://x').searchParams);

/** The contacts' short list: the customer's Arabic name comes from it. */
const contactNames = {
  [`GET ${API}/contacts/list`]: () => ({ json: { data: [customer()], count: 1 } }),
};
const listReaders = (cards = [card(), pendingCard()]) => ({
  ...contactNames,
  [`GET ${GIFT_CARDS}`]: () => ({ json: { data: cards, count: cards.length } }),
  [`GET ${GIFT_CARDS}/analytics/summary`]: () => ({ json: summary() }),
});
const customerReaders = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: [customer(), customer({ id: 'cust-2', name: 'Omar Khalil', name_ar: null })], count: 2 } }),
};

describe('the gift card list', { timeout: 60_000 }, () => {
  it('shows what the cards owe beside the liability account, the cards in groups of four, and filters and searches them', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...listReaders(),
      [`POST ${GIFT_CARDS}/search`]: () => ({ json: { data: [card()], count: 1 } }),
    });
    renderRoutes(routes, '/gift-cards');
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Gift cards' });
    const sold = within(table).getByRole('row', { name: /Lina Haddad/ });
    // The number as printed on the card, and a link to its page.
    expect(within(sold).getByText('9123 4567 8901 2348').getAttribute('dir')).toBe('ltr');
    expect(within(sold).getByRole('link', { name: /Open card .*9123 4567 8901 2348/ }).getAttribute('href')).toBe('/gift-cards/gc-1');
    expect(within(sold).getByText('Active')).toBeTruthy();
    expect(within(sold).getByText(jod('37.500'))).toBeTruthy();
    const printed = within(table).getByRole('row', { name: /9000 1111 2222 3338/ });
    expect(within(printed).getByText('Pending')).toBeTruthy();
    expect(within(printed).getByText('No expiry')).toBeTruthy();

    const owed = screen.getByRole('group', { name: 'Outstanding liability' });
    expect(within(owed).getByText(jod('87.500'))).toBeTruthy();
    expect(within(owed).getByText(`Liability account: ${jod('87.500')}`)).toBeTruthy();
    expect(within(owed).getByText('Matches the books')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Issued' })).getByText(jod('100.000'))).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Redeemed' })).getByText(jod('12.500'))).toBeTruthy();
    const byStatus = screen.getByTestId('cards-by-status');
    expect(byStatus.textContent).toBe('Pending5Active2');

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url.split('?')[0] === GIFT_CARDS && queryOf(r).status === 'active')).toBe(true));

    // Typing searches (a POST with the filters and what was typed) once typing pauses.
    await user.type(screen.getByRole('searchbox', { name: 'Search gift cards' }), '2348');
    await waitFor(() => expect(bodies(requests, 'POST', `${GIFT_CARDS}/search`)).toEqual([{ skip: 0, limit: 25, status: 'active', q: '2348' }]));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Gift cards' })).queryByText('9000 1111 2222 3338')).toBeNull());
  });

  it('warns when the liability account differs from the sum of the cards', async () => {
    mockFetch({ ...session('viewer'), ...listReaders(), [`GET ${GIFT_CARDS}/analytics/summary`]: () => ({ json: summary({ liability_account_balance: '90.000' }) }) });
    renderRoutes(routes, '/gift-cards');
    const owed = await screen.findByRole('group', { name: 'Outstanding liability' });
    expect(within(owed).getByText(`Differs from the cards by ${jod('2.500')}: check entries posted to the account by hand`)).toBeTruthy();
    // A viewer reads: no selling, no batch, no check (a check counts wrong PINs).
    expect(screen.queryByRole('button', { name: 'Sell a card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create a batch' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Check a card' })).toBeNull();
  });

  it('sells a card for 50.000 in cash with a PIN and a customer, checked by the shared schema first', async () => {
    const { requests, fetchMock } = mockFetch({
      ...session('member'),
      ...listReaders(),
      ...customerReaders,
      [`POST ${GIFT_CARDS}`]: () => ({ status: 201, json: card({ id: 'gc-9', card_number: NUMBERS[3], balance: '50.000', has_pin: true }) }),
      [`GET ${GIFT_CARDS}/gc-9`]: () => ({ json: card({ id: 'gc-9', card_number: NUMBERS[3], balance: '50.000', has_pin: true }) }),
      [`GET ${GIFT_CARDS}/gc-9/transactions`]: () => ({ json: { data: [line({ gift_card_id: 'gc-9' })], count: 1 } }),
    });
    const { router } = renderRoutes(routes, '/gift-cards');
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Create a batch' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Sell a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell a gift card' });
    const amount = within(dialog).getByLabelText('Amount (JOD)');
    const pin = within(dialog).getByLabelText('PIN (optional)');
    await user.type(pin, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Sell card' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('Enter an amount such as 1.250 (at most three decimals)');
    expect(document.getElementById(pin.getAttribute('aria-describedby')!)!.textContent).toBe('A PIN is 4 to 6 digits');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // A promotional card is given: its one method.
    await user.selectOptions(within(dialog).getByLabelText('Card type'), 'promotional');
    const method = within(dialog).getByLabelText('Paid by') as HTMLSelectElement;
    await waitFor(() => expect(method.value).toBe('promotional'));
    expect([...method.options].map((o) => o.value)).toEqual(['promotional']);
    await user.selectOptions(within(dialog).getByLabelText('Card type'), 'physical');
    await waitFor(() => expect(method.value).toBe('cash'));

    await user.type(amount, '50.000');
    await user.clear(pin);
    await user.type(pin, '4321');
    await user.selectOptions(await within(dialog).findByLabelText('Customer (optional)'), 'cust-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sell card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift-cards/gc-9'));
    expect(bodies(requests, 'POST', GIFT_CARDS)).toEqual([
      { gift_card_type: 'physical', location_id: 'main', initial_balance: '50.000', payment_method: 'cash', pin: '4321', customer_id: 'cust-1', design_template: 'classic' },
    ]);
    // Money moves once per opening of the dialog, whatever the retries.
    const sale = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new Headers(sale[1]!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('heading', { level: 1, name: /Gift card .*9012 3456 7890 1238/ })).toBeTruthy();
  });

  it('creates a batch of five pending cards and lists their numbers', async () => {
    const made = NUMBERS.map((number, i) => pendingCard({ id: `gc-b${i}`, card_number: number }));
    const { requests } = mockFetch({ ...session('admin'), ...listReaders(), [`POST ${GIFT_CARDS}/bulk-create`]: () => ({ status: 201, json: { data: made, count: 5 } }) });
    renderRoutes(routes, '/gift-cards');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create a batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a batch of cards' });
    const count = within(dialog).getByLabelText('Number of cards');
    await user.type(count, '501');
    await user.click(within(dialog).getByRole('button', { name: 'Create cards' }));
    await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(count.getAttribute('aria-describedby')!)!.textContent).toBe('At most 500 cards at once');
    await user.clear(count);
    await user.type(count, '5');
    await user.selectOptions(within(dialog).getByLabelText('Design'), 'ramadan');
    await user.click(within(dialog).getByRole('button', { name: 'Create cards' }));
    expect(await within(dialog).findByText('5 cards were created.')).toBeTruthy();
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/bulk-create`)).toEqual([{ count: 5, gift_card_type: 'physical', location_id: 'main', design_template: 'ramadan' }]);
    const numbers = within(dialog).getByRole('list', { name: 'The new card numbers' });
    expect(within(numbers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(NUMBERS.map((n) => n.replace(/(\d{4})(?=\d)/g, '$1 ')));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks a card at the counter and says why it cannot pay', async () => {
    const answers = [
      { json: { valid: false, gift_card_id: 'gc-1', card_number: NUMBERS[0], status: 'active', balance: '37.500', currency: 'JOD', expires_on: null, reason: 'pin_wrong', attempts_left: 3 } },
      { json: { valid: true, gift_card_id: 'gc-1', card_number: NUMBERS[0], status: 'active', balance: '37.500', currency: 'JOD', expires_on: null, reason: null, attempts_left: null } },
      { json: { valid: false, gift_card_id: 'gc-3', card_number: NUMBERS[2], status: 'suspended', balance: '5.000', currency: 'JOD', expires_on: null, reason: 'not_active', attempts_left: null } },
      { status: 404, json: { detail: 'No gift card has this number' } },
    ];
    const { requests } = mockFetch({
      ...session('member'),
      ...listReaders(),
      [`POST ${GIFT_CARDS}/number/${NUMBERS[0]}/validate`]: () => answers.shift(),
      [`POST ${GIFT_CARDS}/number/${NUMBERS[2]}/validate`]: () => answers.shift(),
      [`POST ${GIFT_CARDS}/number/${NUMBERS[4]}/validate`]: () => answers.shift(),
    });
    renderRoutes(routes, '/gift-cards');
    const user = userEvent.setup();
    const box = await screen.findByRole('region', { name: 'Check a card' });
    const number = within(box).getByLabelText('Card number');
    const pin = within(box).getByLabelText('PIN');
    const check = within(box).getByRole('button', { name: 'Check' });

    // A digit typed wrong fails the check digit: nothing is sent.
    await user.type(number, '9123 4567 8901 2340');
    await user.click(check);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('A gift card number is 16 digits; check the number on the card');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(number);
    await user.type(number, '9123 4567 8901 2348');
    await user.type(pin, '1111');
    await user.click(check);
    expect(await within(box).findByText(/Wrong PIN\. 3 tries left before the card locks\./)).toBeTruthy();
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/number/${NUMBERS[0]}/validate`)).toEqual([{ pin: '1111' }]);

    await user.clear(pin);
    await user.type(pin, '2468');
    await user.click(check);
    expect(await within(box).findByText(new RegExp(`This card can pay: it holds ${jod('37.500')}`))).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Open the card' }).getAttribute('href')).toBe('/gift-cards/gc-1');

    await user.clear(number);
    await user.clear(pin);
    await user.type(number, NUMBERS[2]);
    await user.click(check);
    expect(await within(box).findByText(/This card cannot pay: it is Suspended\./)).toBeTruthy();

    await user.clear(number);
    await user.type(number, NUMBERS[4]);
    await user.click(check);
    expect(await within(box).findByText('No gift card has this number.')).toBeTruthy();
  });
});

describe('a gift card page', { timeout: 60_000 }, () => {
  /** The card as the server holds it: each answer changes it, and the page reads it again. */
  function cardServer(initial = card()) {
    let current = initial;
    const change = (next: Partial<typeof current>) => {
      current = { ...current, ...next };
      return { json: current };
    };
    return {
      readers: {
        ...contactNames,
        [`GET ${GIFT_CARDS}/gc-1`]: () => ({ json: current }),
        [`GET ${GIFT_CARDS}/gc-1/transactions`]: () => ({ json: { data: ledger(), count: 2 } }),
      },
      change,
    };
  }

  it('shows the card and its ledger, loads it, suspends it with a reason and reactivates it', async () => {
    const server = cardServer();
    const { requests } = mockFetch({
      ...session('admin'),
      ...server.readers,
      [`POST ${GIFT_CARDS}/gc-1/load`]: () => server.change({ balance: '47.500' }),
      [`POST ${GIFT_CARDS}/gc-1/suspend`]: () => server.change({ status: 'suspended', suspended_reason: 'Lost by the customer' }),
      [`POST ${GIFT_CARDS}/gc-1/activate`]: () => server.change({ status: 'active', suspended_reason: null }),
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: /Gift card .*9123 4567 8901 2348/ })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Card' });
    expect(within(details).getByText(jod('37.500'))).toBeTruthy();
    expect(within(details).getByText(jod('50.000'))).toBeTruthy();
    expect(within(details).getByText('Physical')).toBeTruthy();
    expect(within(details).getByText('Classic')).toBeTruthy();
    expect(within(details).getByText('None')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Ledger' });
    const spent = within(table).getByRole('row', { name: /Spent/ });
    expect(within(spent).getByText(`-${jod('12.500')}`).getAttribute('data-sign')).toBe('minus');
    expect(within(spent).getByText(jod('37.500'))).toBeTruthy();
    expect(within(spent).getByRole('link', { name: 'Invoice payment' }).getAttribute('href')).toBe('/payments/pay-7');
    expect(within(within(table).getByRole('row', { name: /Activated/ })).getByText(`+${jod('50.000')}`).getAttribute('data-sign')).toBe('plus');

    await user.click(screen.getByRole('button', { name: 'Load' }));
    const load = await screen.findByRole('dialog', { name: 'Load the card' });
    await user.type(within(load).getByLabelText('Amount (JOD)'), '10.000');
    await user.click(within(load).getByRole('button', { name: 'Load card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/load`)).toEqual([{ amount: '10.000', payment_method: 'cash' }]);
    expect(await within(screen.getByRole('region', { name: 'Card' })).findByText(jod('47.500'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const suspend = await screen.findByRole('dialog', { name: 'Suspend the card' });
    await user.click(within(suspend).getByRole('button', { name: 'Suspend card' }));
    const reason = within(suspend).getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe('Give the reason for suspending the card');
    await user.type(reason, 'Lost by the customer');
    await user.click(within(suspend).getByRole('button', { name: 'Suspend card' }));
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/suspend`)).toEqual([{ reason: 'Lost by the customer' }]);
    await screen.findByRole('button', { name: 'Suspend' });
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/activate`)).toEqual([{}]);
  });

  it("pays a customer's open invoice with the card, asking for the PIN and showing a wrong one at the field", async () => {
    const server = cardServer(card({ has_pin: true }));
    let tries = 0;
    const { requests } = mockFetch({
      ...session('member'),
      ...server.readers,
      ...customerReaders,
      [`GET ${API}/invoices`]: (request) => {
        const status = queryOf(request).status;
        const data = status === 'confirmed' ? [invoice(), invoice({ id: 'inv-2', number: 'INV-0008', contact_id: 'cust-2' })] : [];
        return { json: { data, count: data.length } };
      },
      [`POST ${GIFT_CARDS}/gc-1/redeem`]: () => {
        tries += 1;
        if (tries === 1) return { status: 422, json: { detail: [{ loc: ['body', 'pin'], msg: 'Wrong PIN; 4 tries left', type: 'pin_wrong' }] } };
        server.change({ balance: '14.300' });
        return { status: 201, json: { card: card({ has_pin: true, balance: '14.300' }), payment_id: 'pay-8', payment_number: 'RCV-0008' } };
      },
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();
    // A member neither suspends nor adjusts nor deactivates.
    await user.click(await screen.findByRole('button', { name: 'Redeem on an invoice' }));
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjust' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Pay an invoice with the card' });
    // The card's customer is chosen, and only that customer's open invoices are offered.
    const invoiceSelect = within(dialog).getByLabelText('Invoice') as HTMLSelectElement;
    await waitFor(() => expect([...invoiceSelect.options].map((o) => o.value)).toEqual(['', 'inv-1']));
    await user.selectOptions(invoiceSelect, 'inv-1');
    // What the card can pay of it: the invoice's 23.200, less than the card's 37.500.
    expect((within(dialog).getByLabelText('Amount (JOD)') as HTMLInputElement).value).toBe('23.200');
    const pin = within(dialog).getByLabelText('PIN');
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(pin.getAttribute('aria-describedby')!)!.textContent).toBe('Wrong PIN. 4 tries left before the card locks.');

    await user.clear(pin);
    await user.type(pin, '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/redeem`)).toEqual([
      { invoice_id: 'inv-1', amount: '23.200', pin: '1234' },
      { invoice_id: 'inv-1', amount: '23.200', pin: '4321' },
    ]);
    expect(await within(screen.getByRole('region', { name: 'Card' })).findByText(jod('14.300'))).toBeTruthy();
  });

  it("refunds the card's unspent balance, and deactivates a card saying its balance is released", async () => {
    const server = cardServer();
    const { requests } = mockFetch({
      ...session('admin'),
      ...server.readers,
      [`POST ${GIFT_CARDS}/gc-1/transactions`]: () => ({ status: 201, ...server.change({ status: 'deactivated', balance: '0.000' }) }),
      [`DELETE ${GIFT_CARDS}/gc-1`]: () => ({ json: { deleted: false, card: server.change({ status: 'deactivated', balance: '0.000' }).json } }),
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(`Its unspent balance of ${formatMoney('37.500', 'JOD')} is released as income (breakage)`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Refund the card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the card' });
    expect(within(dialog).getByText(`The unspent balance of ${jod('37.500')} is paid back to the customer and the card is deactivated.`)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Paid back by'), 'card');
    await user.click(within(dialog).getByRole('button', { name: /^Refund JOD\s37\.500$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/transactions`)).toEqual([{ transaction_type: 'refund', payment_method: 'card' }]);
    // Deactivated: nothing more to do but edit its notes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Load' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deactivates after the confirm, and shows a refusal from the server in the dialog', async () => {
    const server = cardServer();
    const detail = 'The card expired on 2026-11-01; it cannot be loaded';
    const { requests } = mockFetch({
      ...session('admin'),
      ...server.readers,
      [`POST ${GIFT_CARDS}/gc-1/load`]: () => ({ status: 409, json: { detail } }),
      [`DELETE ${GIFT_CARDS}/gc-1`]: () => ({ json: { deleted: false, card: server.change({ status: 'deactivated', balance: '0.000' }).json } }),
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    const load = await screen.findByRole('dialog', { name: 'Load the card' });
    await user.type(within(load).getByLabelText('Amount (JOD)'), '5');
    await user.click(within(load).getByRole('button', { name: 'Load card' }));
    expect((await within(load).findByRole('alert')).textContent).toContain(detail);
    await user.click(within(load).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await within(screen.getByRole('region', { name: 'Card' })).findByText('Deactivated')).toBeTruthy();
  });

  it('adjusts the balance with a signed amount and its reason (admins)', async () => {
    const server = cardServer();
    const { requests } = mockFetch({ ...session('admin'), ...server.readers, [`POST ${GIFT_CARDS}/gc-1/transactions`]: () => ({ status: 201, ...server.change({ balance: '32.500' }) }) });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance' });
    const amount = within(dialog).getByLabelText('Change (JOD)');
    await user.type(amount, '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Counted twice at the till');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe('An adjustment is not zero');
    await user.clear(amount);
    await user.type(amount, '-5.000');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/transactions`)).toEqual([{ transaction_type: 'adjust', amount: '-5.000', notes: 'Counted twice at the till' }]);
  });

  it('activates a pending card with the amount and method, and says a card that never held money is deleted', async () => {
    let current = pendingCard({ id: 'gc-1' });
    const { requests } = mockFetch({
      ...session('admin'),
      [`GET ${GIFT_CARDS}/gc-1`]: () => ({ json: current }),
      [`GET ${GIFT_CARDS}/gc-1/transactions`]: () => ({ json: { data: current.status === 'active' ? [line()] : [], count: current.status === 'active' ? 1 : 0 } }),
      [`POST ${GIFT_CARDS}/gc-1/activate`]: () => {
        current = { ...current, status: 'active', balance: '25.000', initial_balance: '25.000', activated_at: '2026-11-26T10:00:00Z' };
        return { json: current };
      },
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing has happened on this card yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('This card never held money: it is deleted with its number.');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate the card' });
    await user.type(within(dialog).getByLabelText('Amount (JOD)'), '25');
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'cliq');
    await user.click(within(dialog).getByRole('button', { name: 'Activate card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'POST', `${GIFT_CARDS}/gc-1/activate`)).toEqual([{ amount: '25', payment_method: 'cliq' }]);
    expect(await screen.findByRole('button', { name: 'Load' })).toBeTruthy();
  });
});

describe('editing a card', { timeout: 60_000 }, () => {
  it('sends only what changed: notes, a new expiry and the removal of the PIN; a deactivated card only its notes', async () => {
    let current = card({ has_pin: true, notes: 'Sold at the front desk' });
    const { requests } = mockFetch({
      ...session('member'),
      [`GET ${GIFT_CARDS}/gc-1`]: () => ({ json: current }),
      [`GET ${GIFT_CARDS}/gc-1/transactions`]: () => ({ json: { data: ledger(), count: 2 } }),
      [`PUT ${GIFT_CARDS}/gc-1`]: (request) => {
        const body = JSON.parse(request.body!) as Record<string, unknown>;
        current = { ...current, notes: (body.notes as string) ?? current.notes, expires_on: (body.expires_on as string) ?? current.expires_on, has_pin: body.pin === null ? false : current.has_pin };
        return { json: current };
      },
    });
    renderRoutes(routes, '/gift-cards/gc-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit the card' });
    const pin = within(dialog).getByLabelText('New PIN');
    await user.type(pin, '98');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(pin.getAttribute('aria-describedby')!)!.textContent).toBe('A PIN is 4 to 6 digits');
    await user.clear(pin);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Remove the PIN' }));
    const expires = within(dialog).getByLabelText('Expires on');
    await user.clear(expires);
    await user.type(expires, '2028-06-30');
    const notes = within(dialog).getByLabelText('Notes');
    await user.clear(notes);
    await user.type(notes, 'Replaced a damaged card');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(requests, 'PUT', `${GIFT_CARDS}/gc-1`)).toEqual([{ notes: 'Replaced a damaged card', expires_on: '2028-06-30', pin: null }]);
    expect(await within(screen.getByRole('region', { name: 'Card' })).findByText('Replaced a damaged card')).toBeTruthy();

    // At its end a card keeps its expiry and PIN: the dialog offers its notes and reference only.
    current = { ...current, status: 'deactivated', balance: '0.000' };
    cleanupAndRender();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit the card' });
    expect(within(dialog).getByText('The card is Deactivated: only its notes can change.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Expires on')).toBeNull();
    expect(within(dialog).queryByLabelText('New PIN')).toBeNull();
    await user.type(within(dialog).getByLabelText('Notes'), '.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies(requests, 'PUT', `${GIFT_CARDS}/gc-1`)).toHaveLength(2));
    expect(bodies(requests, 'PUT', `${GIFT_CARDS}/gc-1`)[1]).toEqual({ notes: 'Replaced a damaged card.' });

    function cleanupAndRender() {
      cleanup();
      renderRoutes(routes, '/gift-cards/gc-1');
    }
  });
});

describe('in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('shows the list right to left, with no English, and the numbers still left to right', async () => {
    // The card keeps the name it was sold under; an Arabic reader sees the contact's Arabic name.
    mockFetch({ ...session('admin'), ...listReaders() });
    const { container } = renderRoutes(routes, '/gift-cards');
    const table = await screen.findByRole('table', { name: 'بطاقات الهدايا' });
    expect(document.documentElement.dir).toBe('rtl');
    const row = await within(table).findByRole('row', { name: /لينا حداد/ });
    expect(within(row).getByText('9123 4567 8901 2348').getAttribute('dir')).toBe('ltr');
    expect(within(row).getByText('فعّالة')).toBeTruthy();
    expect(within(row).getByText(jod('37.500', 'ar'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بيع بطاقة' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'فحص بطاقة' })).toBeTruthy();
    expect(visibleText(container)).not.toMatch(/[A-Za-z]/);
  });

  it('shows the card page and its ledger in Arabic, with no English', async () => {
    mockFetch({
      ...session('admin'),
      ...contactNames,
      [`GET ${GIFT_CARDS}/gc-1`]: () => ({ json: card() }),
      [`GET ${GIFT_CARDS}/gc-1/transactions`]: () => ({ json: { data: ledger(), count: 2 } }),
    });
    const { container } = renderRoutes(routes, '/gift-cards/gc-1');
    const table = await screen.findByRole('table', { name: 'سجل الحركات' });
    expect(await within(screen.getByRole('region', { name: 'البطاقة' })).findByText('لينا حداد')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /دفع بالبطاقة/ })).getByRole('link', { name: 'دفعة فاتورة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'الدفع على فاتورة' })).toBeTruthy();
    expect(visibleText(container)).not.toMatch(/[A-Za-z]/);
  });
});
