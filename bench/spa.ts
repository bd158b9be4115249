/**
 * What an anonymous visit to `/login` really downloads (issue #13): the built SPA (`web/dist`,
 * built beforehand, e.g. `npm run build -w web`) is served by a small static server and opened in
 * Chromium; every script requested until the sign-in form's e-mail field is visible and enabled is
 * counted, with its gzip size as CloudFront would serve it. Reading index.html alone misses what
 * the entry imports at run time (lazy chunks, translations, schemas), which is what this catches.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
// The same switches the browser tests use (web/e2e/runtime.ts): no background traffic to count.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

export interface RequestedFile {
  file: string;
  bytes: number;
  gzip_bytes: number;
  /** Milliseconds after navigation started. */
  at_ms: number;
}

export interface SpaVisit {
  path: string;
  /** Milliseconds from navigation to the e-mail field being visible and enabled. */
  interactive_ms: number;
  scripts: number;
  scripts_gzip_bytes: number;
  stylesheets_gzip_bytes: number;
  script_files: RequestedFile[];
  stylesheet_files: RequestedFile[];
  /** Requests to the API the anonymous page made (answered 401 here). */
  api_requests: string[];
  /** Scripts fetched after the form was ready, within a short settle time (prefetches, idle work). */
  scripts_after_interactive: RequestedFile[];
  budget: { gzip_bytes: number; scripts: number; met: boolean };
}

const BUDGET = { gzip_bytes: 170 * 1024, scripts: 8 };

function serve(dist: string): Promise<{ server: Server; baseUrl: string; log: { url: string; at: number }[]; api: string[] }> {
  const log: { url: string; at: number }[] = [];
  const api: string[] = [];
  const root = resolve(dist);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      api.push(`${req.method} ${url.pathname}`);
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"Not authenticated"}');
      return;
    }
    let file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(403).end();
      return;
    }
    // Client-side routes (no extension) get the SPA shell, as CloudFront's error mapping does.
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (extname(url.pathname)) {
        res.writeHead(404).end();
        return;
      }
      file = join(root, 'index.html');
    }
    log.push({ url: url.pathname, at: Date.now() });
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' }).end(readFileSync(file));
  });
  return new Promise((done, fail) => {
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return fail(new Error('no port'));
      done({ server, baseUrl: `http://127.0.0.1:${address.port}`, log, api });
    });
  });
}

/** Opens `path` (default `/login`) of the built SPA in a fresh Chromium profile and counts what it fetched. */
export async function measureSpaVisit(dist: string, options: { path?: string; settleMs?: number } = {}): Promise<SpaVisit> {
  const path = options.path ?? '/login';
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html does not exist (build the web app first: npm run build -w web)`);
  const executablePath = CHROMIUM_CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!executablePath) throw new Error('no Chromium found (set CHROMIUM_PATH)');
  const { server, baseUrl, log, api } = await serve(dist);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    const started = Date.now();
    await page.goto(`${baseUrl}${path}`);
    // The e-mail field is the one input of type email on the sign-in form.
    const email = page.locator('input[type="email"]');
    await email.waitFor({ state: 'visible', timeout: 30_000 });
    // Evaluated in the page (a string: bench/ is compiled without the DOM library).
    await page.waitForFunction(`(() => { const input = document.querySelector('input[type="email"]'); return !!input && !input.disabled; })()`);
    const ready = Date.now();
    await page.waitForTimeout(options.settleMs ?? 1500);

    const size = (entry: { url: string; at: number }): RequestedFile => {
      const content = readFileSync(join(dist, entry.url.replace(/^\//, '')));
      return { file: entry.url, bytes: content.length, gzip_bytes: gzipSync(content, { level: 9 }).length, at_ms: entry.at - started };
    };
    const first = (entries: { url: string; at: number }[]) => [...new Map(entries.map((e) => [e.url, e])).values()];
    const before = first(log.filter((e) => e.at <= ready));
    const scripts = before.filter((e) => e.url.endsWith('.js')).map(size);
    const styles = before.filter((e) => e.url.endsWith('.css')).map(size);
    const seen = new Set(before.map((e) => e.url));
    const after = first(log.filter((e) => e.at > ready && e.url.endsWith('.js') && !seen.has(e.url))).map(size);
    const gz = (files: RequestedFile[]) => files.reduce((a, f) => a + f.gzip_bytes, 0);
    const total = gz(scripts);
    return {
      path,
      interactive_ms: ready - started,
      scripts: scripts.length,
      scripts_gzip_bytes: total,
      stylesheets_gzip_bytes: gz(styles),
      script_files: scripts.sort((a, b) => b.gzip_bytes - a.gzip_bytes),
      stylesheet_files: styles,
      api_requests: api,
      scripts_after_interactive: after,
      budget: { ...BUDGET, met: total <= BUDGET.gzip_bytes && scripts.length <= BUDGET.scripts },
    };
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}
