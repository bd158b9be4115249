import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, prepareScreens, session, settings } from '../testing/fixtures';
import { EinvoicingSettingsRoute } from './settings';

beforeAll(prepareScreens);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [{ path: '/settings/e-invoicing', element: <EinvoicingSettingsRoute /> }];

describe('e-invoicing settings', { timeout: 30_000 }, () => {
  it('never shows the stored credentials, sends only what changed, and keeps them when left empty', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }),
      [`PUT ${API}/e-invoicing/settings`]: (request) => ({ json: settings({ ...JSON.parse(request.body!), version: 4 }) }),
    });
    renderRoutes(routes, '/settings/e-invoicing');
    const clientId = await screen.findByLabelText('Client-Id');
    expect(clientId.getAttribute('type')).toBe('password');
    expect((clientId as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Saved (ends in 0001). Type a new one to replace it.')).toBeTruthy();
    expect((screen.getByLabelText('Secret-Key') as HTMLInputElement).value).toBe('');

    const tin = screen.getByLabelText('Seller TIN');
    await userEvent.clear(tin);
    await userEvent.type(tin, '87654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(JSON.parse(requests.find((r) => r.method === 'PUT')!.body!)).toEqual({ seller_tin: '87654321', version: 3 });
  });

  it('validates with the shared schema before sending', async () => {
    const { requests } = mockFetch({ ...session('admin'), [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }) });
    renderRoutes(routes, '/settings/e-invoicing');
    const tin = await screen.findByLabelText('Seller TIN');
    await userEvent.clear(tin);
    await userEvent.type(tin, '12-34');
    await userEvent.type(screen.getByLabelText('Secret-Key'), 'has a space');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Seller TIN must be 7 to 15 digits, without letters, spaces or dashes')).toBeTruthy();
    expect(screen.getByText('Secret-Key must be printable ASCII without spaces')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('runs the connection test and lists its checks', async () => {
    mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }),
      [`POST ${API}/e-invoicing/test-connection`]: () => ({
        json: {
          ok: false,
          credentials_verified: false,
          portal_url: 'http://localhost:4010/core/invoices/',
          checks: [
            { name: 'seller_tin', status: 'pass', detail: 'Seller TIN 12345678' },
            { name: 'portal_reachable', status: 'fail', detail: 'connect ECONNREFUSED 127.0.0.1:4010' },
          ],
          message: 'The portal could not be reached',
          checked_at: '2025-03-01T10:00:00Z',
        },
      }),
    });
    renderRoutes(routes, '/settings/e-invoicing');
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    const result = await screen.findByRole('region', { name: 'Connection test result' });
    expect(within(result).getByText('The connection test failed.')).toBeTruthy();
    const checks = within(result).getByRole('table', { name: 'Checks' });
    expect(within(checks).getByRole('row', { name: /Portal reachable\s*Failed\s*connect ECONNREFUSED/ })).toBeTruthy();
  });

  it('is read-only for a viewer, without the connection test', async () => {
    mockFetch({ ...session('viewer'), [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings({ is_complete: false, missing_fields: ['client_id', 'secret_key'], client_id_set: false, secret_key_set: false, client_id_last4: null }) }) });
    renderRoutes(routes, '/settings/e-invoicing');
    expect(await screen.findByText('Still missing: Client-Id, Secret-Key.')).toBeTruthy();
    expect((screen.getByLabelText('Seller TIN') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
  });
});
