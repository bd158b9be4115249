import { API_VERSION } from '@daftar/shared';
import { createHandler, defineRoutes, Reply, route } from '../http/api.js';
import { z } from 'zod';
import openapi from './openapi.json' with { type: 'json' };

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
    handler: async () => openapi,
  }),
  'GET /api/v1/docs': route({
    access: 'public',
    summary: 'Interactive API reference',
    handler: async () => Reply.html(referencePage()),
  }),
});

/** A self-contained reference page rendered from the OpenAPI document (no CDN scripts). */
function referencePage(): string {
  const doc = openapi as { info: { title: string; version: string }; paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>> };
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'other';
      const rows = byTag.get(tag) ?? [];
      rows.push(`<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${esc(path)}</code></td><td>${esc(op.summary ?? '')}</td></tr>`);
      byTag.set(tag, rows);
    }
  }
  const sections = [...byTag.entries()].map(([tag, rows]) => `<h2 id="${esc(tag)}">${esc(tag)}</h2><table>${rows.join('')}</table>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)} API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #eee;padding:4px 8px;vertical-align:top}.m{font-weight:bold;width:5rem}.get{color:#1a7f37}.post{color:#0550ae}.put,.patch{color:#9a6700}.delete{color:#cf222e}</style></head>
<body><h1>${esc(doc.info.title)} API ${esc(doc.info.version)}</h1><p>Authenticate with <code>Authorization: Bearer &lt;token&gt;</code> (from <code>POST /api/v1/login/access-token</code>) or with an API key (<code>X-API-Key</code>). Organization routes take <code>X-Organization-ID</code>. The machine-readable document is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p>${sections}</body></html>`;
}

export const handler = createHandler(routes);
