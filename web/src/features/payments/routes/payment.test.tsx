import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, assetAccounts, contactNames, invoice, journalEntry, payment, prepareScreens, session } from '../testing/fixtures';
import { PaymentRoute } from './payment';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/payments');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [
  { path: '/payments/:paymentId', element: <PaymentRoute /> },
  { path: '/sales/payments', element: <Screen name="payments received" /> },
  { path: '/sales/invoices/:invoiceId', element: <Screen name="invoice" /> },
];

const entry = journalEntry('je-20', [
  { code: '1120', name: 'Bank', debit: '30.000', credit: '0.000' },
  { code: '1200', name: 'Accounts receivable', debit: '0.000', credit: '26.600' },
  { code: '2500', name: 'Customer credit', debit: '0.000', credit: '3.400' },
]);
const reversal = { ...journalEntry('je-21', [
  { code: '1120', name: 'Bank', debit: '0.000', credit: '30.000' },
  { code: '1200', name: 'Accounts receivable', debit: '26.600', credit: '0.000' },
  { code: '2500', name: 'Customer credit', debit: '3.400', credit: '0.000' },
]), entry_number: 'JE-000021' };

const readers = {
  [`GET ${API}/contacts/list`]: () => ({ json: { data: contactNames, count: contactNames.length } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: assetAccounts, count: assetAccounts.length } }),
  [`GET ${API}/invoices/inv-1`]: () => ({ json: invoice() }),
  [`GET ${API}/invoices/inv-2`]: () => ({ json: invoice({ id: 'inv-2', number: 'INV-000002', issue_date: '2025-03-20' }) }),
  [`GET ${API}/journal-entries/je-20`]: () => ({ json: entry }),
  [`GET ${API}/journal-entries/je-21`]: () => ({ json: reversal }),
};

describe('payment page', { timeout: 30_000 }, () => {
  it('shows the payment, the invoices it paid (linked) and its journal entry', async () => {
    mockFetch({ ...session('member'), ...readers, [`GET ${API}/payments/pay-1`]: () => ({ json: payment() }) });
    renderRoutes(routes, '/payments/pay-1');
    expect(await screen.findByRole('heading', { name: 'Payment PAY-000007' })).toBeTruthy();
    expect(await screen.findByText('Received from Petra Stores')).toBeTruthy();
    expect(await screen.findByText('1120 Bank')).toBeTruthy();
    expect(screen.getByText('CLIQ-5521')).toBeTruthy();
    const paid = screen.getByRole('table', { name: 'Invoices paid' });
    const link = await within(paid).findByRole('link', { name: 'INV-000002' });
    expect(link.getAttribute('href')).toBe('/sales/invoices/inv-2');
    expect(within(paid).getByRole('row', { name: /INV-000001/ }).textContent).toMatch(/11\.600/);
    const journal = await screen.findByRole('table', { name: 'Journal entry' });
    expect(within(journal).getByRole('row', { name: /Customer credit/ }).textContent).toMatch(/3\.400/);
    // A member edits the reference and notes but does not void.
    expect(screen.getByRole('button', { name: 'Edit reference and notes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Void payment' })).toBeNull();
  });

  it('lets an admin void after confirming, then shows it struck through with its reversing entry', async () => {
    let current = payment();
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${API}/payments/pay-1`]: () => ({ json: current }),
      [`DELETE ${API}/payments/pay-1`]: () => {
        current = payment({ status: 'void', reversal_entry_id: 'je-21', voided_at: '2025-04-20T08:00:00Z', version: 2 });
        return { json: current };
      },
    });
    renderRoutes(routes, '/payments/pay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void payment' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/owes the amount again/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Void payment' }));
    expect(await screen.findByText('Payment PAY-000007 was voided.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText(/This payment was voided on/)).toBeTruthy();
    expect(screen.getAllByText('Void').length).toBeGreaterThan(0);
    expect(document.querySelector('s')?.textContent).toMatch(/30\.000/);
    const reversing = await screen.findByRole('table', { name: 'Reversing entry' });
    expect(within(reversing).getByRole('row', { name: /Bank/ }).textContent).toMatch(/30\.000/);
    expect(screen.queryByRole('button', { name: 'Void payment' })).toBeNull();
  });

  it('edits the reference and notes with the version read', async () => {
    let current = payment();
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/payments/pay-1`]: () => ({ json: current }),
      [`PUT ${API}/payments/pay-1`]: (request) => {
        current = payment({ ...JSON.parse(request.body!), version: 2 });
        return { json: current };
      },
    });
    renderRoutes(routes, '/payments/pay-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit reference and notes' }));
    const dialog = await screen.findByRole('dialog');
    const reference = within(dialog).getByLabelText('Reference');
    expect((reference as HTMLInputElement).value).toBe('CLIQ-5521');
    await user.clear(reference);
    await user.type(reference, 'CLIQ-5599');
    await user.type(within(dialog).getByLabelText('Notes'), 'Settles March and April');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ reference: 'CLIQ-5599', notes: 'Settles March and April', version: 1 });
    expect(await screen.findByText('CLIQ-5599')).toBeTruthy();
  });

  it('renders in Arabic, right to left, with Latin digits', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('viewer'), ...readers, [`GET ${API}/payments/pay-1`]: () => ({ json: payment() }) });
    renderRoutes(routes, '/payments/pay-1');
    expect(await screen.findByRole('heading', { name: 'الدفعة PAY-000007' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText('مقبوضة من Petra Stores')).toBeTruthy();
    expect(screen.getByText('كليك')).toBeTruthy();
    expect(await screen.findByText('1120 البنك')).toBeTruthy();
    const paid = screen.getByRole('table', { name: 'الفواتير المسددة' });
    expect(within(paid).getByRole('row', { name: /INV-000001/ }).textContent).toMatch(/11\.600/);
    expect(await screen.findByRole('table', { name: 'قيد اليومية' })).toBeTruthy();
    // A viewer reads only.
    expect(screen.queryByRole('button', { name: 'تعديل المرجع والملاحظات' })).toBeNull();
  });
});
