/**
 * What every browser test does around its screens: skip (or, under CI, fail) without a Chromium,
 * call the JSON API for the set-up that is not the test's point, sign an owner up through the
 * e-mailed code, start the runtime and a page already signed in, and take screenshots without
 * toasts over them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { CHROMIUM_ARGS, ensureFreshBuild, findChromium, repoRoot, startRuntime, waitForMail, type Runtime } from './runtime';

export const SCREENSHOTS = join(repoRoot, 'web/e2e/screenshots');

/**
 * The Chromium to drive, or null: the suite is then skipped with a warning, except under CI,
 * where a test named after the suite fails instead of passing unseen.
 */
export function chromiumFor(suite: string): string | null {
  const executablePath = findChromium();
  if (!executablePath) {
    const message = 'Browser tests skipped: no Chromium found (set CHROMIUM_PATH, or apt-get install chromium).';
    if (process.env.CI === 'true') {
      describe(suite, () => {
        it('needs Chromium under CI', () => {
          throw new Error(message);
        });
      });
    } else {
      console.warn(message);
    }
  }
  return executablePath;
}

/** The JSON API, for the set-up that is not what a test is about; a failed call throws with its answer. */
export async function callApi<T>(runtime: Runtime, method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const res = await fetch(`${runtime.baseUrl}/api/v1${path}`, { method, headers, body });
  const answer = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${answer}`);
  return (answer ? JSON.parse(answer) : null) as T;
}

export interface Owner {
  name: string;
  email: string;
  password: string;
}

/** Who a browser test acts as: the owner's access token and the organization it created. */
export interface OwnerSession {
  token: string;
  organizationId: string;
}

/**
 * Signs the owner up, verifies the e-mail with the code the SES emulator caught, signs in and
 * creates the organization (`organization` is the create body).
 */
export async function signUpOwner(runtime: Runtime, owner: Owner, organization: Record<string, unknown>): Promise<OwnerSession> {
  await callApi(runtime, 'POST', '/users/signup', { json: { email: owner.email, password: owner.password, full_name: owner.name } });
  const code = await waitForMail(runtime.dataDir, owner.email, /^\s*(\d{6})\s*$/m);
  await callApi(runtime, 'POST', '/verify-email-code', { json: { email: owner.email, code } });
  const { access_token: token } = await callApi<{ access_token: string }>(runtime, 'POST', '/login/access-token', {
    form: { username: owner.email, password: owner.password },
  });
  const { id: organizationId } = await callApi<{ id: string }>(runtime, 'POST', '/organizations', { token, json: organization });
  return { token, organizationId };
}

/** Signed in the way the app keeps a session (lib/storage.ts), in English, onboarding done. */
export async function openSignedIn(page: Page, runtime: Runtime, session: { token: string; organizationId: string; fullName: string }) {
  await page.goto(`${runtime.baseUrl}/login`);
  await page.evaluate(
    ({ token, organizationId, fullName }) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('currentOrganizationId', organizationId);
      localStorage.setItem('onboarding_completed', 'true');
      localStorage.setItem('full_name', fullName);
      localStorage.setItem('i18nextLng', 'en');
    },
    session,
  );
}

export interface SignedIn<S extends OwnerSession> {
  runtime: Runtime;
  browser: Browser;
  page: Page;
  /** What the test's set-up answered. */
  setup: S;
}

/**
 * Builds the SPA when it is stale, starts the runtime, runs the test's set-up through the API, and
 * opens a page (with `context`'s options) signed in as the owner. What it started is stopped again
 * when a step fails.
 */
export async function startSignedIn<S extends OwnerSession>(
  executablePath: string,
  fullName: string,
  setUp: (runtime: Runtime) => Promise<S>,
  context: BrowserContextOptions,
): Promise<SignedIn<S>> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await ensureFreshBuild();
  const runtime = await startRuntime();
  let browser: Browser | undefined;
  try {
    const setup = await setUp(runtime);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const page = await (await browser.newContext(context)).newPage();
    // The suites run beside the other test projects on two cores: a lazy chunk or a report query
    // can take longer than Playwright's 30 s default there.
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => console.error(`[browser] ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`[browser console] ${message.text()}`);
    });
    await openSignedIn(page, runtime, { token: setup.token, organizationId: setup.organizationId, fullName });
    return { runtime, browser, page, setup };
  } catch (error) {
    await browser?.close();
    await runtime.stop();
    throw error;
  }
}

export async function closeToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: /^(Dismiss notification|إغلاق الإشعار)$/ });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/**
 * A screenshot in web/e2e/screenshots, toasts closed, after `settleMs` for the page to settle.
 * `fromTop` scrolls up first, for pages whose sticky header would otherwise be drawn mid-page.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean; settleMs?: number; fromTop?: boolean } = {}) {
  await closeToasts(page);
  if (options.fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(options.settleMs ?? 300);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** The pointer off the page and nothing focused: the pictures show the screen, not a hovered or focused control. */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
