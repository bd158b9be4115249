import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createUser } from '../../test/fixtures.js';

/** A Content-Security-Policy header as directive → sources. */
function directives(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

describe('meta', () => {
  it('answers health with the API version', async () => {
    const res = await call('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '0.1.0' });
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers 404 with a detail for an unknown path and 405 for a wrong method', async () => {
    expect((await call('GET', '/api/v1/nope')).body).toEqual({ detail: 'Not Found' });
    const res = await call('DELETE', '/api/v1/health');
    expect(res.status).toBe(405);
    expect(res.body.detail).toBe('Method Not Allowed');
  });

  it('serves the API reference page under a policy that lets its own script and styles run, and nothing inline', async () => {
    // act
    const res = await call('GET', '/api/v1/docs');
    const html = res.raw.toString();
    // assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(html).toContain('API reference');
    const policy = directives(res.headers['content-security-policy']);
    // Not the pipeline's default for HTML (default-src 'none'; sandbox), which blocked the page's styles.
    expect(policy).not.toHaveProperty('sandbox');
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Under that policy inline code is blocked, so the page has none: scripts and styles are files
    // of this origin, and no element carries a style or an event-handler attribute.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/api\/v1\/docs\/[\w.-]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/<[^>]+\sstyle\s*=/i);
    expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    const linked = [...html.matchAll(/(?:src|href)="(\/api\/v1\/docs\/[\w.-]+)"/g)].map((m) => m[1]!);
    expect(linked.sort()).toEqual(['/api/v1/docs/reference.css', '/api/v1/docs/reference.js']);
  });

  it("serves the page's script and styles with their types, and no other file", async () => {
    // act
    const [script, styles, other, traversal] = await Promise.all([
      call('GET', '/api/v1/docs/reference.js'),
      call('GET', '/api/v1/docs/reference.css'),
      call('GET', '/api/v1/docs/openapi.json'),
      call('GET', '/api/v1/docs/..%2Fopenapi.json'),
    ]);
    // assess
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(styles.status).toBe(200);
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(styles.raw.toString()).toContain('.method.get');
    expect([other.status, traversal.status]).toEqual([404, 404]);
    // Trusted Types (require-trusted-types-for 'script') refuse HTML strings: the script builds the DOM without them.
    const code = script.raw.toString();
    expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
    // What it renders, it fetches from this origin.
    expect(code).toContain("'/api/v1/openapi.json'");
    expect(code).toContain('X-Organization-ID');
  });

  it('fixtures create a user whose token is accepted', async () => {
    const { token } = await createUser();
    expect(token.split('.')).toHaveLength(3);
  });
});
