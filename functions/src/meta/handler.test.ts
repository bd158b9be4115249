import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createUser } from '../../test/fixtures.js';

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

  it('serves the API reference page', async () => {
    const res = await call('GET', '/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.raw.toString()).toContain('API reference');
  });

  it('fixtures create a user whose token is accepted', async () => {
    const { token } = await createUser();
    expect(token.split('.')).toHaveLength(3);
  });
});
