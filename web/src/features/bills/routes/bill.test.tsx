import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, assetAccounts, bill, expenseAccounts, prepareScreens, session, suppliers, taxes } from '../testing/fixtures';
import { BillRoute } from './bill';
import { NewBillRoute } from './new-bill';

beforeAll(async () => {
  prepareScreens();
  await Promise.all([import('@daftar/shared/schemas/bills'), import('@daftar/shared/schemas/payments')]);
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/bills', element: <Screen name="bills" /> },
  { path: '/purchases/bills/new', element: <NewBillRoute /> },
  { path: '/purchases/bills/:billId', element: <BillRoute /> },
  { path: '/purchases/bills/:billId/edit', element: <Screen name="edit" /> },
];

const readers = {
  [`GET ${API}/contacts/suppliers`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/s-1`]: () => ({ json: suppliers[0] }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  [`GET ${API}/accounts`]: (request: { url: string }) => {
    const type = new URL(request.url, 'http://localhost').searchParams.get('type');
    const data = type === 'expense' ? expenseAccounts : assetAccounts;
    return { json: { data, count: data.length } };
  },
  [`GET ${API}/journal-entries/je-5`]: () => ({
    json: {
      id: 'je-5', entry_number: 'JE-000005', number: 5, date: '2025-02-01', currency: 'JOD', total_debit: '52.200', total_credit: '52.200',
      lines: [
        { line_no: 1, account_id: 'a-5400', account_code: '5400', account_name: 'Office supplies', debit: '45.000', credit: '0.000', description: null, contact_id: null, tax_id: null },
        { line_no: 2, account_id: 'a-1300', account_code: '1300', account_name: 'Sales tax on purchases', debit: '7.200', credit: '0.000', description: null, contact_id: null, tax_id: 'tax-16' },
        { line_no: 3, account_id: 'a-2100', account_code: '2100', account_name: 'Accounts payable', debit: '0.000', credit: '52.200', description: null, contact_id: 's-1', tax_id: null },
      ],
    },
  }),
  [`GET ${API}/bills/bill-1/payments`]: () => ({ json: { data: [], count: 0 } }),
};

async function chooseSupplier(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findByRole('option', { name });
  await user.selectOptions(screen.getByLabelText('Supplier'), name);
}

describe('new bill form', { timeout: 30_000 }, () => {
  it('asks for the account of each line and offers only expense and purchase-asset accounts', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/purchases/bills/new');
    const user = userEvent.setup();
    await chooseSupplier(user, 'Aqaba Paper Co.');
    await user.type(screen.getByLabelText('Description, line 1'), 'Printer paper');
    await user.type(screen.getByLabelText('Unit price, line 1'), '4.5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Account, line 1: Choose the expense or asset account to book the line to')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    const accountPicker = screen.getByLabelText('Account, line 1');
    const offered = within(accountPicker).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Choose an account…', '5300 Rent', '5400 Office supplies', '1510 Furniture']);
  });

  it('saves the draft with the supplier reference and each line’s account', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/bills/with-line-items`]: () => ({ status: 201, json: bill({ id: 'bill-new', status: 'draft', number: null }) }),
    });
    const view = renderRoutes(routes, '/purchases/bills/new');
    const user = userEvent.setup();
    await chooseSupplier(user, 'Aqaba Paper Co.');
    await user.type(screen.getByLabelText("Supplier's bill number"), 'AQ-5531');
    await user.type(screen.getByLabelText('Description, line 1'), 'Printer paper');
    await user.selectOptions(screen.getByLabelText('Account, line 1'), '5400 Office supplies');
    await user.clear(screen.getByLabelText('Quantity, line 1'));
    await user.type(screen.getByLabelText('Quantity, line 1'), '10');
    await user.type(screen.getByLabelText('Unit price, line 1'), '4.500');
    // Enter starts the next line booked to the same account.
    await user.keyboard('{Enter}');
    await user.keyboard('Desk');
    expect((screen.getByLabelText('Account, line 2') as HTMLSelectElement).value).toBe('a-5400');
    await user.selectOptions(screen.getByLabelText('Account, line 2'), '1510 Furniture');
    await user.type(screen.getByLabelText('Unit price, line 2'), '120');
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByRole('row', { name: /^Total(?! before)/ }).textContent).toContain('191.400');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/purchases/bills/bill-new'));
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toMatchObject({ contact_id: 's-1', supplier_reference: 'AQ-5531' });
    expect(body.lines.map((l: { account_id: string; description: string }) => [l.description, l.account_id])).toEqual([
      ['Printer paper', 'a-5400'],
      ['Desk', 'a-1510'],
    ]);
  });
});

describe('bill view', { timeout: 30_000 }, () => {
  it('hides Confirm from a member and shows it to an admin', async () => {
    const draft = bill({ status: 'draft', number: null, journal_entry_id: null, confirmed_at: null });
    mockFetch({ ...session('member'), ...readers, [`GET ${API}/bills/bill-1`]: () => ({ json: draft }) });
    const view = renderRoutes(routes, '/purchases/bills/bill-1');
    await screen.findByRole('link', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    view.unmount();

    mockFetch({ ...session('admin'), ...readers, [`GET ${API}/bills/bill-1`]: () => ({ json: draft }) });
    renderRoutes(routes, '/purchases/bills/bill-1');
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('shows the posted bill with its accounts and journal entry, and records a payment of the balance due', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/bills/bill-1`]: () => ({ json: bill() }),
      [`POST ${API}/bills/bill-1/payments`]: () => ({ status: 201, json: { id: 'pay-1', number: 'PAY-000010' } }),
    });
    renderRoutes(routes, '/purchases/bills/bill-1');
    expect(await screen.findByRole('heading', { name: 'Bill BILL-000001' })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Bill lines' });
    await waitFor(() => expect(within(lines).getAllByRole('row')[1]!.textContent).toContain('5400 Office supplies'));
    const journal = await screen.findByRole('table', { name: 'Journal entry' });
    expect(within(journal).getByRole('row', { name: /Accounts payable/ }).textContent).toContain('52.200');
    expect(await screen.findByText('No payments made against this bill yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('52.200');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount above zero, such as 150.000')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Amount'), '20.000');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cheque');
    await user.type(within(dialog).getByLabelText('Reference'), 'CHQ-1182');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toMatchObject({ amount: '20.000', payment_method: 'cheque', reference: 'CHQ-1182' });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers a viewer no payment or confirmation', async () => {
    mockFetch({ ...session('viewer'), ...readers, [`GET ${API}/bills/bill-1`]: () => ({ json: bill() }) });
    renderRoutes(routes, '/purchases/bills/bill-1');
    await screen.findByRole('heading', { name: 'Bill BILL-000001' });
    await screen.findByText('No payments made against this bill yet.');
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
