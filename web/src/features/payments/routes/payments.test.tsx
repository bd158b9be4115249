import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, assetAccounts, contactNames, customers, invoice, invoiceReaders, payment, prepareScreens, session, suppliers } from '../testing/fixtures';
import { PaymentsReceivedRoute, PaymentsSentRoute } from './payments';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/payments');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/sales/payments', element: <PaymentsReceivedRoute /> },
  { path: '/purchases/payments', element: <PaymentsSentRoute /> },
  { path: '/payments/:paymentId', element: <Screen name="payment" /> },
];

const payments = [
  payment(),
  payment({ id: 'pay-2', number: 'PAY-000006', status: 'void', payment_method: 'cash', contact_id: 'c-2', date: '2025-04-02', amount: '50.000', allocated_amount: '50.000', unallocated_amount: '0.000' }),
  payment({ id: 'pay-3', number: 'PAY-000005', payment_method: 'cheque', date: '2025-02-14', amount: '12.000', allocated_amount: '0.000', unallocated_amount: '12.000', allocations: [] }),
];

const readers = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/contacts/suppliers`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: contactNames, count: contactNames.length } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: assetAccounts, count: assetAccounts.length } }),
  [`GET ${API}/payments`]: () => ({ json: { data: payments, count: payments.length } }),
  ...invoiceReaders,
};

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/payments'));
const query = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

async function openRecordDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Record payment' }));
  return screen.findByRole('dialog');
}

async function chooseCustomer(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await within(dialog).findByRole('option', { name });
  await user.selectOptions(within(dialog).getByLabelText('Customer'), name);
  return within(dialog).findByRole('table', { name: 'Open invoices' });
}

describe('payments received list', { timeout: 30_000 }, () => {
  it('lists payments with contact, method and amounts, a void one struck through, and filters on the server', async () => {
    const { requests } = mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/sales/payments');
    expect(await screen.findByRole('heading', { name: 'Payments received' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Payments received' });
    const first = within(table).getByRole('row', { name: /PAY-000007/ });
    await waitFor(() => expect(first.textContent).toContain('Petra Stores'));
    expect(first.textContent).toContain('CliQ');
    expect(first.textContent).toMatch(/30\.000/);
    expect(first.textContent).toMatch(/26\.600/);
    expect(first.textContent).toMatch(/3\.400/);
    const voided = within(table).getByRole('row', { name: /PAY-000006/ });
    expect(voided.textContent).toContain('Void');
    expect(voided.querySelector('s')?.textContent).toBe('PAY-000006');
    expect(within(table).getByRole('link', { name: 'PAY-000007' }).getAttribute('href')).toBe('/payments/pay-1');
    expect(query(requests.find((r) => r.url.includes('/payments?'))!).get('payment_type')).toBe('received');
    // A viewer reads only.
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Cheque');
    await waitFor(() => expect(requests.some((r) => r.url.includes('/payments?') && query(r).get('payment_method') === 'cheque')).toBe(true));
    await user.selectOptions(screen.getByLabelText('Customer'), 'Zarqa Foods');
    await waitFor(() => expect(requests.some((r) => query(r).get('contact_id') === 'c-2' && query(r).get('payment_method') === 'cheque')).toBe(true));
  });

  it('narrows by date range among the latest payments', async () => {
    const { requests } = mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/sales/payments?from=2025-04-01&to=2025-04-30');
    const table = await screen.findByRole('table', { name: 'Payments received' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByRole('row', { name: /PAY-000005/ })).toBeNull();
    expect(query(requests.find((r) => r.url.includes('/payments?'))!).get('limit')).toBe('1000');
  });
});

describe('record payment dialog', { timeout: 40_000 }, () => {
  it('allocates oldest first, caps each invoice at its balance due and shows the remainder kept as credit', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/payments`]: () => ({ status: 201, json: payment() }),
    });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    const dialog = await openRecordDialog(user);
    const invoices = await chooseCustomer(user, dialog, 'Petra Stores');
    // Zarqa Foods' invoice is not offered; Petra's three are, oldest first.
    const rows = within(invoices).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['INV-000001', 'INV-000002', 'INV-000003']);
    expect(rows[1]!.textContent).toMatch(/15\.000/);

    await user.type(within(dialog).getByLabelText('Amount'), '40.001');
    await user.click(within(dialog).getByRole('button', { name: 'Allocate automatically' }));
    expect((within(dialog).getByLabelText('Amount for INV-000001') as HTMLInputElement).value).toBe('11.600');
    expect((within(dialog).getByLabelText('Amount for INV-000002') as HTMLInputElement).value).toBe('15.000');
    expect((within(dialog).getByLabelText('Amount for INV-000003') as HTMLInputElement).value).toBe('8.000');
    expect(within(dialog).getByTestId('unallocated').textContent).toMatch(/Unallocated: JOD\s5\.401, kept as customer credit/);

    // Typing more than an invoice owes is capped at its balance due.
    const third = within(dialog).getByLabelText('Amount for INV-000003');
    await user.clear(third);
    await user.type(third, '20');
    expect((third as HTMLInputElement).value).toBe('8.000');
    await user.clear(third);
    await user.type(third, '3');
    expect(within(dialog).getByTestId('unallocated').textContent).toMatch(/10\.401/);

    await user.selectOptions(within(dialog).getByLabelText('Method'), 'CliQ');
    await user.selectOptions(within(dialog).getByLabelText('Deposit to'), '1120 Bank');
    await user.type(within(dialog).getByLabelText('Reference'), 'CLIQ-5521');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = posts(requests);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      payment_type: 'received',
      contact_id: 'c-1',
      payment_method: 'cliq',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: '40.001',
      account_id: 'a-1120',
      reference: 'CLIQ-5521',
      notes: null,
      allocations: [
        { invoice_id: 'inv-1', amount: '11.600' },
        { invoice_id: 'inv-2', amount: '15.000' },
        { invoice_id: 'inv-3', amount: '3' },
      ],
    });
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer token');
    expect(sent[0]!.headers.get('X-Organization-ID')).toBe('org-1');
    expect(await screen.findByText('Payment PAY-000007 recorded.')).toBeTruthy();
  });

  it('refuses allocations above the payment and an amount finer than the fils, posting nothing', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    const dialog = await openRecordDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Choose who the payment is with.')).toBeTruthy();
    expect(within(dialog).getByText('Enter an amount above zero, such as 150.000')).toBeTruthy();

    await chooseCustomer(user, dialog, 'Petra Stores');
    // Allocations typed by hand stay as typed when the amount changes afterwards.
    await user.type(within(dialog).getByLabelText('Amount for INV-000001'), '11');
    await user.type(within(dialog).getByLabelText('Amount for INV-000002'), '1');
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    expect((within(dialog).getByLabelText('Amount for INV-000001') as HTMLInputElement).value).toBe('11');
    expect(within(dialog).getByText(/The allocations are JOD\s2\.000 more than the payment\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '12.0005');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount above zero, such as 150.000')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
  });

  it('sends one Idempotency-Key per opened dialog: a retry reuses it, a new dialog gets a new one', async () => {
    let answers = 0;
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/payments`]: () => {
        answers += 1;
        return answers === 1 ? { status: 503, json: { detail: 'Service unavailable, try again' } } : { status: 201, json: payment({ number: `PAY-00001${answers}` }) };
      },
    });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    let dialog = await openRecordDialog(user);
    await chooseCustomer(user, dialog, 'Zarqa Foods');
    await user.type(within(dialog).getByLabelText('Amount'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Service unavailable, try again')).toBeTruthy();
    // The dialog stays open with what was typed; the retry is the same request with the same key.
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openRecordDialog(user);
    await chooseCustomer(user, dialog, 'Zarqa Foods');
    await user.type(within(dialog).getByLabelText('Amount'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const keys = posts(requests).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(posts(requests)[1]!.body).toBe(posts(requests)[0]!.body);
  });

  it('maps a 422 on an allocation to that invoice', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/payments`]: () => ({
        status: 422,
        json: { detail: [{ loc: ['body', 'allocations', 0, 'amount'], msg: '11.600 is more than the 5.000 still due on Invoice INV-000001', type: 'exceeds_outstanding' }] },
      }),
    });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    const dialog = await openRecordDialog(user);
    await chooseCustomer(user, dialog, 'Petra Stores');
    await user.type(within(dialog).getByLabelText('Amount'), '11.6');
    // The allocation follows the amount, oldest invoice first.
    expect((within(dialog).getByLabelText('Amount for INV-000001') as HTMLInputElement).value).toBe('11.600');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    const input = within(dialog).getByLabelText('Amount for INV-000001');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('11.600 is more than the 5.000 still due on Invoice INV-000001');
  });

  it('opens from ?invoice_id= with the customer and that invoice preselected', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/invoices/inv-2`]: () => ({ json: invoice({ id: 'inv-2', number: 'INV-000002', status: 'partially_paid', balance_due: '15.000' }) }),
    });
    const { router } = renderRoutes(routes, '/sales/payments?invoice_id=inv-2');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Open invoices' });
    expect((within(dialog).getByLabelText('Customer') as HTMLSelectElement).value).toBe('c-1');
    await waitFor(() => expect((within(dialog).getByLabelText('Amount for INV-000002') as HTMLInputElement).value).toBe('15.000'));
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('15.000');
    expect((within(dialog).getByLabelText('Amount for INV-000001') as HTMLInputElement).value).toBe('');

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('lets the allocation follow a changed amount until one is edited by hand (issue #12)', async () => {
    mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/invoices`]: (request: { url: string }) => {
        const status = new URL(request.url, 'http://localhost').searchParams.get('status');
        const data = status === 'confirmed' ? [invoice({ id: 'inv-7', number: 'INV-000007', gross_total: '34.920', balance_due: '34.920' })] : [];
        return { json: { data, count: data.length } };
      },
      [`GET ${API}/invoices/inv-7`]: () => ({ json: invoice({ id: 'inv-7', number: 'INV-000007', gross_total: '34.920', balance_due: '34.920' }) }),
    });
    renderRoutes(routes, '/sales/payments?invoice_id=inv-7');
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount') as HTMLInputElement;
    const allocation = () => within(dialog).getByLabelText('Amount for INV-000007') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('34.920'));
    await waitFor(() => expect(allocation().value).toBe('34.920'));

    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '20.000');
    expect(allocation().value).toBe('20.000');
    expect(within(dialog).queryByText(/more than the payment/)).toBeNull();
    expect(within(dialog).getByTestId('unallocated').textContent).toMatch(/0\.000/);

    // More than the invoice owes: it takes its balance due, the rest stays as credit.
    await user.clear(amount);
    await user.type(amount, '40');
    expect(allocation().value).toBe('34.920');
    expect(within(dialog).getByTestId('unallocated').textContent).toMatch(/5\.080/);

    // Edited by hand: the amount no longer moves it.
    await user.clear(allocation());
    await user.type(allocation(), '10');
    await user.clear(amount);
    await user.type(amount, '30');
    expect(allocation().value).toBe('10');
  });

  it('goes back to the invoice it was opened from once the payment is recorded, refreshing its balance', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/invoices/inv-2`]: () => ({ json: invoice({ id: 'inv-2', number: 'INV-000002', status: 'partially_paid', balance_due: '15.000' }) }),
      [`POST ${API}/payments`]: () => ({ status: 201, json: payment() }),
    });
    const { router, queryClient } = renderRoutes([...routes, { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> }], '/sales/invoices/inv-2');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await router.navigate('/sales/payments?invoice_id=inv-2', { state: { returnTo: '/sales/invoices/inv-2' } });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByLabelText('Amount for INV-000002') as HTMLInputElement).value).toBe('15.000'));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('screen:invoice')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sales/invoices/inv-2');
    expect(JSON.parse(posts(requests)[0]!.body!).allocations).toEqual([{ invoice_id: 'inv-2', amount: '15.000' }]);
    // The invoice's detail (and its payments) are read again: its balance due is the new one.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', 'org-1', 'invoices'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['organizations', 'org-1', 'payments'] });
    expect(await screen.findByText('Payment PAY-000007 recorded.')).toBeTruthy();
  });
});

describe('payments sent', { timeout: 30_000 }, () => {
  it('pays a supplier: its open bills from the bill list, the remainder kept as an advance', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/payments`]: () => ({ json: { data: [], count: 0 } }),
      [`GET ${API}/bills/list`]: () => ({
        json: {
          data: [
            { id: 'bill-2', number: 'BILL-000002', supplier_reference: null, status: 'partially_paid', contact_id: 's-1', issue_date: '2025-02-10', due_date: null, gross_total: '100.000', balance_due: '40.000' },
            { id: 'bill-3', number: 'BILL-000003', supplier_reference: null, status: 'paid', contact_id: 's-1', issue_date: '2025-01-10', due_date: null, gross_total: '9.000', balance_due: '0.000' },
            { id: 'bill-4', number: null, supplier_reference: null, status: 'draft', contact_id: 's-1', issue_date: '2025-01-01', due_date: null, gross_total: '9.000', balance_due: '9.000' },
          ],
          count: 3,
        },
      }),
      [`POST ${API}/payments`]: () => ({ status: 201, json: payment({ payment_type: 'sent' }) }),
    });
    renderRoutes(routes, '/purchases/payments');
    expect(await screen.findByText('No payments sent yet.')).toBeTruthy();
    const user = userEvent.setup();
    const dialog = await openRecordDialog(user);
    await within(dialog).findByRole('option', { name: 'Aqaba Paper Co.' });
    expect(within(dialog).queryByRole('option', { name: 'Petra Stores' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Supplier'), 'Aqaba Paper Co.');
    const bills = await within(dialog).findByRole('table', { name: 'Open bills' });
    expect(within(bills).getAllByRole('row')).toHaveLength(2);
    expect(query(requests.find((r) => r.url.includes('/bills/list'))!).get('supplier_id')).toBe('s-1');
    // Paying out of cheques received is not offered.
    expect(within(within(dialog).getByLabelText('Pay from')).queryByRole('option', { name: /Cheques under collection/ })).toBeNull();

    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Allocate automatically' }));
    expect(within(dialog).getByTestId('unallocated').textContent).toMatch(/10\.000, kept as an advance to the supplier/);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(JSON.parse(posts(requests)[0]!.body!)).toMatchObject({ payment_type: 'sent', contact_id: 's-1', amount: '50', allocations: [{ bill_id: 'bill-2', amount: '40.000' }] });
  });
});
