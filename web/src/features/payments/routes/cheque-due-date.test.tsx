/**
 * Issue 17: a post-dated cheque's due date, from the payment form to the payment's page. The cash
 * forecast counts the cheque's money on that date, so the form asks for it with cheques only, the
 * shared schema refuses one before the payment's date, and the list and page show it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, assetAccounts, contactNames, customers, invoiceReaders, payment, prepareScreens, session, suppliers } from '../testing/fixtures';
import { PaymentRoute } from './payment';
import { PaymentsReceivedRoute } from './payments';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/payments');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [
  { path: '/sales/payments', element: <PaymentsReceivedRoute /> },
  { path: '/payments/:paymentId', element: <PaymentRoute /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
];

const cheque = payment({ id: 'pay-3', number: 'PAY-000005', payment_method: 'cheque', date: '2025-02-14', cheque_due_date: '2025-04-30', account_id: 'a-1140', reference: 'CHQ-3310' });

const readers = {
  [`GET ${API}/contacts/customers`]: () => ({ json: { data: customers, count: customers.length } }),
  [`GET ${API}/contacts/suppliers`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: contactNames, count: contactNames.length } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: assetAccounts, count: assetAccounts.length } }),
  [`GET ${API}/payments`]: () => ({ json: { data: [payment(), cheque], count: 2 } }),
  [`GET ${API}/payments/pay-3`]: () => ({ json: cheque }),
  [`GET ${API}/journal-entries/je-20`]: () => ({ json: { id: 'je-20', entry_number: 'PAY-000005', number: null, date: '2025-02-14', currency: 'JOD', total_debit: '0.000', total_credit: '0.000', lines: [] } }),
  ...invoiceReaders,
};

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/payments'));

async function openForm(user: ReturnType<typeof userEvent.setup>, { record = 'Record payment', customer = 'Customer', name = 'Petra Stores' } = {}) {
  await user.click(await screen.findByRole('button', { name: record }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('option', { name });
  await user.selectOptions(within(dialog).getByLabelText(customer), name);
  return dialog;
}

describe('a cheque received: its due date', { timeout: 40_000 }, () => {
  it('is asked for with cheques only, refused before the payment date, and sent', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers, [`POST ${API}/payments`]: () => ({ status: 201, json: cheque }) });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    const dialog = await openForm(user);
    // Bank transfer (the default), cash, card, CliQ: no due date.
    expect(within(dialog).queryByLabelText('Cheque due date')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cash');
    expect(within(dialog).queryByLabelText('Cheque due date')).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cheque');
    const due = await within(dialog).findByLabelText('Cheque due date');
    expect(within(dialog).getByText('The date written on the cheque: the day it can be cashed. Leave it empty if it can be cashed now.')).toBeTruthy();
    const date = within(dialog).getByLabelText('Payment date');
    await user.clear(date);
    await user.type(date, '2025-05-01');
    await user.type(within(dialog).getByLabelText('Amount'), '12');
    await user.type(due, '2025-04-30');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText("A cheque's due date cannot be before the payment date")).toBeTruthy();
    expect(due.getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toHaveLength(0);

    await user.clear(due);
    await user.type(due, '2025-06-15');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(JSON.parse(posts(requests)[0]!.body!)).toMatchObject({ payment_method: 'cheque', date: '2025-05-01', cheque_due_date: '2025-06-15', amount: '12' });
  });

  it('is not sent once the method is no longer a cheque, and a cheque without one is sent as null', async () => {
    let answers = 0;
    const { requests } = mockFetch({ ...session('member'), ...readers, [`POST ${API}/payments`]: () => ({ status: 201, json: payment({ number: `PAY-00000${++answers}` }) }) });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    let dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Amount'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cheque');
    await user.type(await within(dialog).findByLabelText('Cheque due date'), '2099-01-31');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'CliQ');
    expect(within(dialog).queryByLabelText('Cheque due date')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(JSON.parse(posts(requests)[0]!.body!)).not.toHaveProperty('cheque_due_date');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Amount'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cheque');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    expect(JSON.parse(posts(requests)[1]!.body!)).toMatchObject({ payment_method: 'cheque', cheque_due_date: null });
  });

  it('reads right to left in Arabic, with the refusal in Arabic', async () => {
    await changeLanguage('ar');
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/sales/payments');
    const user = userEvent.setup();
    const dialog = await openForm(user, { record: 'تسجيل مقبوضات', customer: 'العميل' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).queryByLabelText('تاريخ استحقاق الشيك')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('طريقة الدفع'), 'شيك');
    const due = await within(dialog).findByLabelText('تاريخ استحقاق الشيك');
    const date = within(dialog).getByLabelText('تاريخ الدفعة');
    await user.clear(date);
    await user.type(date, '2025-05-01');
    await user.type(within(dialog).getByLabelText('المبلغ'), '12');
    await user.type(due, '2025-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الدفعة' }));
    expect(await within(dialog).findByText('لا يمكن أن يكون تاريخ استحقاق الشيك قبل تاريخ الدفعة')).toBeTruthy();
    expect(due.getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toHaveLength(0);
  });
});

describe("a cheque's due date on the list and the page", { timeout: 30_000 }, () => {
  it('shows under the method in the list, and on the payment page', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/sales/payments');
    const table = await screen.findByRole('table', { name: 'Payments received' });
    const row = within(table).getByRole('row', { name: /PAY-000005/ });
    expect(within(row).getByText(`Due ${formatDate('2025-04-30')}`)).toBeTruthy();
    // A CliQ payment has none.
    expect(within(table).getByRole('row', { name: /PAY-000007/ }).textContent).not.toContain('Due ');

    await userEvent.setup().click(within(row).getByRole('link', { name: 'PAY-000005' }));
    expect(await screen.findByRole('heading', { name: 'Payment PAY-000005' })).toBeTruthy();
    expect(screen.getByText('Cheque due date').closest('.rt-DataListItem')!.textContent).toContain(formatDate('2025-04-30'));
  });

  it('reads in Arabic on the page', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/payments/pay-3');
    expect(await screen.findByRole('heading', { name: 'الدفعة PAY-000005' })).toBeTruthy();
    expect(screen.getByText('تاريخ استحقاق الشيك').closest('.rt-DataListItem')!.textContent).toContain(formatDate('2025-04-30', 'ar'));
  });
});
