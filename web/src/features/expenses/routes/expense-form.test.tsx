import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, expense, prepareScreens, readers, session } from '../testing/fixtures';
import { NewExpenseRoute } from './new-expense';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/expenses');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/purchases/expenses', element: <Screen name="expenses" /> },
  { path: '/purchases/expenses/new', element: <NewExpenseRoute /> },
  { path: '/purchases/expenses/:expenseId', element: <Screen name="expense" /> },
];

const split = () => within(screen.getByLabelText('Amount split'));
/** Testing Library compares text with its spaces collapsed; Intl puts a no-break space after the currency. */
const jod = (amount: string) => formatMoney(amount, 'JOD').replace(/\s/g, ' ');

describe('new expense form', { timeout: 30_000 }, () => {
  it('shows every missing field under it and sends nothing', async () => {
    const { requests } = mockFetch({ ...session('member'), ...readers });
    renderRoutes(routes, '/purchases/expenses/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Fuel' });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Choose the expense category')).toBeTruthy();
    expect(screen.getByText('Describe what was bought')).toBeTruthy();
    expect(screen.getByText('Amount must be a positive decimal such as 11.600')).toBeTruthy();
    expect(screen.getByText('Choose the account the expense was paid from, or mark it as paid by the employee')).toBeTruthy();
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');

    // More decimals than the dinar has (fils) is refused here, as the API would.
    await user.type(screen.getByLabelText('Amount paid (JOD)'), '3.1234');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give a positive amount with at most the decimals JOD has, such as 11.600')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('splits the amount paid into net and tax as it is typed, and files the draft', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/expenses`]: () => ({ status: 201, json: expense({ id: 'ex-new', status: 'draft', user_id: 'u1' }) }),
    });
    const view = renderRoutes(routes, '/purchases/expenses/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Fuel' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Fuel');
    await user.type(screen.getByLabelText('Description'), 'Fuel for the delivery van');
    await user.type(screen.getByLabelText('Amount paid (JOD)'), '11.6');
    expect(split().getAllByText(jod('11.600'))).toHaveLength(2);

    // Only general taxes are offered (a special tax is not an expense's tax).
    const taxPicker = screen.getByLabelText('Sales tax included');
    expect(within(taxPicker).getAllByRole('option').map((o) => o.textContent)).toEqual(['No sales tax', 'General sales tax 16%']);
    await user.selectOptions(taxPicker, 'General sales tax 16%');
    expect(split().getByText(jod('10.000'))).toBeTruthy();
    expect(split().getByText(jod('1.600'))).toBeTruthy();

    // Paid from: cash and bank accounts only; suppliers only.
    const paidFrom = screen.getByLabelText('Paid from');
    expect(within(paidFrom).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose an account…', '1010 Cash on hand', '1020 Arab Bank']);
    await user.selectOptions(paidFrom, '1010 Cash on hand');
    expect(within(screen.getByLabelText('Supplier (optional)')).getAllByRole('option').map((o) => o.textContent)).toEqual(['No supplier', 'Total Jordan']);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/purchases/expenses/ex-new'));
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toMatchObject({
      category_id: 'ec-fuel',
      description: 'Fuel for the delivery van',
      amount: '11.6',
      tax_id: 'tax-16',
      paid_from_account_id: 'a-1010',
      reimbursable: false,
      contact_id: null,
      file_id: null,
    });
  });

  it('files a reimbursable expense without an account and shows the server’s refusal under its field', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/expenses`]: () => ({ status: 422, json: { detail: [{ loc: ['body', 'category_id'], msg: 'The category Fuel is inactive', type: 'value_error' }] } }),
    });
    renderRoutes(routes, '/purchases/expenses/new');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Fuel' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Fuel');
    await user.type(screen.getByLabelText('Description'), 'Taxi to the ministry');
    await user.type(screen.getByLabelText('Amount paid (JOD)'), '4.5');
    await user.click(screen.getByRole('radio', { name: 'I paid it myself (reimbursable)' }));
    expect(screen.queryByLabelText('Paid from')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('The category Fuel is inactive')).toBeTruthy();
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toMatchObject({ reimbursable: true, paid_from_account_id: null, amount: '4.5', tax_id: null });
  });
});
