import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, budget, comparison, prepareScreens, session } from '../testing/fixtures';
import { BudgetRoute } from './budget';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/budgets');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting/budgets/:budgetId', element: <BudgetRoute /> }];
const jod = (amount: string) => formatMoney(amount, 'JOD');

const readers = {
  [`GET ${API}/budgets/b-1`]: () => ({ json: budget() }),
  [`GET ${API}/budgets/b-1/vs-actual`]: () => ({ json: comparison }),
  [`GET ${API}/accounts`]: () => ({ json: { data: [], count: 0 } }),
};

const rowOf = (table: HTMLElement, account: string) => within(table).getAllByRole('row').find((row) => within(row).queryByRole('rowheader')?.textContent?.includes(account))!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('budget grid', { timeout: 30_000 }, () => {
  it('adds up rows and months as amounts are typed, and saves the changed line', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`PUT ${API}/budgets/b-1/lines/l-rent`]: () => ({ json: budget().lines[0] }),
    });
    renderRoutes(routes, '/accounting/budgets/b-1');
    const table = await screen.findByRole('table', { name: 'Lines of Plan 2025' });
    // Income lines come first.
    const headers = within(table).getAllByRole('rowheader').map((h) => h.textContent);
    expect(headers[0]).toContain('4100 Sales');
    expect(headers[1]).toContain('5300 Rent');
    // The last column holds the row's actions; the total is the one before it.
    expect(cells(rowOf(table, 'Total income')).at(-2)).toBe(jod('12000.000'));
    expect(cells(rowOf(table, 'Net income')).at(-2)).toBe(jod('6000.000'));

    const user = userEvent.setup();
    const march = screen.getByLabelText('5300 Rent, Mar 2025');
    await user.clear(march);
    await user.type(march, '650.5');
    expect(cells(rowOf(table, '5300 Rent')).at(-2)).toBe(jod('6150.500'));
    const expenses = cells(rowOf(table, 'Total expenses'));
    expect(expenses[2]).toBe(jod('650.500'));
    expect(expenses.at(-2)).toBe(jod('6150.500'));
    const net = cells(rowOf(table, 'Net income'));
    expect(net[2]).toBe(jod('349.500'));
    expect(net.at(-2)).toBe(jod('5849.500'));

    await user.click(screen.getByRole('button', { name: 'Save 5300 Rent' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const sent = JSON.parse(requests.find((r) => r.method === 'PUT')!.body!) as { amounts: string[] };
    expect(sent.amounts).toHaveLength(12);
    expect(sent.amounts[2]).toBe('650.5');
    expect(sent.amounts[0]).toBe('500.000');
  });

  it('refuses a negative amount without calling the API and shows no total for it', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/accounting/budgets/b-1');
    const table = await screen.findByRole('table', { name: 'Lines of Plan 2025' });
    const user = userEvent.setup();
    const january = screen.getByLabelText('4100 Sales, Jan 2025');
    await user.clear(january);
    await user.type(january, '-5');
    expect(january.getAttribute('aria-invalid')).toBe('true');
    expect(cells(rowOf(table, '4100 Sales')).at(-2)).toBe('—');
    await user.click(screen.getByRole('button', { name: 'Save 4100 Sales' }));
    expect(await screen.findByText(/every month needs an amount of zero or more/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows a viewer the amounts without inputs or actions', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/accounting/budgets/b-1');
    const table = await screen.findByRole('table', { name: 'Lines of Plan 2025' });
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    expect(cells(rowOf(table, '5300 Rent'))[0]).toBe(jod('500.000'));
    expect(screen.queryByRole('button', { name: 'Add line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Calculate totals' })).toBeNull();
  });
});

describe('budget vs actual', { timeout: 30_000 }, () => {
  it('colours favourable variances green and unfavourable ones red, for the year and for a month', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/accounting/budgets/b-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Budget vs actual/ }));
    const year = await screen.findByRole('table', { name: 'Budget vs actual, Whole fiscal year 2025' });

    const rent = rowOf(year, '5300 Rent');
    const rentCells = within(rent).getAllByRole('cell');
    expect(rentCells.map((c) => c.textContent)).toEqual([jod('6000.000'), jod('600.000'), jod('5400.000'), '+90.00%', 'Favourable']);
    expect(rentCells[2]!.getAttribute('data-tone')).toBe('favourable');
    expect(rentCells[2]!.querySelector('[data-accent-color]')!.getAttribute('data-accent-color')).toBe('green');

    const sales = within(rowOf(year, '4100 Sales')).getAllByRole('cell');
    expect(sales[3]!.textContent).toBe('-90.42%');
    expect(sales[3]!.querySelector('[data-accent-color]')!.getAttribute('data-accent-color')).toBe('red');
    expect(sales[4]!.textContent).toBe('Unfavourable');

    await user.selectOptions(screen.getByLabelText('Period'), 'Mar 2025');
    const march = await screen.findByRole('table', { name: 'Budget vs actual, Mar 2025' });
    const rentMarch = within(rowOf(march, '5300 Rent')).getAllByRole('cell');
    expect(rentMarch.map((c) => c.textContent)).toEqual([jod('500.000'), jod('600.000'), jod('-100.000'), '-20.00%', 'Unfavourable']);
    expect(rentMarch[2]!.querySelector('[data-accent-color]')!.getAttribute('data-accent-color')).toBe('red');
    const salesMarch = within(rowOf(march, '4100 Sales')).getAllByRole('cell');
    expect(salesMarch[2]!.querySelector('[data-accent-color]')!.getAttribute('data-accent-color')).toBe('green');
    expect(within(rowOf(march, 'Net income')).getAllByRole('cell')[3]!.textContent).toBe('+10.00%');
  });
});
