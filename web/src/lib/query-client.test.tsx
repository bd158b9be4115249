import { QueryObserver } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes, signedInRouteDiscovery } from '../app/router';
import { mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { installResizeObserver, signedInSession } from '../testing/session';
import { awaitsOrganization, createQueryClient } from './query-client';

beforeAll(installResizeObserver);
afterEach(() => vi.unstubAllGlobals());

describe('organization-scoped queries', () => {
  it('recognises a key whose organization is not known yet', () => {
    expect(awaitsOrganization(['organizations', '', 'contacts'])).toBe(true);
    expect(awaitsOrganization(['organizations', null, 'stats'])).toBe(true);
    expect(awaitsOrganization(['organizations', 'org-1', 'contacts'])).toBe(false);
    // The organizations list itself belongs to no organization.
    expect(awaitsOrganization(['organizations'])).toBe(false);
    expect(awaitsOrganization(['users', 'me'])).toBe(false);
  });

  it('wait, whatever `enabled` says, and run once the organization is known', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'data');
    const observer = new QueryObserver(client, { queryKey: ['organizations', '', 'contacts', 'detail', 'c-1'], queryFn, enabled: true });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 20));
    expect(queryFn).not.toHaveBeenCalled();
    expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'idle' });

    observer.setOptions({ queryKey: ['organizations', 'org-1', 'contacts', 'detail', 'c-1'], queryFn, enabled: true });
    await waitFor(() => expect(observer.getCurrentResult().data).toBe('data'));
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

/**
 * A direct load of a page, through the app's own routes and shell: the organizations list is still
 * on its way when the page first renders, so the current organization is not known yet. No request
 * may go to `/organizations//…` (issue 12).
 */
describe('a direct page load', { timeout: 60_000 }, () => {
  const ORG = 'org-1';
  const paths = [
    '/',
    '/accounting',
    '/accounting/taxes',
    '/accounting/chart',
    '/accounting/journal',
    '/sales/invoices',
    '/sales/invoices/new',
    '/sales/customers',
    '/contacts/c-1',
    '/purchases/bills',
    '/purchases/bills/new',
    '/purchases/expenses',
    '/purchases/expenses/new',
    '/banking',
    '/settings/members',
    '/settings/files',
    '/settings/e-invoicing',
    '/sales/invoices/inv-1/e-invoice',
  ];

  it.each(paths)('of %s asks nothing of an organization before it is known', async (path) => {
    const session = signedInSession({
      organizationId: ORG,
      role: 'owner',
      user: { email: 'rana@example.jo', full_name: 'Rana Haddad' },
      organization: { name: 'Amman Traders', fiscal_year_start_month: 1, created_at: '2025-01-01T00:00:00Z' },
    });
    let releaseOrganizations: () => void = () => {};
    const organizationsAnswered = new Promise<void>((resolve) => (releaseOrganizations = resolve));
    const { requests, fetchMock } = mockFetch(session);
    // The organizations list answers late, as on a cold direct load.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).split('?')[0] === '/api/v1/organizations') await organizationsAnswered;
      return answer(input, init);
    });
    renderRoutes(routes, path, { patchRoutesOnNavigation: signedInRouteDiscovery() });
    await screen.findByRole('main', {}, { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 100));
    releaseOrganizations();
    await waitFor(() => expect(requests.some((r) => r.url.startsWith(`/api/v1/organizations/${ORG}/`))).toBe(true), { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(requests.map((r) => r.url).filter((url) => url.includes('/organizations//'))).toEqual([]);
  });
});
