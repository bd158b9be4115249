import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from './router.js';
import { resourceFor } from './resource-table.js';
import { routeTable } from '../routes.js';

describe('router', () => {
  const routes = compileRoutes<string>([
    ['GET /api/v1/users/{user_id}', 'one'],
    ['GET /api/v1/users/me', 'me'],
    ['PATCH /api/v1/users/me', 'patch-me'],
    ['GET /api/v1/users', 'list'],
  ]);

  it('prefers literal segments over parameters, whatever the declaration order', () => {
    const m = matchRoute(routes, 'GET', '/api/v1/users/me');
    expect(m.kind === 'match' && m.route.def).toBe('me');
    const p = matchRoute(routes, 'GET', '/api/v1/users/0190');
    expect(p.kind === 'match' && p.params).toEqual({ user_id: '0190' });
  });

  it('answers with and without the trailing slash', () => {
    const m = matchRoute(routes, 'GET', '/api/v1/users/');
    expect(m.kind === 'match' && m.route.def).toBe('list');
  });

  it('distinguishes a wrong method from a missing path', () => {
    expect(matchRoute(routes, 'DELETE', '/api/v1/users/me').kind).toBe('method_not_allowed');
    expect(matchRoute(routes, 'GET', '/api/v1/nothing').kind).toBe('not_found');
  });

  it('decodes path parameters and refuses malformed escapes', () => {
    const m = matchRoute(routes, 'GET', '/api/v1/users/a%40b.jo');
    expect(m.kind === 'match' && m.params.user_id).toBe('a@b.jo');
    expect(matchRoute(routes, 'GET', '/api/v1/users/%E0%A4%A').kind).toBe('not_found');
  });

  it('every route of the table belongs to exactly one resource, and no two routes collide', () => {
    const seen = new Map<string, string>();
    for (const [resource, { routes: keys }] of Object.entries(routeTable)) {
      for (const key of keys as readonly string[]) {
        const shape = key.replace(/\{\w+\}/g, '{}');
        expect(seen.get(shape), `${key} also in ${seen.get(shape)}`).toBeUndefined();
        seen.set(shape, resource);
        const [method, path] = key.split(' ') as [string, string];
        expect(resourceFor(method, path.replace(/\{\w+\}/g, 'x1'))?.resource).toBe(resource);
      }
    }
  });

  it('keeps one parameter name per position (API Gateway refuses two)', () => {
    const names = new Map<string, string>();
    for (const { routes: keys } of Object.values(routeTable)) {
      for (const key of keys as readonly string[]) {
        const segments = key.split(' ')[1]!.split('/');
        segments.forEach((seg, i) => {
          if (!seg.startsWith('{')) return;
          const prefix = segments.slice(0, i).join('/');
          const existing = names.get(prefix);
          if (existing) expect(seg, `${key} at ${prefix}`).toBe(existing);
          names.set(prefix, seg);
        });
      }
    }
  });
});
