import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { layaway } from '../../layaway/testing/fixtures';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore } from '../offline/store';
import { PosRegisterRoute } from '../routes/register';
import { API, openSession, POS, product, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { layawayItemsOf } from './layaway-model';
import { computeTicket, type TicketLineState } from './ticket-model';

const rice = product();
const cheese = product({ id: 'prod-cheese', sku: 'CHEESE', name: 'Nabulsi cheese', name_ar: 'جبنة نابلسية', sale_price: '8.000', price_includes_tax: true, tax_id: 'tax-16', barcodes: ['2012345'], unit_of_measure: 'kg' });
const lina = { id: 'cust-1', name: 'Lina Haddad', phone: '0790000000', email: null };
const LAYAWAYS = `${API}/layaway`;

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  setPosStore(createMemoryStore());
  resetRegisterOutbox();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPosStore(null);
  resetRegisterOutbox();
});

describe('layaway items from the ticket', () => {
  it('sends no price for a shelf-priced line, and a changed tax-inclusive price as its net, rounded to the fil', () => {
    const lines: TicketLineState[] = [
      { id: 'l1', item: rice, quantity: '2', unit_price: rice.sale_price, discount: null },
      // A weighed cheese priced 9.280 with 16 % tax in it: 8.000 before tax.
      { id: 'l2', item: cheese, quantity: '0.5', unit_price: '9.280', discount: null },
      { id: 'l3', item: { ...cheese, price_includes_tax: false }, quantity: '1', unit_price: '7.001', discount: null },
    ];
    const ticket = computeTicket(lines, [tax()], 'JOD', { promotions: [], context: { at: '2026-11-26T10:00:00Z', local_weekday: 4, local_time: '13:00' } });
    expect(layawayItemsOf(ticket)).toEqual([
      { product_id: 'prod-1', quantity: '2' },
      { product_id: 'prod-cheese', quantity: '0.5', unit_price: '8.000' },
      { product_id: 'prod-cheese', quantity: '1', unit_price: '7.001' },
    ]);
  });
});

describe('a layaway from the till', { timeout: 60_000 }, () => {
  it('needs a customer, takes the deposit into the session, clears the ticket and shows the number', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...referenceReaders,
      [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax()], count: 1 } }),
      [`GET ${API}/products-services`]: () => ({ json: { data: [rice], count: 1 } }),
      [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal()], count: 1 } }),
      [`GET ${POS}/sessions`]: () => ({ json: { data: [openSession()], count: 1 } }),
      [`GET ${POS}/customers/search`]: () => ({ json: { data: [lina], count: 1 } }),
      [`GET ${POS}/customers/cust-1/account-balance`]: () => ({ json: { customer_id: 'cust-1', receivable: '0.000', store_credit: '0.000' } }),
      [`POST ${LAYAWAYS}`]: () => ({ status: 201, json: layaway({ id: 'lay-7', layaway_number: 'LAY-00007', amount_paid: '5.000', balance_due: '9.500' }) }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/pos', element: <PosRegisterRoute /> }], '/pos');
    await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
    const scan = screen.getByRole('textbox', { name: 'Scan or type a barcode or SKU' });
    await waitFor(() => expect(document.activeElement).toBe(scan));
    const button = screen.getByRole('button', { name: 'Layaway' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.type(scan, '6251234567890{Enter}');
    await user.type(scan, '6251234567890{Enter}');

    // Without a customer the dialog says so and starts nothing.
    await user.click(screen.getByRole('button', { name: 'Layaway' }));
    let dialog = await screen.findByRole('dialog', { name: 'Start a layaway' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the customer first: a layaway is kept for someone.');
    expect(within(dialog).getByRole('button', { name: 'Start layaway' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Customer' }));
    const picker = await screen.findByRole('dialog', { name: 'Customer' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Search by name, phone or e-mail' }), 'Lina');
    await user.click(await within(picker).findByRole('listitem', { name: 'Choose Lina Haddad' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Layaway' }));
    dialog = await screen.findByRole('dialog', { name: 'Start a layaway' });
    await user.click(within(dialog).getByRole('button', { name: 'Start layaway' }));
    expect(await within(dialog).findByText('Choose the date the layaway is paid by')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Due date'), '2027-01-31');
    await user.type(within(dialog).getByLabelText('Deposit (JOD)'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Paid by'), 'card');
    await user.click(within(dialog).getByRole('button', { name: 'Start layaway' }));

    expect((await within(dialog).findByTestId('layaway-number')).textContent).toBe('LAY-00007');
    const sent = requests.filter((r: RecordedRequest) => r.method === 'POST' && r.url === LAYAWAYS);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      customer_id: 'cust-1',
      location_id: 'main',
      items: [{ product_id: 'prod-1', quantity: '2' }],
      payment_frequency: 'monthly',
      due_date: '2027-01-31',
      deposit: { amount: '5', payment_method: 'card', session_id: 'sess-1' },
      reserve_inventory: true,
    });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The ticket is cleared behind the dialog: its goods are reserved now.
    expect(screen.queryAllByTestId('pos-line')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Layaway' }).hasAttribute('disabled')).toBe(true);
  });
});
