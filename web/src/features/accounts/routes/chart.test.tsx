import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, chart, installResizeObserver, session, summary } from '../testing/fixtures';
import { ChartOfAccountsRoute } from './chart';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/accounting');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/chart', element: <ChartOfAccountsRoute /> },
  { path: '/accounting/accounts/:accountId', element: <Screen name="account" /> },
];

function api(role: 'admin' | 'member' | 'viewer' = 'admin', extra: Record<string, (r: RecordedRequest) => { status?: number; json?: unknown }> = {}) {
  return mockFetch({
    ...session(role),
    [`GET ${API}/accounts/chart`]: (request) => ({ json: chart(new URL(request.url, 'http://localhost').searchParams.get('include_inactive') === 'true') }),
    [`GET ${API}/accounts/summary/by-type`]: () => ({ json: summary }),
    ...extra,
  });
}

const rowsOf = (type: string) => within(screen.getByRole('table', { name: type })).getAllByRole('row').slice(1);

describe('chart of accounts', () => {
  it('shows the accounts as a tree by type, with codes, both names, balances and the summary by type', async () => {
    api();
    renderRoutes(routes, '/accounting/chart');

    expect(await screen.findByRole('link', { name: 'Petty cash' })).toBeTruthy();
    const assets = rowsOf('Assets');
    expect(assets.map((row) => row.textContent)).toEqual([
      expect.stringContaining('1100Current assets'),
      expect.stringContaining('1110Cash on hand'),
      expect.stringContaining('1115Petty cash'),
    ]);
    expect(assets[1]!.textContent).toContain('الصندوق');
    expect(assets[1]!.textContent).toContain('1,250.500');
    expect(within(assets[1]!).getByText('System')).toBeTruthy();
    expect(within(assets[2]!).queryByText('System')).toBeNull();
    expect(screen.getByRole('link', { name: 'Petty cash' }).getAttribute('href')).toBe('/accounting/accounts/acc-1115');
    expect(rowsOf('Expenses')[0]!.textContent).toContain('Rent');

    const balances = await screen.findByRole('list', { name: 'Balances by type' });
    expect(within(balances).getAllByRole('listitem')).toHaveLength(6);
    expect(balances.textContent).toContain('Net income');
    expect(balances.textContent).toMatch(/-JOD\s74\.250/);
  });

  it('searches by code or name, keeping the parents of a match, and shows inactive accounts on request', async () => {
    const { requests } = api();
    renderRoutes(routes, '/accounting/chart');
    await screen.findByRole('link', { name: 'Petty cash' });
    const user = userEvent.setup();

    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), '1115');
    await waitFor(() => expect(rowsOf('Assets')).toHaveLength(2));
    expect(rowsOf('Assets')[0]!.textContent).toContain('Current assets');
    expect(screen.queryByRole('table', { name: 'Expenses' })).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: 'Search accounts' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'نثرية');
    await waitFor(() => expect(rowsOf('Assets')).toHaveLength(2));

    await user.clear(screen.getByRole('searchbox', { name: 'Search accounts' }));
    expect(screen.queryByRole('link', { name: 'Old expenses' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show inactive accounts' }));
    expect(await screen.findByRole('link', { name: 'Old expenses' })).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/accounts/chart?include_inactive=true'))).toBe(true);
    expect(within(rowsOf('Expenses')[1]!).getByText('Inactive')).toBeTruthy();
  });

  it('creates an account under a parent: the shared schema checks the form, then the right body is posted', async () => {
    const { requests } = api('admin', {
      [`POST ${API}/accounts`]: () => ({ status: 201, json: { id: 'acc-1116', code: '1116' } }),
    });
    renderRoutes(routes, '/accounting/chart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });

    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Use 1 to 20 letters, digits, dots or dashes, starting with a letter or digit')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // Only accounts of the chosen type can be the parent.
    const parents = () => within(within(dialog).getByLabelText('Parent account')).getAllByRole('option').map((o) => o.textContent);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Expenses');
    expect(parents()).toEqual(['None (a main account)', '6200 · Rent']);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Assets');
    expect(parents()).toEqual(['None (a main account)', '1100 · Current assets', '1110 · Cash on hand', '1115 · Petty cash']);
    await user.selectOptions(within(dialog).getByLabelText('Parent account'), '1100 · Current assets');
    await user.selectOptions(within(dialog).getByLabelText('Subtype'), 'Cash on hand');
    await user.type(within(dialog).getByLabelText('Code'), '1116');
    await user.type(within(dialog).getByLabelText('Name'), 'Branch cash');
    await user.type(within(dialog).getByLabelText('Arabic name'), 'صندوق الفرع');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account 1116 was created.')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      type: 'asset',
      parent_id: 'acc-1100',
      subtype: 'cash',
      code: '1116',
      name: 'Branch cash',
      name_ar: 'صندوق الفرع',
      description: null,
      is_active: true,
    });
  });

  it('shows a duplicate code under the code field', async () => {
    api('admin', {
      [`POST ${API}/accounts`]: () => ({ status: 409, json: { detail: 'An account with code 1110 already exists' } }),
    });
    renderRoutes(routes, '/accounting/chart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.type(within(dialog).getByLabelText('Code'), '1110');
    await user.type(within(dialog).getByLabelText('Name'), 'Cash again');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Another account already has this code')).toBeTruthy();
  });

  it('edits an account, sending only what changed with its version', async () => {
    const { requests } = api('admin', {
      [`PATCH ${API}/accounts/acc-1115`]: () => ({ json: { id: 'acc-1115', code: '1115' } }),
    });
    renderRoutes(routes, '/accounting/chart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit account 1115 Petty cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account 1115' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Petty cash, Amman');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Account 1115 was saved.')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.body!)).toEqual({ name: 'Petty cash, Amman', version: 3 });
  });

  it('explains that an account with postings cannot be deleted and offers to deactivate it', async () => {
    const { requests } = api('admin', {
      [`DELETE ${API}/accounts/acc-1115`]: () => ({ status: 409, json: { detail: 'Account 1115 Petty cash has postings and cannot be deleted; deactivate it instead' } }),
      // The refusal is told by the account's ledger card having a row, not by the answer's words.
      [`GET ${API}/accounts/acc-1115/transactions`]: () => ({
        json: { account_id: 'acc-1115', currency: 'JOD', opening_balance: '0.000', data: [{ entry_id: 'je-1', entry_name: 'JE-000001', date: '2025-02-01', memo: null, description: null, source_type: 'manual', source_id: 'je-1', debit: '5.000', credit: '0.000', balance: '5.000' }], count: 1 },
      }),
      [`PATCH ${API}/accounts/acc-1115`]: () => ({ json: { id: 'acc-1115', code: '1115', is_active: false } }),
    });
    renderRoutes(routes, '/accounting/chart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account 1115 Petty cash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account 1115 Petty cash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('1115 Petty cash has postings in the journal, so it cannot be deleted');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate instead' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(JSON.parse(requests.find((r) => r.method === 'PATCH')!.body!)).toEqual({ is_active: false, version: 3 });
    expect(screen.getByText(/1115 Petty cash was deactivated/)).toBeTruthy();
  });

  it('marks system accounts and offers them no delete or deactivate', async () => {
    api('admin');
    renderRoutes(routes, '/accounting/chart');
    await screen.findByRole('link', { name: 'Petty cash' });
    expect(screen.getByRole('button', { name: 'Edit account 1110 Cash on hand' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete account 1110 Cash on hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate account 1110 Cash on hand' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate account 1115 Petty cash' })).toBeTruthy();
  });

  it('is read-only below the admin role', async () => {
    api('member');
    renderRoutes(routes, '/accounting/chart');
    await screen.findByRole('link', { name: 'Petty cash' });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'New account' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit account/ })).toBeNull();
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('names the accounts in Arabic, with the English name beside them', async () => {
      api('viewer');
      renderRoutes(routes, '/accounting/chart');
      expect(await screen.findByRole('heading', { name: 'دليل الحسابات', level: 1 })).toBeTruthy();
      const link = await screen.findByRole('link', { name: 'صندوق النثرية' });
      expect(link.getAttribute('href')).toBe('/accounting/accounts/acc-1115');
      const assets = within(screen.getByRole('table', { name: 'الأصول' })).getAllByRole('row');
      expect(assets[0]!.textContent).toContain('الرمز');
      expect(assets[2]!.textContent).toContain('Cash on hand');
      expect(within(assets[2]!).getByText('حساب نظام')).toBeTruthy();
      expect(screen.getByRole('searchbox', { name: 'البحث في الحسابات' })).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    });
  });
});
