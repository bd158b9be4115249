import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The AWS SDK warns on every process that Node 20 support ends in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * One vitest run for the whole repository, one project per workspace. The functions project
 * starts one set of emulators per run (functions/test/global-setup.ts) and gives each test file a
 * fresh table (functions/test/setup.ts). Parallel, but bounded for a 2-core machine.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'functions',
          include: ['functions/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['functions/test/global-setup.ts'],
          setupFiles: ['functions/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
          // Finds wait up to 30 s for what they look for (setup.ts); a test has room for one.
          testTimeout: 60_000,
        },
      },
      {
        // Drives the real app in Chromium against `npm start` (web/e2e/runtime.ts starts it).
        test: {
          name: 'web-e2e',
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          // `expect.poll` waits for what a test means (a value the page reaches); its default 1 s
          // bound fails on a loaded machine, so it gets the same 60 s as the pages' own waits.
          expect: { poll: { timeout: 60_000 } },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
