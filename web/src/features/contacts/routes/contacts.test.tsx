import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, closed, installResizeObserver, petra, session, zarqa } from '../testing/fixtures';
import { CustomersRoute } from './customers';
import { SuppliersRoute } from './suppliers';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/contacts');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/customers', element: <CustomersRoute /> },
  { path: '/purchases/suppliers', element: <SuppliersRoute /> },
  { path: '/contacts/:contactId', element: <Screen name="contact" /> },
];

type Answer = (r: RecordedRequest) => { status?: number; json?: unknown };
const list: Answer = (request) => {
  const query = new URL(request.url, 'http://localhost').searchParams;
  const search = (query.get('search') ?? '').toLowerCase();
  const data = [petra, zarqa, ...(query.get('include_inactive') === 'true' ? [closed] : [])].filter((c) => !search || c.name.toLowerCase().startsWith(search));
  return { json: { data, count: data.length } };
};

function api(role: 'admin' | 'member' | 'viewer' = 'member', extra: Record<string, Answer> = {}) {
  return mockFetch({ ...session(role), [`GET ${API}/contacts/customers`]: list, [`GET ${API}/contacts/suppliers`]: list, ...extra });
}

const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
const lastQuery = (requests: RecordedRequest[], path: string) =>
  Object.fromEntries(new URL(requests.filter((r) => r.url.split('?')[0] === `${API}${path}`).at(-1)!.url, 'http://localhost').searchParams);

describe('customers and suppliers', () => {
  it('lists customers with type, identification, phone, e-mail and governorate', async () => {
    api();
    renderRoutes(routes, '/sales/customers');
    expect(await screen.findByRole('link', { name: 'Petra Stores' })).toBeTruthy();
    const [first, second] = rows('Customers');
    expect(first!.textContent).toMatch(/Petra Storesمتاجر البتراءCustomerTN 12345678\+962 6 555 0101accounts@petra\.joAmman/);
    expect(second!.textContent).toMatch(/Zarqa FoodsCustomer and supplierNIN 9851012345.*Zarqa/);
    expect(screen.getByRole('link', { name: 'Petra Stores' }).getAttribute('href')).toBe('/contacts/c-1');
    expect(screen.getByRole('button', { name: 'New customer' })).toBeTruthy();
  });

  it('searches through the API, shows inactive contacts on request and pages', async () => {
    const { requests } = api();
    const view = renderRoutes(routes, '/purchases/suppliers');
    await screen.findByRole('link', { name: 'Petra Stores' });
    // The page searches once typing pauses (250 ms) and keeps the last list until the new answer.
    // Keys typed without user-event's pauses make one search of 'zar' (a slow machine's pauses made
    // searches of 'z' and 'za' too); the test then waits for that request, and for its answer.
    const user = userEvent.setup({ delay: null });

    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'zar');
    await waitFor(() => expect(lastQuery(requests, '/contacts/suppliers')).toEqual({ search: 'zar', include_inactive: 'false', skip: '0', limit: '25' }));
    await waitFor(() => expect(rows('Suppliers')).toHaveLength(1));
    expect(within(rows('Suppliers')[0]!).getByRole('link', { name: 'Zarqa Foods' })).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Search suppliers' }));
    await user.click(screen.getByRole('switch', { name: 'Show inactive contacts' }));
    await waitFor(() => expect(lastQuery(requests, '/contacts/suppliers')).toEqual({ include_inactive: 'true', skip: '0', limit: '25' }));
    await waitFor(() => expect(rows('Suppliers')).toHaveLength(3));
    expect(within(rows('Suppliers')[2]!).getByText('Inactive')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?inactive=1');

    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'nobody');
    expect(await screen.findByText('No contact matches your search.')).toBeTruthy();
  });

  it('checks a new customer with the shared schema, then posts the Jordan identifiers and opens it', async () => {
    const { requests } = api('member', {
      [`POST ${API}/contacts`]: (r) => ({ status: 201, json: { ...petra, id: 'c-new', ...JSON.parse(r.body!) } }),
    });
    const view = renderRoutes(routes, '/sales/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });

    await user.type(within(dialog).getByLabelText('Tax number (TIN)'), '12-34');
    await user.type(within(dialog).getByLabelText('National number'), '123');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.selectOptions(within(dialog).getByLabelText('Identification on e-invoices'), 'Personal document number (PN)');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('A tax number has 7 to 15 digits, without spaces or letters')).toBeTruthy();
    expect(within(dialog).getByText('A national number has 10 digits')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(within(dialog).getByText('Enter the identifier this choice uses, or choose Automatic')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tax number (TIN)').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Aqaba Marine Supplies');
    await user.type(within(dialog).getByLabelText('Arabic name'), 'لوازم العقبة البحرية');
    await user.clear(within(dialog).getByLabelText('Tax number (TIN)'));
    await user.type(within(dialog).getByLabelText('Tax number (TIN)'), '20451237');
    await user.clear(within(dialog).getByLabelText('National number'));
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'Finance@Aqaba-Marine.jo');
    await user.selectOptions(within(dialog).getByLabelText('Identification on e-invoices'), 'Tax number (TN)');
    await user.selectOptions(within(dialog).getByLabelText('Governorate'), 'Aqaba');
    await user.type(within(dialog).getByLabelText('Payment terms (days)'), '45');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('screen:contact')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/contacts/c-new');
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({
      contact_type: 'customer',
      name: 'Aqaba Marine Supplies',
      name_ar: 'لوازم العقبة البحرية',
      email: 'finance@aqaba-marine.jo',
      phone: null,
      tax_number: '20451237',
      national_id: null,
      personal_number: null,
      buyer_id_scheme: 'TN',
      governorate: 'JO-AQ',
      city: null,
      address: null,
      postal_code: null,
      payment_terms_days: 45,
      credit_limit: null,
      currency: null,
      is_active: true,
      notes: null,
    });
  });

  it('shows a duplicate tax number under its field', async () => {
    api('member', { [`POST ${API}/contacts`]: () => ({ status: 409, json: { detail: 'A contact with tax number 12345678 already exists' } }) });
    renderRoutes(routes, '/purchases/suppliers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'New supplier' });
    expect((within(dialog).getByLabelText('Type') as HTMLSelectElement).value).toBe('supplier');
    await user.type(within(dialog).getByLabelText('Name'), 'Petra again');
    await user.type(within(dialog).getByLabelText('Tax number (TIN)'), '12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Another contact already has this tax number')).toBeTruthy();
  });

  it('offers a viewer no way to add contacts', async () => {
    api('viewer');
    renderRoutes(routes, '/sales/customers');
    await screen.findByRole('link', { name: 'Petra Stores' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull());
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('lists customers by their Arabic names, with the governorate in Arabic', async () => {
      api();
      renderRoutes(routes, '/sales/customers');
      expect(await screen.findByRole('heading', { name: 'العملاء', level: 1 })).toBeTruthy();
      const link = await screen.findByRole('link', { name: 'متاجر البتراء' });
      expect(link.getAttribute('href')).toBe('/contacts/c-1');
      const [first, second] = rows('العملاء');
      expect(first!.textContent).toContain('Petra Stores');
      expect(first!.textContent).toContain('عمّان');
      expect(first!.textContent).toContain('الرقم الضريبي 12345678');
      expect(second!.textContent).toContain('عميل ومورّد');
      expect(screen.getByRole('button', { name: 'عميل جديد' })).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'البحث في العملاء' })).toBeTruthy();
    });
  });
});
