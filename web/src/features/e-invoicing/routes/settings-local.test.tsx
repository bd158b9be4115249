import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { API, prepareScreens, session, settings } from '../testing/fixtures';
import { EinvoicingSettingsRoute } from './settings';

beforeAll(prepareScreens);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

const routes = [{ path: '/settings/e-invoicing', element: <EinvoicingSettingsRoute /> }];
const SIMULATOR = `GET ${API}/e-invoicing/local-simulator`;
const local = { active: true, client_id: 'daftar-simulator-client-id', secret_key: 'daftar-simulator-secret-key', portal_url: 'http://127.0.0.1:4010/core/invoices/' };

describe('e-invoicing settings page, running locally', { timeout: 30_000 }, () => {
  it("shows the local simulator's Client-Id and Secret-Key with copy buttons", async () => {
    mockFetch({ ...session('admin'), [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }), [SIMULATOR]: () => ({ json: local }) });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoutes(routes, '/settings/e-invoicing');
    const note = await screen.findByRole('note', { name: 'Local JoFotara simulator.' });
    expect(note.textContent).toContain('daftar-simulator-client-id');
    expect(note.textContent).toContain('daftar-simulator-secret-key');
    await userEvent.click(screen.getByRole('button', { name: 'Copy the Secret-Key' }));
    expect(writeText).toHaveBeenCalledWith('daftar-simulator-secret-key');
  });

  it('shows nothing of the kind anywhere else', async () => {
    mockFetch({
      ...session('admin'),
      [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }),
      [SIMULATOR]: () => ({ json: { active: false, client_id: null, secret_key: null, portal_url: null } }),
    });
    renderRoutes(routes, '/settings/e-invoicing');
    await screen.findByLabelText('Client-Id');
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Local JoFotara simulator.' })).toBeNull());
    expect(document.body.textContent).not.toContain('daftar-simulator');
  });

  it('reads in Arabic', async () => {
    await changeLanguage('ar');
    mockFetch({ ...session('admin'), [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings() }), [SIMULATOR]: () => ({ json: local }) });
    renderRoutes(routes, '/settings/e-invoicing');
    expect(await screen.findByRole('note', { name: 'محاكي جوفوترة المحلي.' })).toBeTruthy();
  });

  it('puts the cursor in the field a "what is missing" link names', async () => {
    mockFetch({ ...session('admin'), [`GET ${API}/e-invoicing/settings`]: () => ({ json: settings({ client_id_set: false, missing_fields: ['client_id'] }) }) });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderRoutes(routes, '/settings/e-invoicing#client_id');
    const clientId = await screen.findByLabelText('Client-Id');
    await waitFor(() => expect(document.activeElement).toBe(clientId));
    expect(scrolled).toHaveBeenCalled();
  });
});
