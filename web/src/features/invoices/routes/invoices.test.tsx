import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customers, prepareScreens, invoice, session } from '../testing/fixtures';
import { InvoicesRoute } from './invoices';

beforeAll(prepareScreens);
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [
  { path: '/sales/invoices', element: <InvoicesRoute /> },
  { path: '/sales/invoices/new', element: <Screen name="new-invoice" /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
];

const listed = [
  invoice(),
  invoice({ id: 'inv-2', number: 'INV-000002', contact_id: 'c-2', status: 'partially_paid', gross_total: '116.000', amount_paid: '50.000', balance_due: '66.000' }),
  invoice({ id: 'inv-3', number: null, status: 'draft', journal_entry_id: null, gross_total: '5.800', balance_due: '5.800' }),
];

function api(role: 'member' | 'viewer' = 'member') {
  const list = (request: RecordedRequest) => {
    const query = new URL(request.url, 'http://localhost').searchParams;
    const status = query.get('status');
    const data = status ? listed.filter((i) => i.status === status) : listed;
    return { json: { data, count: data.length } };
  };
  return mockFetch({
    ...session(role),
    [`GET ${API}/invoices`]: list,
    [`GET ${API}/contacts/list`]: () => ({ json: { data: customers, count: customers.length } }),
  });
}

const invoiceRows = () => within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row').slice(1);

describe('invoices list', { timeout: 30_000 }, () => {
  it('lists invoices with customer names, totals, balance due and status', async () => {
    api();
    renderRoutes(routes, '/sales/invoices');

    expect(await screen.findByRole('link', { name: 'INV-000002' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Petra Stores').length).toBeGreaterThan(0));
    const [first, second, draft] = invoiceRows();
    expect(first!.textContent).toContain('INV-000001');
    expect(first!.textContent).toContain('Petra Stores');
    expect(first!.textContent).toContain('11.166');
    expect(first!.textContent).toContain('Confirmed');
    expect(second!.textContent).toContain('Zarqa Foods');
    expect(second!.textContent).toContain('66.000');
    expect(second!.textContent).toContain('Partially paid');
    expect(within(draft!).getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe('/sales/invoices/inv-3');
    expect(screen.getByRole('link', { name: 'New invoice' }).getAttribute('href')).toBe('/sales/invoices/new');
  });

  it('filters by status through the API and keeps the filter in the address', async () => {
    const { requests } = api();
    const view = renderRoutes(routes, '/sales/invoices');
    await screen.findByRole('link', { name: 'INV-000002' });

    await userEvent.setup().click(screen.getByRole('tab', { name: /^Partially paid/ }));
    await waitFor(() => expect(invoiceRows()).toHaveLength(1));
    const last = requests.filter((r) => r.url.includes('/invoices?')).at(-1)!;
    expect(new URL(last.url, 'http://localhost').searchParams.get('status')).toBe('partially_paid');
    expect(view.router.state.location.search).toBe('?status=partially_paid');
  });

  it('searches by number or customer name', async () => {
    const { requests } = api();
    renderRoutes(routes, '/sales/invoices');
    await screen.findByRole('link', { name: 'INV-000002' });
    await waitFor(() => expect(screen.getAllByText('Petra Stores').length).toBeGreaterThan(0));

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'zarqa');
    await waitFor(() => expect(invoiceRows()).toHaveLength(1));
    expect(invoiceRows()[0]!.textContent).toContain('INV-000002');
    expect(requests.some((r) => r.url.includes('limit=1000'))).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search invoices' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), '000001');
    await waitFor(() => expect(invoiceRows()).toHaveLength(1));
    expect(invoiceRows()[0]!.textContent).toContain('Petra Stores');

    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), '9');
    expect(await screen.findByText('No invoices match your search.')).toBeTruthy();
  });

  it('offers no New invoice button to a viewer', async () => {
    api('viewer');
    renderRoutes(routes, '/sales/invoices');
    await screen.findByRole('link', { name: 'INV-000002' });
    expect(screen.queryByRole('link', { name: 'New invoice' })).toBeNull();
  });

  it('shows the empty state', async () => {
    mockFetch({
      ...session('member'),
      [`GET ${API}/invoices`]: () => ({ json: { data: [], count: 0 } }),
      [`GET ${API}/contacts/list`]: () => ({ json: { data: [], count: 0 } }),
    });
    renderRoutes(routes, '/sales/invoices');
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
  });

  describe('names in the reader\'s language (issue #12)', () => {
    // Petra Stores has an Arabic name; Zarqa Foods has none.
    const bilingual = customers.map((c) => (c.id === 'c-1' ? { ...c, name_ar: 'متاجر البتراء' } : c));
    const bilingualApi = () =>
      mockFetch({
        ...session('member'),
        [`GET ${API}/invoices`]: () => ({ json: { data: listed, count: listed.length } }),
        [`GET ${API}/contacts/list`]: () => ({ json: { data: bilingual, count: bilingual.length } }),
      });
    const rowsOf = (table: string) => within(screen.getByRole('table', { name: table })).getAllByRole('row').slice(1);

    it('shows an Arabic reader the Arabic name, and the English name where there is none', async () => {
      await changeLanguage('ar');
      bilingualApi();
      renderRoutes(routes, '/sales/invoices');

      await waitFor(() => expect(screen.getAllByText('متاجر البتراء').length).toBeGreaterThan(0));
      const [first, second] = rowsOf('الفواتير');
      expect(first!.textContent).toContain('متاجر البتراء');
      expect(first!.textContent).not.toContain('Petra Stores');
      expect(second!.textContent).toContain('Zarqa Foods');
    });

    it('finds an invoice by either name of its customer', async () => {
      await changeLanguage('ar');
      bilingualApi();
      renderRoutes(routes, '/sales/invoices');
      await waitFor(() => expect(screen.getAllByText('متاجر البتراء').length).toBeGreaterThan(0));

      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox', { name: 'البحث في الفواتير' }), 'petra');
      await waitFor(() => expect(rowsOf('الفواتير')).toHaveLength(2));
      expect(rowsOf('الفواتير').every((row) => row.textContent!.includes('متاجر البتراء'))).toBe(true);
    });

    it('keeps the English name for an English reader', async () => {
      bilingualApi();
      renderRoutes(routes, '/sales/invoices');

      await waitFor(() => expect(screen.getAllByText('Petra Stores').length).toBeGreaterThan(0));
      expect(rowsOf('Invoices')[0]!.textContent).toContain('Petra Stores');
      expect(screen.queryByText('متاجر البتراء')).toBeNull();
    });
  });
});
