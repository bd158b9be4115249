import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady, loadFeatureTranslations } from '../lib/i18n';
import { toastStore } from '../lib/toast';

beforeAll(async () => {
  await i18nReady;
  await loadFeatureTranslations();
});

afterEach(() => {
  cleanup();
  toastStore.clear();
  window.localStorage.clear();
});

// Radix's scroll area (inside its Table) measures itself with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
