import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, budget, prepareScreens, session } from '../testing/fixtures';
import { BudgetsRoute } from './budgets';

beforeAll(async () => {
  prepareScreens();
  await import('@daftar/shared/schemas/budgets');
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/accounting/budgets', element: <BudgetsRoute /> },
  { path: '/accounting/budgets/:budgetId', element: <Screen name="budget" /> },
];

const { lines: _lines, ...header } = budget({ status: 'active' });
const summary = { ...header, line_count: 2 };

describe('budgets list', { timeout: 30_000 }, () => {
  it('lists budgets with their totals and filters by fiscal year and status', async () => {
    const { requests } = mockFetch({ ...session('viewer'), [`GET ${API}/budgets`]: () => ({ json: { data: [summary], count: 1 } }) });
    renderRoutes(routes, '/accounting/budgets');
    const table = await screen.findByRole('table', { name: 'Budgets' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Plan 2025' }).getAttribute('href')).toBe('/accounting/budgets/b-1');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain(formatMoney('12000.000', 'JOD'));
    expect(screen.queryByRole('button', { name: 'New budget' })).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Fiscal year'), '2025');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => {
      const last = new URL(requests.filter((r) => r.url.startsWith(`${API}/budgets`)).at(-1)!.url, 'http://x').searchParams;
      expect([last.get('fiscal_year'), last.get('status')]).toEqual(['2025', 'active']);
    });
  });

  it('creates a draft budget for a valid fiscal year and opens it', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      [`GET ${API}/budgets`]: () => ({ json: { data: [], count: 0 } }),
      [`POST ${API}/budgets`]: () => ({ status: 201, json: budget({ id: 'b-new', lines: [] }) }),
    });
    const view = renderRoutes(routes, '/accounting/budgets');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New budget' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Plan 2026');
    const year = within(dialog).getByLabelText('Fiscal year');
    await user.clear(year);
    await user.type(year, '26');
    await user.click(within(dialog).getByRole('button', { name: 'Create budget' }));
    expect(await within(dialog).findByText('Fiscal year is a year such as 2025')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(year);
    await user.type(year, '2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create budget' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/accounting/budgets/b-new'));
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({ name: 'Plan 2026', fiscal_year: 2026, status: 'draft', notes: null, lines: [] });
  });
});
