import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { toastStore } from '../../../lib/toast';
import { mockFetch } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { LoginRoute } from './login';
import { VerifyEmailRoute } from './verify-email';

const routes = [
  { path: '/verify-email', element: <VerifyEmailRoute /> },
  { path: '/login', element: <LoginRoute /> },
  { path: '/', element: <Screen name="home" /> },
];

beforeAll(async () => {
  await Promise.all([import('../components/login-validation'), import('../components/login-form')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.clear();
});

describe('verifying an e-mail (issue #12)', () => {
  it('goes to sign-in with the address filled in and the earlier "verify first" toast gone', async () => {
    const { requests } = mockFetch({
      'POST /api/v1/check-verification-status': () => ({ json: { email: 'rana@example.jo', is_verified: false } }),
      'POST /api/v1/verify-email-code': () => ({ json: { message: 'Email verified' } }),
    });
    // What sign-in said before sending the person here.
    notify.warning('Please verify your e-mail address before signing in.');
    const { router } = renderRoutes(routes, '/verify-email?email=rana%40example.jo');
    expect(await screen.findByText('Please verify your e-mail address before signing in.')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('rana@example.jo');
    expect(await screen.findByText('Your e-mail address is verified. You can now sign in.')).toBeTruthy();
    expect(screen.queryByText('Please verify your e-mail address before signing in.')).toBeNull();
    const sent = requests.find((r) => r.url.endsWith('/verify-email-code'));
    expect(JSON.parse(sent!.body!)).toEqual({ email: 'rana@example.jo', code: '123456' });
  });
});
