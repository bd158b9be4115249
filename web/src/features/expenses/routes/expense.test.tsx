import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, expense, prepareScreens, readers, session } from '../testing/fixtures';
import { ExpenseRoute } from './expense';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/expenses');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/purchases/expenses/:expenseId', element: <ExpenseRoute /> }];

const journal = {
  [`GET ${API}/journal-entries/je-9`]: () => ({
    json: {
      id: 'je-9', entry_number: 'JE-000009', number: 9, date: '2025-03-01', currency: 'JOD', total_debit: '11.600', total_credit: '11.600',
      lines: [
        { line_no: 1, account_id: 'a-5500', account_code: '5500', account_name: 'Transport', debit: '10.000', credit: '0.000', description: null, contact_id: null, tax_id: null },
        { line_no: 2, account_id: 'a-1300', account_code: '1300', account_name: 'Sales tax on purchases', debit: '1.600', credit: '0.000', description: null, contact_id: null, tax_id: 'tax-16' },
        { line_no: 3, account_id: 'a-1010', account_code: '1010', account_name: 'Cash on hand', debit: '0.000', credit: '11.600', description: null, contact_id: null, tax_id: null },
      ],
    },
  }),
};

describe('expense page', { timeout: 30_000 }, () => {
  it('hides approve and reject from a member, even on their own submitted expense', async () => {
    mockFetch({ ...session('member'), ...readers, [`GET ${API}/expenses/ex-1`]: () => ({ json: expense({ user_id: 'u1' }) }) });
    renderRoutes(routes, '/purchases/expenses/ex-1');
    await screen.findByRole('heading', { name: 'Fuel for the delivery van', level: 1 });
    await screen.findByText('Sara Odeh');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    // Submitted: nothing to edit either.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('lets an admin approve a submitted expense, naming the version read', async () => {
    let approved = false;
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      ...journal,
      [`GET ${API}/expenses/ex-1`]: () => ({ json: approved ? expense({ status: 'approved', journal_entry_id: 'je-9', approved_by: 'u1', approved_at: '2025-03-02T08:00:00Z', version: 3 }) : expense() }),
      [`POST ${API}/expenses/ex-1/approve`]: () => {
        approved = true;
        return { json: expense({ status: 'approved', journal_entry_id: 'je-9', version: 3 }) };
      },
    });
    renderRoutes(routes, '/purchases/expenses/ex-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and post' }));

    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(new URL(requests.find((r) => r.method === 'POST')!.url, 'http://x').searchParams.get('version')).toBe('2');
    // The approved expense shows the entry it posted, linked to the journal.
    const table = await screen.findByRole('table', { name: 'Journal entry' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByText(formatMoney('10.000', 'JOD').replace(/\s/g, ' '))).toBeTruthy();
    expect(screen.getByRole('link', { name: /Entry JE-000009/ }).getAttribute('href')).toBe('/accounting/journal/je-9');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('rejects with a reason, which an admin must give', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${API}/expenses/ex-1`]: () => ({ json: expense() }),
      [`POST ${API}/expenses/ex-1/reject`]: () => ({ json: expense({ status: 'rejected', rejection_reason: 'No receipt', version: 3 }) }),
    });
    renderRoutes(routes, '/purchases/expenses/ex-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject expense' }));
    expect(await within(dialog).findByText('Give the reason for the rejection')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'No receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Reject expense' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({ reason: 'No receipt', version: 2 });
  });

  it('lets the member who filed a draft submit it', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/expenses/ex-1`]: () => ({ json: expense({ status: 'draft', user_id: 'u1', version: 1, submitted_at: null }) }),
      [`POST ${API}/expenses/ex-1/submit`]: () => ({ json: expense({ user_id: 'u1' }) }),
    });
    renderRoutes(routes, '/purchases/expenses/ex-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')!.url).toContain('/expenses/ex-1/submit?version=1');
  });
});
