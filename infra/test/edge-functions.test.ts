import { describe, expect, it } from 'vitest';
import { API_PATH_NORMALIZER, SPA_ROUTE_REWRITE } from '../lib/edge-functions.js';

type ViewerRequest = { uri: string; querystring: Record<string, { value: string }> };
const load = (source: string) => new Function(`${source}; return handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;
const run = (source: string, uri: string) => load(source)({ request: { uri, querystring: { skip: { value: '0' } } } });

describe('API path normalizer (CloudFront Function on /api/*)', () => {
  it('drops the trailing slash the spec writes on collection paths', () => {
    expect(run(API_PATH_NORMALIZER, '/api/v1/organizations/').uri).toBe('/api/v1/organizations');
    expect(run(API_PATH_NORMALIZER, '/api/v1/organizations/0190a3c1-7b2e-7000-8000-000000000001/invitations/').uri)
      .toBe('/api/v1/organizations/0190a3c1-7b2e-7000-8000-000000000001/invitations');
  });

  it('drops repeated trailing slashes', () => {
    expect(run(API_PATH_NORMALIZER, '/api/v1/items//').uri).toBe('/api/v1/items');
  });

  it('leaves paths without a trailing slash, and the query string, untouched', () => {
    const request = run(API_PATH_NORMALIZER, '/api/v1/users/me');
    expect(request.uri).toBe('/api/v1/users/me');
    expect(request.querystring).toEqual({ skip: { value: '0' } });
  });
});

describe('SPA route rewrite (CloudFront Function on the default behaviour)', () => {
  it('answers client-side routes with index.html', () => {
    expect(run(SPA_ROUTE_REWRITE, '/').uri).toBe('/index.html');
    expect(run(SPA_ROUTE_REWRITE, '/dashboard').uri).toBe('/index.html');
    expect(run(SPA_ROUTE_REWRITE, '/organizations/0190a3c1/settings/').uri).toBe('/index.html');
  });

  it('serves files (anything with an extension) as they are, so a missing chunk fails loudly', () => {
    expect(run(SPA_ROUTE_REWRITE, '/assets/index-B2x9f.js').uri).toBe('/assets/index-B2x9f.js');
    expect(run(SPA_ROUTE_REWRITE, '/favicon.ico').uri).toBe('/favicon.ico');
    expect(run(SPA_ROUTE_REWRITE, '/index.html').uri).toBe('/index.html');
  });
});
