import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toApiGatewayEvent, lambdaContext } from '../../../infra/local/apigw.js';
import { createHandler, defineRoutes, route, Reply } from './api.js';
import { createUser, createOrganization, addMember } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { RevokedToken } from '../db/revokedToken.js';
import { User } from '../db/user.js';

/** A resource built on the items routes with probe handlers, to test the pipeline itself. */
const body = z.strictObject({ title: z.string().min(1), amount: z.number().int().min(0).optional() });
const echo = async (ctx: { body: unknown; query: unknown; organizationId: string | null; role: string | null; params: unknown }) =>
  ({ body: ctx.body, query: ctx.query, organization_id: ctx.organizationId, role: ctx.role, params: ctx.params });
const probe = createHandler(
  defineRoutes('items', {
    'GET /api/v1/items': route({ access: { org: 'viewer' }, query: z.object({ limit: z.coerce.number().int().max(5).default(2) }), handler: echo }),
    'POST /api/v1/items': route({ access: { org: 'member' }, body, handler: echo }),
    'GET /api/v1/items/my-items': route({ access: 'user', handler: async () => Reply.json(201, { ok: true }) }),
    'GET /api/v1/items/{id}': route({ access: 'superuser', handler: echo }),
    'PUT /api/v1/items/{id}': route({ access: { org: 'admin' }, body, handler: echo }),
    'DELETE /api/v1/items/{id}': route({ access: 'public', handler: async () => { throw new Error('boom'); } }),
  }),
);

async function send(method: string, url: string, opts: { token?: string; org?: string; body?: string | Buffer; contentType?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.org) headers['x-organization-id'] = opts.org;
  if (opts.contentType) headers['content-type'] = opts.contentType;
  const event = toApiGatewayEvent({ method, url, headers, body: opts.body === undefined ? undefined : Buffer.from(opts.body) }, '$default', {});
  const res = await probe(event, lambdaContext('probe'));
  return { status: res.statusCode!, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers ?? {} };
}

describe('request pipeline', () => {
  it('authenticates, resolves the organization from the header and checks the rank', async () => {
    // prepare
    const owner = await createUser();
    const viewer = await createUser();
    const org = await createOrganization(owner.user.id);
    await addMember(org.id, viewer.user.id, 'viewer');
    // act
    const read = await send('GET', '/api/v1/items?limit=3', { token: viewer.token, org: org.id });
    const write = await send('POST', '/api/v1/items', { token: viewer.token, org: org.id, body: '{"title":"x"}', contentType: 'application/json' });
    // assess
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ organization_id: org.id, role: 'viewer', query: { limit: 3 } });
    expect(write.status).toBe(403);
    expect(write.body.detail).toMatch(/privileges/);
  });

  it('answers 404 for an organization the caller does not belong to, and 400 without the header', async () => {
    const stranger = await createUser();
    const owner = await createUser();
    const org = await createOrganization(owner.user.id);
    expect((await send('GET', '/api/v1/items', { token: stranger.token, org: org.id })).status).toBe(404);
    const missing = await send('GET', '/api/v1/items', { token: stranger.token });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('X-Organization-ID header is required');
  });

  it('answers 401 without credentials, for a bad token and for a revoked token', async () => {
    const { user, token } = await createUser();
    expect((await send('GET', '/api/v1/items/my-items')).status).toBe(401);
    expect((await send('GET', '/api/v1/items/my-items', { token: `${token}x` })).status).toBe(401);
    expect((await send('GET', '/api/v1/items/my-items', { token })).status).toBe(201);
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    await RevokedToken.create({ jti, user_id: user.id, ttl: Math.floor(Date.now() / 1000) + 60 }).go();
    const revoked = await send('GET', '/api/v1/items/my-items', { token });
    expect(revoked.status).toBe(401);
    expect(revoked.headers['WWW-Authenticate'] ?? revoked.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses tokens of deactivated users and non-superusers on superuser routes', async () => {
    const { user, token } = await createUser();
    expect((await send('GET', '/api/v1/items/abc', { token })).status).toBe(403);
    await User.patch({ id: user.id }).set({ is_active: false }).go();
    expect((await send('GET', '/api/v1/items/my-items', { token })).status).toBe(401);
  });

  it('validates bodies: malformed JSON, wrong types and unknown fields are 422 with FastAPI-shaped details', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    const post = (b: string, contentType = 'application/json') => send('POST', '/api/v1/items', { token, org: org.id, body: b, contentType });
    const malformed = await post('{"title":');
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    const wrongType = await post('{"title":"a","amount":"ten"}');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail[0].loc).toEqual(['body', 'amount']);
    const unknown = await post('{"title":"a","is_admin":true}');
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].type).toBe('unrecognized_keys');
    const missing = await post('');
    expect(missing.status).toBe(422);
    expect((await post('title=a', 'text/plain')).status).toBe(415);
    expect((await post(JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
  });

  it('never answers 500 with internals; unexpected errors are logged and answered generically', async () => {
    const res = await send('DELETE', '/api/v1/items/1');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'Internal Server Error' });
  });

  it('audits successful mutating calls with the actor and IP, and not refused ones', async () => {
    const { user, token } = await createUser();
    const org = await createOrganization(user.id);
    await send('POST', '/api/v1/items', { token, org: org.id, body: '{"title":"kept"}', contentType: 'application/json' });
    await send('POST', '/api/v1/items', { token, org: org.id, body: '{"nope":1}', contentType: 'application/json' });
    const { data } = await AuditLog.query.byOrganization({ organization_id: org.id }).go();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ user_id: user.id, action: 'items.post', ip_address: '127.0.0.1', entity_type: 'items' });
    // The generic record names the request as a narrative too, so it reads in the viewer's language.
    expect(data[0]).toMatchObject({ summary: 'POST /api/v1/items', narrative: { key: 'audit.request', params: { method: 'POST', path: '/api/v1/items' } } });
  });
});
