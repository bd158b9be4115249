/**
 * Issue 17: paying a bill by a post-dated cheque. The due date is asked for with cheques only, the
 * shared schema refuses one before the payment's date, and it is sent: the cash forecast counts the
 * money leaving on that day.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, assetAccounts, bill, prepareScreens, session, suppliers, taxes } from '../testing/fixtures';
import { BillRoute } from './bill';

beforeAll(async () => {
  prepareScreens();
  await Promise.all([import('@daftar/shared/schemas/bills'), import('@daftar/shared/schemas/payments')]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const routes = [{ path: '/purchases/bills/:billId', element: <BillRoute /> }];

const readers = {
  [`GET ${API}/contacts/suppliers`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/list`]: () => ({ json: { data: suppliers, count: suppliers.length } }),
  [`GET ${API}/contacts/s-1`]: () => ({ json: suppliers[0] }),
  [`GET ${API}/taxes/list`]: () => ({ json: { data: taxes, count: taxes.length } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: assetAccounts, count: assetAccounts.length } }),
  [`GET ${API}/journal-entries/je-5`]: () => ({ json: { id: 'je-5', entry_number: 'BILL-000001', number: null, date: '2025-02-01', currency: 'JOD', total_debit: '0.000', total_credit: '0.000', lines: [] } }),
  [`GET ${API}/bills/bill-1`]: () => ({ json: bill() }),
  [`GET ${API}/bills/bill-1/payments`]: () => ({ json: { data: [], count: 0 } }),
};

const posted = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/bills/bill-1/payments'));

describe('paying a bill by cheque', { timeout: 40_000 }, () => {
  it('asks for the due date with cheques only, refuses one before the payment date and sends it', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers, [`POST ${API}/bills/bill-1/payments`]: () => ({ status: 201, json: { id: 'pay-1', number: 'PAY-000010' } }) });
    renderRoutes(routes, '/purchases/bills/bill-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Cheque due date')).toBeNull();

    await user.selectOptions(within(dialog).getByLabelText('Method'), 'Cheque');
    const due = await within(dialog).findByLabelText('Cheque due date');
    const date = within(dialog).getByLabelText('Payment date');
    await user.clear(date);
    await user.type(date, '2025-03-10');
    await user.type(due, '2025-03-09');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText("A cheque's due date cannot be before the payment date")).toBeTruthy();
    expect(posted(requests)).toHaveLength(0);

    await user.clear(due);
    await user.type(due, '2025-04-10');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    expect(JSON.parse(posted(requests)[0]!.body!)).toMatchObject({ payment_method: 'cheque', date: '2025-03-10', cheque_due_date: '2025-04-10', amount: '52.200' });
  });

  it('sends no due date with a transfer, and reads right to left in Arabic', async () => {
    await changeLanguage('ar');
    const { requests } = mockFetch({ ...session('member'), ...readers, [`POST ${API}/bills/bill-1/payments`]: () => ({ status: 201, json: { id: 'pay-1', number: 'PAY-000010' } }) });
    renderRoutes(routes, '/purchases/bills/bill-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'تسجيل دفعة' }));
    const dialog = await screen.findByRole('dialog');
    expect(document.documentElement.dir).toBe('rtl');
    await user.selectOptions(within(dialog).getByLabelText('طريقة الدفع'), 'شيك');
    expect(await within(dialog).findByLabelText('تاريخ استحقاق الشيك')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('تاريخ استحقاق الشيك'), '2000-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الدفعة' }));
    expect(await within(dialog).findByText('لا يمكن أن يكون تاريخ استحقاق الشيك قبل تاريخ الدفعة')).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('طريقة الدفع'), 'حوالة بنكية');
    expect(within(dialog).queryByLabelText('تاريخ استحقاق الشيك')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الدفعة' }));
    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    expect(JSON.parse(posted(requests)[0]!.body!)).not.toHaveProperty('cheque_due_date');
  });
});
