import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, entry, installResizeObserver, readers, session } from '../testing/fixtures';
import { NewJournalEntryRoute } from './new-entry';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/accounting');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/journal', element: <Screen name="journal" /> },
  { path: '/accounting/journal/new', element: <NewJournalEntryRoute /> },
  { path: '/accounting/journal/:entryId', element: <Screen name="entry" /> },
];

type User = ReturnType<typeof userEvent.setup>;

/** Searches the line's account picker and chooses the option. */
async function chooseAccount(user: User, line: number, search: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: `Account, line ${line}` });
  await user.click(combobox);
  await user.type(combobox, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillLine(user: User, line: number, values: { account?: [string, string]; debit?: string; credit?: string; description?: string }) {
  if (values.account) await chooseAccount(user, line, ...values.account);
  if (values.description) await user.type(screen.getByLabelText(`Description, line ${line}`), values.description);
  if (values.debit) await user.type(screen.getByLabelText(`Debit, line ${line}`), values.debit);
  if (values.credit) await user.type(screen.getByLabelText(`Credit, line ${line}`), values.credit);
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('new journal entry', () => {
  it('refuses an unbalanced entry: Post stays disabled, the difference is shown, and nothing is sent', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...readers });
    renderRoutes(routes, '/accounting/journal/new');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Account, line 1' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Petra Stores' }).length).toBeGreaterThan(0));

    await fillLine(user, 1, { account: ['1110', '1110 · Cash on hand'], debit: '100.005' });
    await fillLine(user, 2, { account: ['cap', '3100 · Capital'], credit: '100' });

    const totals = screen.getByLabelText('Entry totals');
    expect(totals.textContent).toMatch(/Total debitsJOD\s100\.005Total creditsJOD\s100\.000DifferenceJOD\s0\.005/);
    expect(screen.getByText('Debits exceed credits by JOD 0.005')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Post becomes available when debits equal credits.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Debits must equal credits: the difference is JOD 0.005.')).toBeTruthy();
    expect(posts(requests)).toHaveLength(0);
  });

  it('posts a balanced entry with the lines as typed, amounts as exact decimal text', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`POST ${API}/journal-entries`]: () => ({ status: 201, json: entry({ id: 'je-new', entry_number: 'JE-000007' }) }),
    });
    const view = renderRoutes(routes, '/accounting/journal/new');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Account, line 1' });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Petra Stores' }).length).toBeGreaterThan(0));

    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2025-03-10');
    await user.type(screen.getByLabelText('Reference'), 'RENT-03');
    await user.type(screen.getByLabelText('Memo'), 'March rent');
    await fillLine(user, 1, { account: ['rent', '6200 · Rent'], debit: '350.25', description: 'Shop rent' });
    await user.selectOptions(screen.getByLabelText('Contact, line 1'), 'Landlord Co');
    await fillLine(user, 2, { account: ['البنك', '1120 · Bank'], credit: '300' });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fillLine(user, 3, { account: ['111', '1110 · Cash on hand'], credit: '50.250' });

    expect(screen.getByText('Balanced')).toBeTruthy();
    const post = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(post.disabled).toBe(false);
    await user.click(post);

    expect(await screen.findByText('screen:entry')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/accounting/journal/je-new');
    expect(JSON.parse(posts(requests)[0]!.body!)).toEqual({
      date: '2025-03-10',
      memo: 'March rent',
      reference: 'RENT-03',
      status: 'posted',
      lines: [
        { account_id: 'acc-6200', debit: '350.250', credit: null, description: 'Shop rent', contact_id: 'c-2' },
        { account_id: 'acc-1120', debit: null, credit: '300.000', description: null, contact_id: null },
        { account_id: 'acc-1110', debit: null, credit: '50.250', description: null, contact_id: null },
      ],
    });
  });

  it('shows what is wrong on each line: no account, both sides, too many decimals', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...readers });
    renderRoutes(routes, '/accounting/journal/new');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Account, line 1' });

    await fillLine(user, 1, { debit: '10', credit: '10' });
    await fillLine(user, 2, { account: ['1120', '1120 · Bank'], credit: '1.2345' });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Line 1: choose an account Line 1: a line has a debit or a credit, not both')).toBeTruthy();
    expect(screen.getByText('Line 2: JOD amounts have at most 3 decimals')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Account, line 1' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Credit, line 2').getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toHaveLength(0);
  });

  it('offers only active accounts and finds them by code, English or Arabic name', async () => {
    mockFetch({ ...session('admin'), ...readers });
    renderRoutes(routes, '/accounting/journal/new');
    const user = userEvent.setup();
    const combobox = await screen.findByRole('combobox', { name: 'Account, line 1' });
    await user.click(combobox);
    const list = await screen.findByRole('listbox', { name: 'Account, line 1' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    expect(within(list).queryByRole('option', { name: /Old expenses/ })).toBeNull();

    await user.type(combobox, '6');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['6200 · Rent']);
    await user.clear(combobox);
    await user.type(combobox, 'الصندوق');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['1110 · Cash on hand']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect((combobox as HTMLInputElement).value).toBe('1110 · Cash on hand');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('lets a member save a draft but not post, and shows the server refusal under its line', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`POST ${API}/journal-entries`]: () => ({
        status: 422,
        json: { detail: [{ loc: ['body', 'lines', 1, 'account_id'], msg: 'Account 1120 Bank is inactive', type: 'inactive' }] },
      }),
    });
    renderRoutes(routes, '/accounting/journal/new');
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Account, line 1' });
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();

    await fillLine(user, 1, { account: ['1110', '1110 · Cash on hand'], debit: '5' });
    await fillLine(user, 2, { account: ['1120', '1120 · Bank'], credit: '5' });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Line 2: this account is inactive: choose another')).toBeTruthy();
    expect(JSON.parse(posts(requests)[0]!.body!).status).toBe('draft');
  });

  it('tells a viewer that journal entries are for members', async () => {
    mockFetch({ ...session('viewer'), ...readers });
    renderRoutes(routes, '/accounting/journal/new');
    expect(await screen.findByText('Only members of the organization can write journal entries.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});
