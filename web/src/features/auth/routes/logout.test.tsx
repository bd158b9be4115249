import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { LogoutRoute } from './logout';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

function signedInSession() {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  window.localStorage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
  window.localStorage.setItem(STORAGE_KEYS.fullName, 'Rana Haddad');
  window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, 'org-1');
}

const routes = [
  { path: '/logout', element: <LogoutRoute /> },
  { path: '/login', element: <Screen name="login" /> },
];

describe('logout (SPEC §2, §8)', () => {
  it('revokes the token, removes the session keys, clears the cache and goes to /login', async () => {
    signedInSession();
    const { requests } = mockFetch({ 'POST /api/v1/logout': () => ({ json: { message: 'Logged out' } }) });
    const view = renderRoutes(routes, '/logout');
    view.queryClient.setQueryData(['users', 'me'], { id: 'u1' });

    expect(await screen.findByText('screen:login')).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v1/logout']);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token');
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.onboardingCompleted, STORAGE_KEYS.fullName, STORAGE_KEYS.currentOrganizationId]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('signs out locally even when the server call fails, and keeps the language preference', async () => {
    signedInSession();
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/v1/logout': () => ({ status: 500, json: { detail: 'Internal Server Error' } }) });
    renderRoutes(routes, '/logout');

    expect(await screen.findByText('screen:login')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(logged).toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    await waitFor(() => expect(i18n.language).toBe('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });
});
