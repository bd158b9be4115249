import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18nReady, loadFeatureTranslations, loadLanguage } from '../lib/i18n';
import { toastStore } from '../lib/toast';
// The shared schemas' message table (and zod): the app loads it after the first screen is up and
// a form's first check waits for it; loaded here, no test spends its own time (or a findBy's
// second) transforming zod.
import '../lib/validation';

/**
 * A find waits for what it looks for, not for a second: on a machine busy with other work, a lazy
 * chunk (the toaster, a dialog) can take longer than testing-library's default to transform and
 * arrive. Failing finds are bounded by the project's test timeout (vitest.config.ts).
 */
configure({ asyncUtilTimeout: 30_000 });

/**
 * Every text a test may show, before any test runs: English and its feature bundles, and Arabic
 * too, so a test that switches language does not wait for a chunk inside its own time budget.
 */
beforeAll(async () => {
  await i18nReady;
  await loadFeatureTranslations();
  await loadLanguage('ar');
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
