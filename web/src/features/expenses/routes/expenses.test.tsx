import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, expense, expenseCategory, prepareScreens, readers, session } from '../testing/fixtures';
import { ExpenseCategoriesRoute } from './expense-categories';
import { ExpensesRoute } from './expenses';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/expenses');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/expenses', element: <ExpensesRoute /> },
  { path: '/purchases/expense-categories', element: <ExpenseCategoriesRoute /> },
];
const query = (request: RecordedRequest) => new URL(request.url, 'http://localhost').searchParams;

describe('expenses list', { timeout: 30_000 }, () => {
  it('filters by status and switches to the person’s own expenses', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/expenses`]: () => ({ json: { data: [expense(), expense({ id: 'ex-2', description: 'Printer toner', category_id: 'ec-office', user_id: 'u1', status: 'draft' })], count: 2 } }),
      [`GET ${API}/expenses/my/expenses`]: () => ({ json: { data: [expense({ id: 'ex-2', description: 'Printer toner', category_id: 'ec-office', user_id: 'u1', status: 'draft' })], count: 1 } }),
    });
    renderRoutes(routes, '/purchases/expenses');
    const table = await screen.findByRole('table', { name: 'Expenses' });
    const fuel = within(table).getAllByRole('row').find((row) => row.textContent?.includes('Fuel for the delivery van'))!;
    await waitFor(() => expect(fuel.textContent).toContain('Ahmad Saleh'));
    expect(fuel.textContent).toContain('Fuel');
    expect(within(fuel).getByRole('link', { name: 'Fuel for the delivery van' }).getAttribute('href')).toBe('/purchases/expenses/ex-1');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /Submitted/ }));
    await waitFor(() => expect(requests.some((r) => r.url.startsWith(`${API}/expenses?`) && query(r).get('status') === 'submitted')).toBe(true));

    await user.click(screen.getByRole('switch', { name: 'Mine only' }));
    const mine = await screen.findByRole('table', { name: 'My expenses' });
    expect(within(mine).getByText('Printer toner')).toBeTruthy();
    expect(within(mine).queryByText('Fuel for the delivery van')).toBeNull();
    const last = requests.filter((r) => r.url.startsWith(`${API}/expenses/my/expenses`)).at(-1)!;
    expect(query(last).get('status')).toBe('submitted');
  });

  it('refuses a date range that ends before it starts without asking the API', async () => {
    const { requests } = mockFetch({ ...session('viewer'), ...readers, [`GET ${API}/expenses`]: () => ({ json: { data: [], count: 0 } }) });
    renderRoutes(routes, '/purchases/expenses?from=2025-03-10&to=2025-03-01');
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url.startsWith(`${API}/expenses`))).toBe(false);
    expect(screen.queryByRole('link', { name: 'New expense' })).toBeNull();
  });
});

describe('expense categories', { timeout: 30_000 }, () => {
  it('tells the admin when a category in use was deactivated instead of deleted, in the API’s words', async () => {
    const message = 'Expense category is used by 3 expenses; it was deactivated instead of deleted';
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${API}/expense-categories`]: () => ({ json: { data: [expenseCategory({ expense_count: 3 })], count: 1 } }),
      [`DELETE ${API}/expense-categories/ec-fuel`]: () => ({ json: { message } }),
    });
    renderRoutes(routes, '/purchases/expense-categories');
    const table = await screen.findByRole('table', { name: 'Expense categories' });
    await waitFor(() => expect(within(table).getByText('5500 Transport')).toBeTruthy());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Fuel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('offers a member no changes to categories', async () => {
    mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/purchases/expense-categories');
    await screen.findByRole('table', { name: 'Expense categories' });
    expect(screen.queryByRole('button', { name: 'New category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Fuel' })).toBeNull();
  });
});
