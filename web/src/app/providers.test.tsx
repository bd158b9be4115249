import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify';
import { STORAGE_KEYS } from '../lib/storage';
import { AppProviders } from './providers';

const region = () => screen.queryByRole('region', { name: 'Notifications' });

describe('toasts (issue #13: the toaster is not part of the sign-in download)', () => {
  it('mounts the toaster for an anonymous visitor only with the first toast, and keeps it', async () => {
    render(<AppProviders>screen</AppProviders>);
    // Given the lazy chunk time to arrive, had it been asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(region()).toBeNull();

    act(() => void notify.error('Incorrect email or password'));
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();
    expect(region()).not.toBeNull();

    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Incorrect email or password')).toBeNull();
    expect(region()).not.toBeNull();
  });

  it('mounts it from the start for someone signed in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    render(<AppProviders>screen</AppProviders>);
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeTruthy();
  });
});
