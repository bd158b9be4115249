import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, bill, prepareScreens, session, suppliers } from '../testing/fixtures';
import { BillsRoute } from './bills';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/bills', element: <BillsRoute /> },
  { path: '/purchases/bills/new', element: <Screen name="new-bill" /> },
];

const listed = [
  bill(),
  bill({ id: 'bill-2', number: 'BILL-000002', supplier_reference: 'IR-77', contact_id: 's-2', status: 'paid', amount_paid: '116.000', balance_due: '0.000', gross_total: '116.000' }),
];

const query = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

function api(role: 'member' | 'viewer' = 'member') {
  return mockFetch({
    ...session(role),
    [`GET ${API}/bills`]: (request) => {
      const status = query(request).get('status');
      const data = status ? listed.filter((b) => b.status === status) : listed;
      return { json: { data, count: data.length } };
    },
    [`GET ${API}/bills/overdue/all`]: () => ({ json: { data: [{ ...bill(), days_overdue: 12 }], count: 1 } }),
    [`GET ${API}/contacts/list`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  });
}

const billRows = (name = 'Bills') => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('bills list', { timeout: 30_000 }, () => {
  it('lists bills with supplier, supplier reference, totals, balance and status', async () => {
    api();
    renderRoutes(routes, '/purchases/bills');
    await screen.findByRole('link', { name: 'BILL-000002' });
    await waitFor(() => expect(screen.getAllByText('Aqaba Paper Co.').length).toBeGreaterThan(0));
    const [first, second] = billRows();
    expect(first!.textContent).toContain('AQ-5531');
    expect(first!.textContent).toContain('52.200');
    expect(first!.textContent).toContain('Confirmed');
    expect(second!.textContent).toContain('Irbid Office Supply');
    expect(second!.textContent).toContain('Paid');
    expect(screen.getByRole('link', { name: 'New bill' })).toBeTruthy();
  });

  it('shows the bills overdue as of a chosen date', async () => {
    const { requests } = api();
    renderRoutes(routes, '/purchases/bills');
    await screen.findByRole('link', { name: 'BILL-000002' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /^Overdue/ }));
    // A date field takes a whole date at once, as a date picker gives it.
    fireEvent.change(await screen.findByLabelText('Overdue as of'), { target: { value: '2025-03-13' } });

    await waitFor(() => expect(requests.some((r) => r.url.includes('/bills/overdue/all') && query(r).get('as_of_date') === '2025-03-13')).toBe(true));
    const [row] = billRows('Overdue bills');
    expect(within(row!).getAllByRole('cell').map((c) => c.textContent)).toContain('12');
  });

  it('searches by the supplier reference', async () => {
    api();
    renderRoutes(routes, '/purchases/bills');
    await screen.findByRole('link', { name: 'BILL-000002' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search bills' }), 'ir-77');
    await waitFor(() => expect(billRows()).toHaveLength(1));
    expect(billRows()[0]!.textContent).toContain('BILL-000002');
  });

  it('offers no New bill button to a viewer', async () => {
    api('viewer');
    renderRoutes(routes, '/purchases/bills');
    await screen.findByRole('link', { name: 'BILL-000002' });
    expect(screen.queryByRole('link', { name: 'New bill' })).toBeNull();
  });
});
