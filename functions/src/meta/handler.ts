import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_VERSION } from '@daftar/shared';
import { createHandler, defineRoutes, Reply, route } from '../http/api.js';
import { NotFound } from '../platform/errors.js';
import * as z from 'zod';

/**
 * The API reference's files (functions/assets/api-docs): the OpenAPI document (`npm run openapi`)
 * and the page's script and styles. Read at run time, not bundled (the document alone would add
 * most of a megabyte to this Lambda): beside the bundle in `api-docs/` (the CDK bundling copies
 * them there, routes.ts `assets`) or, running from source, from functions/assets/api-docs/.
 */
function docsDirectory(): string {
  const candidates = [fileURLToPath(new URL('./api-docs/', import.meta.url)), fileURLToPath(new URL('../../assets/api-docs/', import.meta.url))];
  const found = candidates.find((dir) => existsSync(join(dir, 'openapi.json')));
  if (!found) throw new Error(`The API reference files were not found (looked in ${candidates.join(', ')})`);
  return found;
}

const read = new Map<string, string>();
/** A file of the API reference, read once per Lambda instance. */
function docsFile(name: string): string {
  let text = read.get(name);
  if (text === undefined) {
    text = readFileSync(join(docsDirectory(), name), 'utf8');
    // The document is kept indented for review; it is served compact.
    if (name === 'openapi.json') text = JSON.stringify(JSON.parse(text));
    read.set(name, text);
  }
  return text;
}

/** What `GET /api/v1/docs/{file}` serves: the page's own script and styles, nothing else. */
const PAGE_FILES: Record<string, string> = {
  'reference.js': 'text/javascript; charset=utf-8',
  'reference.css': 'text/css; charset=utf-8',
};

/**
 * The reference page's policy: its script, styles and requests from this origin only; no inline
 * script or style, no inline event handlers, no frames; the DOM built without HTML strings
 * (Trusted Types). Behind CloudFront the distribution's policy (infra/lib/web-hosting.ts) replaces
 * it, and allows the same.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join('; ');

export const routes = defineRoutes('meta', {
  'GET /api/v1/health': route({
    access: 'public',
    summary: 'Service health',
    response: z.object({ status: z.literal('ok'), version: z.string() }),
    handler: async () => ({ status: 'ok', version: API_VERSION }),
  }),
  'GET /api/v1/openapi.json': route({
    access: 'public',
    summary: 'The OpenAPI 3.1 document, generated from the zod schemas',
    handler: async () => new Reply(200, docsFile('openapi.json'), { 'content-type': 'application/json', 'cache-control': 'no-cache' }),
  }),
  'GET /api/v1/docs': route({
    access: 'public',
    summary: 'Interactive API reference: every operation, with an Authorize box and a "Try it" form',
    handler: async () => new Reply(200, referencePage(), { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': DOCS_CONTENT_SECURITY_POLICY }),
  }),
  'GET /api/v1/docs/{file}': route({
    access: 'public',
    summary: "The API reference page's script and styles",
    handler: async ({ params }) => {
      const type = Object.hasOwn(PAGE_FILES, params.file!) ? PAGE_FILES[params.file!] : undefined;
      if (!type) throw new NotFound();
      return new Reply(200, docsFile(params.file!), { 'content-type': type, 'cache-control': 'no-cache' });
    },
  }),
});

/**
 * The reference page: a shell that loads its script and styles from this origin
 * (functions/assets/api-docs/reference.js renders the operations from /api/v1/openapi.json).
 */
function referencePage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Daftar API reference</title>
<link rel="stylesheet" href="/api/v1/docs/reference.css">
<script src="/api/v1/docs/reference.js" defer></script>
</head>
<body>
<header class="page-header"><h1>Daftar API reference <small>${API_VERSION}</small></h1></header>
<main id="app"><p class="loading">Loading the operations from <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>…</p></main>
<noscript><p>This page needs JavaScript to list the operations; the machine-readable document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript>
</body>
</html>
`;
}

export const handler = createHandler(routes);
