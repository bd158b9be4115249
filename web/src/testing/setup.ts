import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady } from '../lib/i18n';
import { toastStore } from '../lib/toast';

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  toastStore.clear();
  window.localStorage.clear();
});
