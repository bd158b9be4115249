import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, entry, installResizeObserver, session } from '../testing/fixtures';
import { JournalRoute } from './journal';

beforeAll(installResizeObserver);
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/journal', element: <JournalRoute /> },
  { path: '/accounting/journal/new', element: <Screen name="new-entry" /> },
  { path: '/accounting/journal/:entryId', element: <Screen name="entry" /> },
];

const listed = [
  entry(),
  entry({ id: 'je-2', number: 2, entry_number: 'JE-000002', source_type: 'invoice', source_id: 'inv-1', memo: 'Invoice INV-000001', reference: null, total_debit: '116.000', total_credit: '116.000' }),
  entry({ id: 'je-3', number: null, entry_number: null, status: 'draft', memo: 'Accrual', reference: null, posted_at: null, total_debit: '40.500', total_credit: '40.500' }),
];

function api(role: 'member' | 'viewer' = 'member') {
  return mockFetch({
    ...session(role),
    [`GET ${API}/journal-entries`]: (request: RecordedRequest) => {
      const query = new URL(request.url, 'http://localhost').searchParams;
      const data = listed.filter((e) => (!query.get('status') || e.status === query.get('status')) && (!query.get('source_type') || e.source_type === query.get('source_type')));
      return { json: { data, count: data.length } };
    },
  });
}

const rows = () => within(screen.getByRole('table', { name: 'Journal' })).getAllByRole('row').slice(1);
const lastQuery = (requests: RecordedRequest[]) => Object.fromEntries(new URL(requests.filter((r) => r.url.includes('/journal-entries')).at(-1)!.url, 'http://localhost').searchParams);

describe('journal', () => {
  it('lists entries with number, date, memo, source, status and amount', async () => {
    api();
    renderRoutes(routes, '/accounting/journal');
    expect(await screen.findByRole('link', { name: 'JE-000002' })).toBeTruthy();
    const [first, second, draft] = rows();
    expect(first!.textContent).toMatch(/JE-000001.*Owner capitalRef\. DEP-1Manual entryPosted.*1,000\.000/);
    expect(second!.textContent).toContain('Sales invoice');
    expect(within(draft!).getByRole('link', { name: 'Draft' }).getAttribute('href')).toBe('/accounting/journal/je-3');
    expect(draft!.textContent).toContain('40.500');
    expect(screen.getByRole('link', { name: 'New journal entry' }).getAttribute('href')).toBe('/accounting/journal/new');
  });

  it('filters by status, source and dates through the API, keeping the filters in the address', async () => {
    const { requests } = api();
    const view = renderRoutes(routes, '/accounting/journal');
    await screen.findByRole('link', { name: 'JE-000002' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Status'), 'Posted');
    await user.selectOptions(screen.getByLabelText('Source'), 'Sales invoice');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('JE-000002');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await waitFor(() => expect(lastQuery(requests)).toEqual({ status: 'posted', source_type: 'invoice', start_date: '2025-03-01', end_date: '2025-03-31', skip: '0', limit: '25' }));
    expect(view.router.state.location.search).toBe('?status=posted&source=invoice&from=2025-03-01&to=2025-03-31');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('says when the dates are the wrong way round instead of asking the API', async () => {
    const { requests } = api();
    renderRoutes(routes, '/accounting/journal?from=2025-04-01&to=2025-03-01');
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(requests.some((r) => r.url.includes('/journal-entries'))).toBe(false);
  });

  it('offers no new entry to a viewer', async () => {
    api('viewer');
    renderRoutes(routes, '/accounting/journal');
    await screen.findByRole('link', { name: 'JE-000002' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'New journal entry' })).toBeNull());
  });
});
