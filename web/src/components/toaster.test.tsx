import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/notify';
import { DEFAULT_TOAST_DURATION } from '../lib/toast';
import { Toaster } from './toaster';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the fixed titles of SPEC §8 in a labelled region', () => {
    render(<Toaster />);
    act(() => {
      notify.success('Saved');
      notify.error('Nope');
      notify.warning('Careful');
      notify.info('FYI');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('alert').textContent).toBe('Something went wrong!Nope');
    const statuses = within(region).getAllByRole('status').map((el) => el.textContent);
    expect(statuses).toEqual(['Success!Saved', 'WarningCareful', 'InformationFYI']);
  });

  it('closes by itself after its duration', () => {
    render(<Toaster />);
    act(() => void notify.success('Saved'));
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 100));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('waits while the page is idle (hidden) and resumes with the time it had left', () => {
    render(<Toaster />);
    act(() => void notify.info('While you were away'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => setVisibility('hidden'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('While you were away')).toBeTruthy();

    act(() => setVisibility('visible'));
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 2000 - 100));
    expect(screen.getByText('While you were away')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('While you were away')).toBeNull();
  });

  it('waits while the window is in the background', () => {
    render(<Toaster />);
    act(() => void notify.warning('Background'));
    act(() => window.dispatchEvent(new Event('blur')));
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Background')).toBeTruthy();
    act(() => window.dispatchEvent(new Event('focus')));
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION + 10));
    expect(screen.queryByText('Background')).toBeNull();
  });

  it('waits while hovered, and can be dismissed by its button', () => {
    render(<Toaster />);
    act(() => void notify.success('Hover me'));
    act(() => void notify.error('Close me'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Hover me')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Close me')).toBeNull();

    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION + 10));
    expect(screen.queryByText('Hover me')).toBeNull();
  });
});
