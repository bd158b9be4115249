import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, entry, installResizeObserver, readers, session } from '../testing/fixtures';
import { JournalEntryRoute } from './entry';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/accounting');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/journal', element: <Screen name="journal" /> },
  { path: '/accounting/journal/:entryId', element: <JournalEntryRoute /> },
];

describe('journal entry', () => {
  it('shows the lines with accounts, contacts and totals, and its source', async () => {
    mockFetch({ ...session('viewer'), ...readers, [`GET ${API}/journal-entries/je-1`]: () => ({ json: entry({ source_type: 'invoice', source_id: 'inv-9' }) }) });
    renderRoutes(routes, '/accounting/journal/je-1');
    expect(await screen.findByRole('heading', { name: 'Journal entry JE-000001', level: 1 })).toBeTruthy();
    expect(screen.getByText('Posted')).toBeTruthy();
    const lines = within(screen.getByRole('table', { name: 'Journal entry lines' })).getAllByRole('row').slice(1);
    expect(lines[0]!.textContent).toMatch(/1120 · BankDeposit.*1,000\.000/);
    await waitFor(() => expect(lines[1]!.textContent).toContain('Petra Stores'));
    expect(lines[2]!.textContent).toMatch(/Totals.*1,000\.000.*1,000\.000/);
    expect(within(lines[0]!).getByRole('link', { name: '1120 · Bank' }).getAttribute('href')).toBe('/accounting/accounts/acc-1120');
    expect(screen.getByRole('link', { name: 'Sales invoice (open)' }).getAttribute('href')).toBe('/sales/invoices/inv-9');
    // Viewers read only.
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });

  it('lets an admin reverse a posted entry on a date, then links to the reversal', async () => {
    let reversed = false;
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${API}/journal-entries/je-1`]: () => ({ json: entry(reversed ? { status: 'reversed', reversed_by_entry_id: 'je-9' } : {}) }),
      [`GET ${API}/journal-entries/je-9`]: () => ({ json: entry({ id: 'je-9', number: 9, entry_number: 'JE-000009', reverses_entry_id: 'je-1' }) }),
      [`POST ${API}/journal-entries/je-1/reverse`]: () => {
        reversed = true;
        return { status: 201, json: entry({ id: 'je-9', number: 9, entry_number: 'JE-000009', reverses_entry_id: 'je-1' }) };
      },
    });
    renderRoutes(routes, '/accounting/journal/je-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reverse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse JE-000001' });

    const date = within(dialog).getByLabelText('Reversal date');
    await user.clear(date);
    await user.type(date, '2025-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse entry' }));
    expect(await within(dialog).findByText('The reversal cannot be dated before Mar 5, 2025, the date of the entry it reverses')).toBeTruthy();

    await user.clear(date);
    await user.type(date, '2025-03-31');
    await user.type(within(dialog).getByLabelText('Memo'), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse entry' }));

    expect(await screen.findByText('JE-000001 was reversed by JE-000009.')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.url.endsWith('/reverse'))!.body!)).toEqual({ date: '2025-03-31', memo: 'Entered twice' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'JE-000009' }).length).toBeGreaterThan(0));
    expect(screen.getAllByRole('link', { name: 'JE-000009' })[0]!.getAttribute('href')).toBe('/accounting/journal/je-9');
    expect(screen.getByText('Reversed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });

  it('lets an admin post a draft', async () => {
    let posted = false;
    const { requests } = mockFetch({
      ...session('admin'),
      ...readers,
      [`GET ${API}/journal-entries/je-3`]: () => ({ json: entry(posted ? { id: 'je-3' } : { id: 'je-3', status: 'draft', number: null, entry_number: null, posted_at: null }) }),
      [`POST ${API}/journal-entries/je-3/post`]: () => {
        posted = true;
        return { json: entry({ id: 'je-3' }) };
      },
    });
    renderRoutes(routes, '/accounting/journal/je-3');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Draft journal entry', level: 1 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await user.click(await screen.findByRole('button', { name: 'Post entry' }));

    expect(await screen.findByText('Journal entry JE-000001 was posted.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/je-3/post'))).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Journal entry JE-000001', level: 1 })).toBeTruthy();
  });

  it('lets a member delete a draft but not post it', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...readers,
      [`GET ${API}/journal-entries/je-3`]: () => ({ json: entry({ id: 'je-3', status: 'draft', number: null, entry_number: null, posted_at: null }) }),
      [`DELETE ${API}/journal-entries/je-3`]: () => ({ json: { message: 'Journal entry deleted successfully' } }),
    });
    const view = renderRoutes(routes, '/accounting/journal/je-3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('screen:journal')).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/accounting/journal');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
