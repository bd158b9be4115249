/**
 * The local runtime serves the built SPA. When `web/dist` has no `index.html` yet, it builds the
 * app once with Vite before serving.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type WebBuildState = { state: 'built' } | { state: 'unavailable'; reason: string };

function viteBinary(repoRoot: string, webDir: string): string | null {
  for (const candidate of [join(webDir, 'node_modules/.bin/vite'), join(repoRoot, 'node_modules/.bin/vite')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export async function ensureWebBuilt(repoRoot: string, log: (line: string) => void): Promise<WebBuildState> {
  const webDir = join(repoRoot, 'web');
  if (existsSync(join(webDir, 'dist/index.html'))) return { state: 'built' };
  const pkgFile = join(webDir, 'package.json');
  if (!existsSync(pkgFile)) return { state: 'unavailable', reason: 'web/package.json does not exist' };
  const scripts = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  if (!scripts.build) return { state: 'unavailable', reason: 'web/package.json has no "build" script' };
  const vite = viteBinary(repoRoot, webDir);
  if (!vite) return { state: 'unavailable', reason: 'Vite is not installed (run npm install)' };

  log('Building the web app (web/dist is missing)…');
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(vite, ['build'], { cwd: webDir, stdio: ['ignore', 'inherit', 'inherit'] });
    // Stopped while building: the build goes too.
    const killBuild = () => child.kill('SIGTERM');
    process.once('exit', killBuild);
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode) => { process.off('exit', killBuild); resolve(exitCode ?? 1); });
  });
  if (code !== 0 || !existsSync(join(webDir, 'dist/index.html'))) return { state: 'unavailable', reason: `vite build failed (exit ${code})` };
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { state: 'built' };
}

export function notBuiltPage(reason: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Daftar: web app not built</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{background:#f3f3f3;padding:.1rem .3rem}</style></head>
<body><h1>The web app is not built</h1><p>${esc(reason)}.</p>
<p>Build it with <code>npm run build -w web</code> (or <code>cd web &amp;&amp; ../node_modules/.bin/vite build</code>), then reload this page; the API keeps running meanwhile.</p>
<p>The API is up: <a href="/api/v1/health">/api/v1/health</a>, <a href="/api/v1/docs">/api/v1/docs</a>; sent e-mails: <a href="/_local/mail">/_local/mail</a>.</p></body></html>`;
}
