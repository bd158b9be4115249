import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, installResizeObserver, ORG, session } from '../testing/fixtures';
import { PeriodsRoute } from './periods';

beforeAll(async () => {
  installResizeObserver();
  await import('@daftar/shared/schemas/accounting');
});
// Typing into many fields is slow under jsdom on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/accounting/periods', element: <PeriodsRoute /> }];

const period = (id: string, name: string, start: string, end: string, status: 'open' | 'closed') => ({
  id,
  organization_id: ORG,
  name,
  start_date: start,
  end_date: end,
  status,
  closed_at: status === 'closed' ? '2025-02-03T08:00:00Z' : null,
  closed_by: status === 'closed' ? 'u1' : null,
  reopened_at: null,
  reopened_by: null,
  version: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

const periods = [period('p-1', 'January 2025', '2025-01-01', '2025-01-31', 'closed'), period('p-2', 'February 2025', '2025-02-01', '2025-02-28', 'open')];

function api(role: 'owner' | 'admin' | 'member') {
  return mockFetch({
    ...session(role),
    [`GET ${API}/accounting/periods`]: () => ({ json: { data: periods, count: periods.length, closed_through: '2025-01-31' } }),
    [`POST ${API}/accounting/periods/p-2/close`]: () => ({ json: { ...periods[1], status: 'closed' } }),
    [`POST ${API}/accounting/periods`]: () => ({ status: 409, json: { detail: 'The period overlaps February 2025 (2025-02-01 – 2025-02-28)' } }),
  });
}

const rows = () => within(screen.getByRole('table', { name: 'Accounting periods' })).getAllByRole('row').slice(1);

describe('accounting periods', () => {
  it('explains what closing means and lets an admin close an open period, but not reopen one', async () => {
    const { requests } = api('admin');
    renderRoutes(routes, '/accounting/periods');
    expect(await screen.findByText(/postings dated inside it .* are refused/)).toBeTruthy();
    expect(await screen.findByText('The books are closed through Jan 31, 2025.')).toBeTruthy();
    const [january, february] = rows();
    expect(january!.textContent).toMatch(/January 2025.*Closed/);
    expect(within(january!).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(february!).getByRole('button', { name: 'Close period February 2025' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close February 2025?' });
    expect(dialog.textContent).toContain('postings dated on or before Feb 28, 2025 are refused');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('February 2025 was closed.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/p-2/close'))).toBe(true);
  });

  it('checks a new period with the shared schema and shows an overlap refusal', async () => {
    const { requests } = api('admin');
    renderRoutes(routes, '/accounting/periods');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New period' }));
    const dialog = await screen.findByRole('dialog', { name: 'New period' });
    await user.type(within(dialog).getByLabelText('Start date'), '2025-03-31');
    await user.type(within(dialog).getByLabelText('End date'), '2025-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await within(dialog).findByText('The end date must not be before the start date')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Start date'));
    await user.type(within(dialog).getByLabelText('Start date'), '2025-02-15');
    await user.clear(within(dialog).getByLabelText('End date'));
    await user.type(within(dialog).getByLabelText('End date'), '2025-03-31');
    await user.type(within(dialog).getByLabelText('Name'), 'Q1 tail');
    await user.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The period overlaps February 2025');
    expect(JSON.parse(requests.find((r) => r.method === 'POST')!.body!)).toEqual({ name: 'Q1 tail', start_date: '2025-02-15', end_date: '2025-03-31' });
  });

  it('hides every change from a member', async () => {
    api('member');
    renderRoutes(routes, '/accounting/periods');
    await screen.findByText('The books are closed through Jan 31, 2025.');
    expect(screen.queryByRole('button', { name: 'New period' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Close period/ })).toBeNull();
  });

  describe('in Arabic', () => {
    beforeAll(() => changeLanguage('ar'));
    afterAll(() => changeLanguage('en'));

    it('lets the owner reopen the latest closed period', async () => {
      api('owner');
      renderRoutes(routes, '/accounting/periods');
      expect(await screen.findByRole('heading', { name: 'الفترات المحاسبية', level: 1 })).toBeTruthy();
      expect(screen.getByText(/تُرفض القيود المؤرخة داخلها/)).toBeTruthy();
      const table = await screen.findByRole('table', { name: 'الفترات المحاسبية' });
      const [january] = within(table).getAllByRole('row').slice(1);
      expect(january!.textContent).toContain('مقفلة');
      expect(within(january!).getByRole('button', { name: 'إعادة فتح الفترة January 2025' })).toBeTruthy();
    });
  });
});
