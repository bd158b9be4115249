import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, customers, prepareScreens, invoice, session, taxes } from '../testing/fixtures';
import { EditInvoiceRoute } from './edit-invoice';
import { NewInvoiceRoute } from './new-invoice';

beforeAll(async () => {
  prepareScreens();
  // Transforming the shared zod schemas the first time is slow under vitest: warm them once.
  await import('@daftar/shared/schemas/invoices');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/invoices', element: <Screen name="invoices" /> },
  { path: '/sales/invoices/new', element: <NewInvoiceRoute /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
  { path: '/sales/invoices/:invoiceId/edit', element: <EditInvoiceRoute /> },
];

const readers = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
};

describe('new invoice form', { timeout: 30_000 }, () => {
  it('shows the shared schema errors under the fields and sends nothing', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Choose a customer')).toBeTruthy();
    expect(screen.getByText('Description, line 1: A line needs a description')).toBeTruthy();
    expect(screen.getByText('Unit price, line 1: Enter a price of zero or more with at most 9 decimals')).toBeTruthy();
    expect(screen.getByLabelText('Customer').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a due date before the issue date', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Zarqa Foods');
    const issue = screen.getByLabelText('Issue date');
    await user.clear(issue);
    await user.type(issue, '2025-03-10');
    await user.type(screen.getByLabelText('Due date'), '2025-03-01');
    await user.type(screen.getByLabelText('Description, line 1'), 'Pens');
    await user.type(screen.getByLabelText('Unit price, line 1'), '1');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('The due date cannot be before the issue date')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('saves a draft with the lines as typed and opens it', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    const view = renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByLabelText('Description, line 1'), 'Pens');
    await user.clear(screen.getByLabelText('Quantity, line 1'));
    await user.type(screen.getByLabelText('Quantity, line 1'), '3');
    await user.type(screen.getByLabelText('Unit price, line 1'), '0.335');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.keyboard('Training course');
    await user.type(screen.getByLabelText('Unit price, line 2'), '10.000');
    await user.selectOptions(screen.getByLabelText('Tax, line 2'), 'No tax (exempt)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/sales/invoices/inv-new');
    const post = requests.find((r) => r.method === 'POST')!;
    const body = JSON.parse(post.body!);
    expect(body).toMatchObject({ contact_id: 'c-1', price_includes_tax: false, reference: null });
    // The customer's 30-day terms set the due date.
    expect(body.due_date).toBe(addDays(body.issue_date, 30));
    expect(body.lines).toEqual([
      { product_id: null, description: 'Pens', quantity: '3', unit_price: '0.335', discount: null, tax_id: 'tax-16', special_tax_id: null },
      { product_id: null, description: 'Training course', quantity: '1', unit_price: '10.000', discount: null, tax_id: null, special_tax_id: null },
    ]);
    // Without special taxes the organization gets no special tax column.
    expect(screen.queryByLabelText('Special tax, line 1')).toBeNull();
  });

  it('offers the organization’s special taxes per line, totals them live and sends the choice', async () => {
    const specialTaxes = [
      ...taxes,
      { id: 'sp-fixed', code: 'SP1', name: 'Special tax 1 JOD', name_ar: 'ضريبة خاصة', rate: '0', tax_category: 'special', jofotara_category: 'S', special_tax_type: 'fixed', special_tax_amount: '1', is_default: false, is_active: true },
      { id: 'sp-old', code: 'SP2', name: 'Old special tax', name_ar: null, rate: '5', tax_category: 'special', jofotara_category: 'S', special_tax_type: 'percent', special_tax_amount: null, is_default: false, is_active: false },
    ];
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/taxes/list`]: () => ({ json: { data: specialTaxes, count: specialTaxes.length } }),
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByLabelText('Description, line 1'), 'Cigarettes');
    await user.clear(screen.getByLabelText('Quantity, line 1'));
    await user.type(screen.getByLabelText('Quantity, line 1'), '10');
    await user.type(screen.getByLabelText('Unit price, line 1'), '50');
    const picker = screen.getByLabelText('Special tax, line 1');
    // Only active special taxes are offered.
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['No special tax', 'Special tax 1 JOD (1)']);
    await user.selectOptions(picker, 'Special tax 1 JOD (1)');

    // 500 net, special 10.000, 16% of 510 = 81.600, total 591.600.
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(totals.textContent).toContain('Special sales tax');
    expect(totals.textContent).toMatch(/10\.000/);
    expect(totals.textContent).toMatch(/81\.600/);
    expect(totals.textContent).toMatch(/591\.600/);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body.lines).toEqual([{ product_id: null, description: 'Cigarettes', quantity: '10', unit_price: '50', discount: null, tax_id: 'tax-16', special_tax_id: 'sp-fixed' }]);
  });

  it('shows a 422 answer under the line it is about', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({
        status: 422,
        json: { detail: [{ loc: ['body', 'lines', 0, 'tax_id'], msg: 'General sales tax 16% is inactive', type: 'value_error' }] },
      }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByLabelText('Description, line 1'), 'Pens');
    await user.type(screen.getByLabelText('Unit price, line 1'), '1');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Tax, line 1: This tax is not available any more: choose another')).toBeTruthy();
    expect(screen.getByLabelText('Tax, line 1').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a 422 about part of a line field under that field, and one no field shows above the buttons', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({
        status: 422,
        json: {
          detail: [
            { loc: ['body', 'lines', 0, 'discount', 'amount'], msg: 'The discount is more than the line', type: 'value_error' },
            { loc: ['body', 'currency'], msg: 'Only the base currency is accepted', type: 'value_error' },
          ],
        },
      }),
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByLabelText('Description, line 1'), 'Pens');
    await user.type(screen.getByLabelText('Unit price, line 1'), '1');
    await user.type(screen.getByLabelText('Discount, line 1'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(/^Discount, line 1: /)).toBeTruthy();
    expect(screen.getByLabelText('Discount, line 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Only the base currency is accepted').getAttribute('role')).toBe('alert');
  });

  it('saves one draft on a double click: Save draft works (disabled) until the answer', async () => {
    const { requests, fetchMock } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/invoices/with-line-items`]: () => ({ status: 201, json: invoice({ id: 'inv-new', status: 'draft', number: null }) }),
    });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const route = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await answered;
      return route(input, init);
    });
    renderRoutes(routes, '/sales/invoices/new');
    const user = userEvent.setup();
    await chooseCustomer(user, 'Petra Stores');
    await user.type(screen.getByLabelText('Description, line 1'), 'Pens');
    await user.type(screen.getByLabelText('Unit price, line 1'), '1');
    await user.dblClick(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save draft' }) as HTMLButtonElement).disabled).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    answer();

    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('tells a viewer the form is for members', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/sales/invoices/new');
    expect(await screen.findByText('Only members of the organization can create and edit invoices.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});

describe('edit invoice form', { timeout: 30_000 }, () => {
  it('shows a version conflict clearly and reloads the latest draft', async () => {
    let version = 3;
    const draft = () => invoice({ status: 'draft', number: null, journal_entry_id: null, version, reference: version > 3 ? 'PO-77' : null });
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/invoices/inv-1`]: () => ({ json: draft() }),
      [`PUT ${API}/invoices/inv-1/with-line-items`]: () => {
        version = 4;
        return { status: 409, json: { detail: 'The invoice was changed by someone else; reload and try again' } };
      },
    });
    renderRoutes(routes, '/sales/invoices/inv-1/edit');
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Description, line 1', undefined);
    expect((description as HTMLInputElement).value).toBe('Pens');
    await user.type(description, ' and pencils');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByText('This invoice was changed by someone else.');
    expect(alert.closest('[role="alert"]')!.textContent).toContain('reload and try again');
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!).version).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Reload the invoice (discards your changes)' }));
    await waitFor(() => expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe('PO-77'));
    expect((screen.getByLabelText('Description, line 1') as HTMLInputElement).value).toBe('Pens');
    expect(screen.queryByText('This invoice was changed by someone else.')).toBeNull();
  });

  it('names customers in the reader\'s language in the picker (issue #12)', async () => {
    const bilingual = customers.map((c) => (c.id === 'c-1' ? { ...c, name_ar: 'متاجر البتراء' } : c));
    mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/contacts/customers`]: () => ({ json: { data: bilingual, count: bilingual.length } }),
      [`GET ${API}/contacts/list`]: () => ({ json: { data: bilingual, count: bilingual.length } }),
    });
    await changeLanguage('ar');
    try {
      renderRoutes(routes, '/sales/invoices/new');
      expect(await screen.findByRole('option', { name: 'متاجر البتراء' })).toBeTruthy();
      expect(screen.getByRole('option', { name: 'Zarqa Foods' })).toBeTruthy();
      expect(screen.queryByRole('option', { name: 'Petra Stores' })).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });

  it('says a confirmed invoice cannot be edited', async () => {
    mockFetch({ ...session('member'), ...readers, [`GET ${API}/invoices/inv-1`]: () => ({ json: invoice() }) });
    renderRoutes(routes, '/sales/invoices/inv-1/edit');
    expect(await screen.findByText(/Only draft invoices can be edited/)).toBeTruthy();
  });
});

/** The picker fills once the customers arrive. */
async function chooseCustomer(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('option', { name });
  await user.selectOptions(screen.getByLabelText('Customer'), name);
}

function addDays(date: string, days: number) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
