import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, ARAB_BANK_IBAN, bankAccount, HOUSING_BANK_IBAN, ledgerAccounts, prepareScreens, session } from '../testing/fixtures';
import { BankAccountsRoute } from './bank-accounts';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/banking');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/banking', element: <BankAccountsRoute /> },
  { path: '/banking/:bankAccountId', element: <Screen name="bank account" /> },
];

const banks = [bankAccount(), bankAccount({ id: 'bank-2', name: 'Petty cash', bank_name: 'Cash', iban: null, account_id: 'a-1110', unreconciled_count: 0, ledger_balance: '85.250', statement_balance: '85.250', difference: '0.000' })];

const readers = {
  [`GET ${API}/bank-accounts`]: () => ({ json: { data: banks, count: banks.length } }),
  [`GET ${API}/accounts`]: () => ({ json: { data: ledgerAccounts, count: ledgerAccounts.length } }),
};

describe('bank accounts', { timeout: 30_000 }, () => {
  it('lists each account with its bank, masked IBAN, ledger and statement balances and unreconciled lines', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/banking');
    const table = await screen.findByRole('table', { name: 'Bank accounts' });
    const row = within(table).getByRole('row', { name: /Arab Bank current/ });
    expect(row.textContent).toContain('JO19 •••• 3456');
    expect(row.textContent).not.toContain(ARAB_BANK_IBAN);
    expect(row.textContent).toMatch(/1,250\.000/);
    expect(row.textContent).toMatch(/1,243\.500/);
    expect(within(row).getAllByRole('cell').at(-1)!.textContent).toBe('2');
    expect(within(table).getByRole('link', { name: 'Arab Bank current' }).getAttribute('href')).toBe('/banking/bank-1');
    // A viewer reads only.
    expect(screen.queryByRole('button', { name: 'Add bank account' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit Arab Bank current' })).toBeNull();
  });

  it('adds an account: the IBAN is checked with the shared schema before anything is sent', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`POST ${API}/bank-accounts`]: (request) => ({ status: 201, json: bankAccount({ id: 'bank-3', ...JSON.parse(request.body!) }) }),
    });
    renderRoutes(routes, '/banking');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Account name'), 'Housing Bank payroll');
    await user.type(within(dialog).getByLabelText('Bank'), 'Housing Bank for Trade and Finance');
    await user.type(within(dialog).getByLabelText('IBAN'), 'JO19 HBHO 0320 0000 0032 0004 5678 91');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText('The IBAN check digits do not match; look for a typing mistake.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the ledger account.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('IBAN'));
    await user.type(within(dialog).getByLabelText('IBAN'), 'jo19 hbho 0320 0000 0032 0004 5678 90');
    // Only bank and cash accounts can be linked.
    const ledger = within(dialog).getByLabelText('Ledger account');
    expect(within(ledger).queryByRole('option', { name: /Accounts receivable/ })).toBeNull();
    await user.selectOptions(ledger, '1121 Housing Bank');
    await user.type(within(dialog).getByLabelText('Opening balance'), '500');
    await user.clear(within(dialog).getByLabelText('Opening balance date'));
    await user.type(within(dialog).getByLabelText('Opening balance date'), '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = JSON.parse(requests.find((r) => r.method === 'POST')!.body!);
    expect(body).toEqual({
      name: 'Housing Bank payroll',
      bank_name: 'Housing Bank for Trade and Finance',
      account_number: null,
      iban: HOUSING_BANK_IBAN,
      notes: null,
      account_id: 'a-1121',
      opening_balance: '500',
      opening_balance_date: '2025-01-01',
      is_active: true,
    });
    expect(await screen.findByText('Housing Bank payroll was added.')).toBeTruthy();
  });

  it('deactivates an account after confirming, with the version read', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`PUT ${API}/bank-accounts/bank-1`]: () => ({ json: bankAccount({ is_active: false, version: 2 }) }),
    });
    renderRoutes(routes, '/banking');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Arab Bank current' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Arab Bank current was deactivated.')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ is_active: false, version: 1 });
  });
});
