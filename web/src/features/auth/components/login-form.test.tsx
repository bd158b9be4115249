import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { LoginRoute } from '../routes/login';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

const user = (overrides: object = {}) => ({
  id: 'u1',
  email: 'rana@example.jo',
  full_name: 'Rana Haddad',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  onboarding_completed: false,
  created_at: '2025-01-01T00:00:00Z',
  ...overrides,
});

const organizations = { data: [{ id: 'org-first', name: 'First' }, { id: 'org-second', name: 'Second' }], count: 2 };

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/onboarding', element: <Screen name="onboarding" /> },
  { path: '/admin', element: <Screen name="admin" /> },
  { path: '/', element: <Screen name="home" /> },
  { path: '/verify-email', element: <Screen name="verify-email" /> },
];

/**
 * Types without user-event's default pause (a timer per key): on a loaded machine those pauses
 * alone took seconds. The form does not re-render per key either (react-hook-form), so signing in
 * costs the same few milliseconds however busy the machine is.
 */
async function signIn(email = 'Rana@Example.jo', password = 'correct-horse') {
  const u = userEvent.setup({ delay: null });
  // The form is a chunk of its own (routes/login): it is there once its field is.
  await u.type(await screen.findByLabelText('Email'), email);
  if (password) await u.type(screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Log In' }));
}

// The form loads the shared schemas after mounting (a browser has them before anyone types) and
// its first submit waits for them; transforming zod the first time is slow under vitest (seconds on
// a loaded machine), so the module is loaded once here, outside any test's time.
beforeAll(async () => {
  await Promise.all([import('./login-validation'), import('./login-form')]);
});

afterEach(() => vi.unstubAllGlobals());

describe('sign-in (SPEC §2)', () => {
  it('shows the shared validation messages and sends nothing', async () => {
    const { requests } = mockFetch({});
    renderRoutes(routes, '/login');
    await signIn('not-an-email', '');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('stores the session, makes the first organization current and goes to onboarding', async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, 'org-from-last-session');
    const token = jwt({ sub: 'u1', is_superuser: false });
    const { requests } = mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: token, token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ json: user() }),
      'GET /api/v1/organizations': () => ({ json: organizations }),
    });
    renderRoutes(routes, '/login');
    await signIn();

    expect(await screen.findByText('screen:onboarding')).toBeTruthy();
    expect(requests[0]!.body).toBe('username=rana%40example.jo&password=correct-horse');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).toBe('false');
    expect(window.localStorage.getItem(STORAGE_KEYS.fullName)).toBe('Rana Haddad');
    expect(window.localStorage.getItem(STORAGE_KEYS.currentOrganizationId)).toBe('org-first');
  });

  // One test per case: two sign-ins in one test shared one time budget.
  it.each([
    [true, 'screen:admin'],
    [false, 'screen:home'],
  ] as const)('sends a superuser who finished onboarding to /admin, everyone else to / (superuser: %s)', async (isSuperuser, destination) => {
    mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: jwt({ sub: 'u1', is_superuser: isSuperuser }), token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ json: user({ onboarding_completed: true, is_superuser: isSuperuser }) }),
      'GET /api/v1/organizations': () => ({ json: organizations }),
    });
    renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByText(destination)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).toBe('true');
  });

  it('accepts the invitation opened before signing in and lands in its organization, not onboarding (issue #12)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingInvitation, 'invite-token');
    const { requests } = mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: jwt({ sub: 'u1' }), token_type: 'bearer' } }),
      'POST /api/v1/invitations/accept': () => ({ json: { invitation: { id: 'inv-1', status: 'accepted' }, organization: { id: 'org-second', name: 'Second' } } }),
      'GET /api/v1/users/me': () => ({ json: user({ onboarding_completed: true }) }),
      'GET /api/v1/organizations': () => ({ json: organizations }),
    });
    renderRoutes(routes, '/login');
    await signIn();

    expect(await screen.findByText('screen:home')).toBeTruthy();
    const accept = requests.find((r) => r.url === '/api/v1/invitations/accept');
    expect(accept?.body).toBe(JSON.stringify({ token: 'invite-token' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.currentOrganizationId)).toBe('org-second');
    expect(window.localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInvitation)).toBeNull();
  });

  it('sends someone whose kept invitation is refused to its page, which says why', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingInvitation, 'invite-token');
    mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: jwt({ sub: 'u1' }), token_type: 'bearer' } }),
      'POST /api/v1/invitations/accept': () => ({ status: 403, json: { detail: 'This invitation was sent to another email address' } }),
    });
    const view = renderRoutes([...routes, { path: '/accept-invitation', element: <Screen name="accept-invitation" /> }], '/login');
    await signIn();
    expect(await screen.findByText('screen:accept-invitation')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?token=invite-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInvitation)).toBeNull();
  });

  it('goes to / when the profile cannot be read', async () => {
    mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: jwt({ sub: 'u1' }), token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ status: 500, json: { detail: 'Internal Server Error' } }),
    });
    renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByText('screen:home')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.onboardingCompleted)).toBeNull();
  });

  it('only clears the organization when the organization list cannot be read', async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentOrganizationId, 'stale');
    mockFetch({
      'POST /api/v1/login/access-token': () => ({ json: { access_token: jwt({ sub: 'u1' }), token_type: 'bearer' } }),
      'GET /api/v1/users/me': () => ({ json: user({ onboarding_completed: true }) }),
      'GET /api/v1/organizations': () => ({ status: 503, json: { detail: 'Service Unavailable' } }),
    });
    renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByText('screen:home')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.currentOrganizationId)).toBeNull();
  });

  it('sends an unverified user to verify their e-mail', async () => {
    mockFetch({ 'POST /api/v1/login/access-token': () => ({ status: 403, json: { detail: 'Email not verified' } }) });
    const view = renderRoutes(routes, '/login');
    await signIn();
    expect(await screen.findByText('screen:verify-email')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?email=rana%40example.jo');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('shows the server detail in an error toast when sign-in is refused', async () => {
    mockFetch({ 'POST /api/v1/login/access-token': () => ({ status: 400, json: { detail: 'Incorrect email or password' } }) });
    renderRoutes(routes, '/login');
    await signIn();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Something went wrong!Incorrect email or password'));
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeTruthy();
  });
});
