import type { HttpMethod } from '../routes.js';

export interface CompiledRoute<T> {
  method: HttpMethod;
  path: string;
  segments: string[];
  /** '0' for a literal segment, '1' for a parameter: literal paths win (`/users/me` before `/users/{user_id}`). */
  rank: string;
  def: T;
}

export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function compileRoutes<T>(entries: [string, T][]): CompiledRoute<T>[] {
  return entries
    .map(([key, def]) => {
      const [method, path] = key.split(' ') as [HttpMethod, string];
      const segments = normalizePath(path).split('/').slice(1);
      return { method, path, segments, rank: segments.map((s) => (s.startsWith('{') ? '1' : '0')).join(''), def };
    })
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const p = parts[i]!;
    if (s.startsWith('{')) {
      if (!p) return null;
      try { params[s.slice(1, -1)] = decodeURIComponent(p); } catch { return null; }
    } else if (s !== p) return null;
  }
  return params;
}

export type MatchResult<T> =
  | { kind: 'match'; route: CompiledRoute<T>; params: Record<string, string> }
  | { kind: 'method_not_allowed' }
  | { kind: 'not_found' };

export function matchRoute<T>(routes: CompiledRoute<T>[], method: string, path: string): MatchResult<T> {
  const parts = normalizePath(path).split('/').slice(1);
  let pathMatched = false;
  for (const route of routes) {
    const params = matchSegments(route.segments, parts);
    if (!params) continue;
    if (route.method === method) return { kind: 'match', route, params };
    pathMatched = true;
  }
  return pathMatched ? { kind: 'method_not_allowed' } : { kind: 'not_found' };
}
