import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { prepareScreens } from '../../../testing/session';
import { posTransactionsQueryOptions } from '../api/get-pos-transactions';
import { API, ORG, session } from '../testing/fixtures';
import { ReportsRoute } from './reports';

beforeAll(prepareScreens);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  focusManager.setFocused(undefined);
});

const routes = [
  {
    path: '/accounting/reports',
    element: (
      <AppTheme>
        <ReportsRoute />
      </AppTheme>
    ),
  },
];

describe('Financial Reports — POS transactions (SPEC §2, §9)', { timeout: 30_000 }, () => {
  it('are read once when the screen opens, not shown, and not read again when the window regains focus', async () => {
    const { requests } = mockFetch(session());
    const { queryClient } = renderRoutes(routes, '/accounting/reports');
    await screen.findByRole('heading', { name: 'Financial Reports', level: 1 });
    const posReads = () => requests.filter((r) => r.url.includes('/pos/'));
    await waitFor(() => expect(posReads()).toHaveLength(1));
    const [read] = posReads();
    expect(read!.method).toBe('GET');
    expect(read!.url).toBe(`${API}/pos/transactions?limit=100`);
    expect(read!.headers.get('X-Organization-ID')).toBe(ORG);

    const query = queryClient.getQueryCache().find({ queryKey: posTransactionsQueryOptions(ORG).queryKey })!;
    await waitFor(() => expect(query.state.status).toBe('success'));
    expect(queryClient.getQueryData(posTransactionsQueryOptions(ORG).queryKey)?.data.map((t) => t.total_amount)).toEqual(['11.600', '5.220']);
    // Read but not shown.
    expect(screen.queryByText('S1-000001')).toBeNull();
    expect(screen.queryByText('11.600')).toBeNull();

    // Six minutes on, the answer is stale; a window focus still does not read it again.
    const later = Date.now() + 360_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(query.isStaleByTime(300_000)).toBe(true);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posReads()).toHaveLength(1);
  });

  it('stay fresh 300 s and are kept 600 s', () => {
    const options = posTransactionsQueryOptions(ORG);
    expect(options).toMatchObject({ staleTime: 300_000, gcTime: 600_000, refetchOnWindowFocus: false });
  });
});
