import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { ApiKey } from '../db/apiKey.js';
import { AuditLog } from '../db/auditLog.js';
import { Item } from '../db/item.js';
import { hashApiKeySecret, parseApiKey } from '../http/principal.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/api-keys`;
const storedKey = async (orgId: string, id: string) => (await ApiKey.get({ organization_id: orgId, id }).go()).data;
const auditOf = async (orgId: string) => (await AuditLog.query.byOrganization({ organization_id: orgId }).go()).data;

async function createKey(orgId: string, token: string, body: Record<string, unknown> = {}) {
  const res = await call('POST', base(orgId), { token, json: { name: 'Integration', role: 'viewer', ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; key: string; role: string; key_prefix: string };
}

/** Moves a key's expiry into the past, as time passing would. */
const expire = (orgId: string, id: string, at = new Date(Date.now() - 60_000).toISOString()) =>
  ApiKey.patch({ organization_id: orgId, id }).set({ expires_at: at }).go();

describe('api keys: management', () => {
  it('creates a key shown once, in the format authentication parses, storing only the SHA-256 of the secret', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    // act
    const res = await call('POST', `${base(org.id)}/`, { token: users.admin.token, json: { name: 'Shop sync', description: 'POS bridge', role: 'member', expires_in_days: 30 } });
    // assess
    expect(res.status).toBe(201);
    const parsed = parseApiKey(res.body.key);
    expect(parsed).not.toBeNull();
    expect(res.body.key).toMatch(/^dft_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{32,}$/);
    expect(res.body).toMatchObject({ name: 'Shop sync', description: 'POS bridge', role: 'member', key_prefix: parsed!.prefix, is_active: true, is_expired: false, usage_count: 0, created_by: users.admin.user.id, organization_id: org.id });
    const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const stored = await storedKey(org.id, res.body.id);
    expect(stored!.secret_hash).toBe(hashApiKeySecret(parsed!.secret));
    expect(JSON.stringify(stored)).not.toContain(parsed!.secret);

    const read = await call('GET', `${base(org.id)}/${res.body.id}`, { token: users.admin.token });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('key');
    expect(read.body).not.toHaveProperty('secret_hash');
    expect(read.body).toEqual(Object.fromEntries(Object.entries(res.body).filter(([k]) => k !== 'key')));
  });

  it('is for admins: members and viewers get 403, owner-role keys are refused, and nothing is stored', async () => {
    const { org, users } = await organizationWithRoles();
    expect((await call('POST', base(org.id), { token: users.member.token, json: { name: 'x' } })).status).toBe(403);
    expect((await call('GET', base(org.id), { token: users.viewer.token })).status).toBe(403);
    const owner = await call('POST', base(org.id), { token: users.owner.token, json: { name: 'x', role: 'owner' } });
    expect(owner.status).toBe(422);
    expect(owner.body.detail[0].loc).toEqual(['body', 'role']);
    expect((await call('POST', base(org.id), { token: users.admin.token, json: { name: 'x', scopes: ['all'] } })).status).toBe(422);
    expect((await call('POST', base(org.id), { token: users.admin.token, json: { name: ' ' } })).status).toBe(422);
    expect((await ApiKey.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(0);
  });

  it('lists active keys by default and every key with include_inactive', async () => {
    const { org, users } = await organizationWithRoles();
    const active = await createKey(org.id, users.admin.token, { name: 'active' });
    const inactive = await createKey(org.id, users.admin.token, { name: 'inactive' });
    const expired = await createKey(org.id, users.admin.token, { name: 'expired', expires_in_days: 1 });
    await call('PUT', `${base(org.id)}/${inactive.id}`, { token: users.admin.token, json: { is_active: false } });
    await expire(org.id, expired.id);

    const listed = await call('GET', base(org.id), { token: users.admin.token });
    expect(listed.body.count).toBe(1);
    expect(listed.body.data.map((k: { id: string }) => k.id)).toEqual([active.id]);
    const all = await call('GET', base(org.id), { token: users.admin.token, query: { include_inactive: true } });
    expect(all.body.count).toBe(3);
    expect(all.body.data.map((k: { name: string }) => k.name)).toEqual(['expired', 'inactive', 'active']);
    expect(all.body.data[0]).toMatchObject({ is_active: true, is_expired: true });
    expect(all.body.data.some((k: object) => 'key' in k || 'secret_hash' in k)).toBe(false);
  });

  it('updates and deletes keys, audits each change, and answers 404 for another organization\'s key', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    const key = await createKey(org.id, users.admin.token);
    const foreign = await createKey(otherOrg.id, other.token);
    // act
    const updated = await call('PUT', `${base(org.id)}/${key.id}`, { token: users.admin.token, json: { name: 'Renamed', role: 'admin', description: 'now admin' } });
    const cleared = await call('PUT', `${base(org.id)}/${key.id}`, { token: users.admin.token, json: { description: null } });
    const crossRead = await call('GET', `${base(org.id)}/${foreign.id}`, { token: users.admin.token });
    const crossUpdate = await call('PUT', `${base(org.id)}/${foreign.id}`, { token: users.admin.token, json: { is_active: false } });
    const crossDelete = await call('DELETE', `${base(org.id)}/${foreign.id}`, { token: users.admin.token });
    const deleted = await call('DELETE', `${base(org.id)}/${key.id}`, { token: users.admin.token, ip: '198.51.100.7' });
    const again = await call('DELETE', `${base(org.id)}/${key.id}`, { token: users.admin.token });
    // assess
    expect(updated.body).toMatchObject({ name: 'Renamed', role: 'admin', description: 'now admin' });
    expect(cleared.body.description).toBeNull();
    expect([crossRead.status, crossUpdate.status, crossDelete.status]).toEqual([404, 404, 404]);
    expect((await storedKey(otherOrg.id, foreign.id))!.is_active).toBe(true);
    expect(deleted.status).toBe(200);
    expect(again.status).toBe(404);
    expect(await storedKey(org.id, key.id)).toBeNull();

    const records = await auditOf(org.id);
    expect(records.map((r) => r.action)).toEqual(['api_key.created', 'api_key.updated', 'api_key.updated', 'api_key.deleted']);
    expect(records[0]).toMatchObject({ user_id: users.admin.user.id, entity_type: 'api_key', entity_id: key.id, ip_address: '127.0.0.1' });
    expect(records[0]!.summary).toContain(key.key_prefix);
    expect(records[1]!.changes).toMatchObject({ role: { from: 'viewer', to: 'admin' }, name: { from: 'Integration', to: 'Renamed' } });
    expect(records[3]).toMatchObject({ ip_address: '198.51.100.7', summary: `API key "Renamed" (${key.key_prefix}) deleted` });
    // The full key never reaches the audit trail.
    expect(JSON.stringify(records)).not.toContain(parseApiKey(key.key)!.secret);
  });

  it('refuses API keys managing API keys, even with the admin role', async () => {
    const { org, users } = await organizationWithRoles();
    const adminKey = await createKey(org.id, users.admin.token, { role: 'admin' });
    const minted = await call('POST', base(org.id), { apiKey: adminKey.key, json: { name: 'child', role: 'admin' } });
    expect(minted.status).toBe(403);
    expect((await call('DELETE', `${base(org.id)}/${adminKey.id}`, { apiKey: adminKey.key })).status).toBe(403);
    expect((await call('GET', base(org.id), { apiKey: adminKey.key })).status).toBe(200);
    expect((await ApiKey.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(1);
  });
});

describe('api keys: authenticating with a key', () => {
  it('acts in its organization with its role: viewer reads, cannot write, other organizations are 404', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const other = await createUser();
    const otherOrg = await createOrganization(other.user.id);
    const key = await createKey(org.id, users.admin.token, { role: 'viewer' });
    // act
    const read = await call('GET', '/api/v1/items', { apiKey: key.key, org: org.id });
    const viaBearer = await call('GET', `/api/v1/organizations/${org.id}/file-uploads`, { headers: { authorization: `Bearer ${key.key}` } });
    const write = await call('POST', '/api/v1/items', { apiKey: key.key, org: org.id, json: { title: 'nope' } });
    const foreign = await call('GET', '/api/v1/items', { apiKey: key.key, org: otherOrg.id });
    const foreignPath = await call('GET', `/api/v1/organizations/${otherOrg.id}/file-uploads`, { apiKey: key.key });
    const userRoute = await call('GET', `${base(org.id)}/global/stats`, { apiKey: key.key });
    // assess
    expect(read.status).toBe(200);
    expect(viaBearer.status).toBe(200);
    expect(write.status).toBe(403);
    expect(foreign.status).toBe(404);
    expect(foreignPath.status).toBe(404);
    expect(userRoute.status).toBe(403);
    expect((await Item.query.byOrganization({ organization_id: org.id }).go()).data).toHaveLength(0);
  });

  it('counts usage per request and per UTC day', async () => {
    const { org, users } = await organizationWithRoles();
    const key = await createKey(org.id, users.admin.token);
    for (let i = 0; i < 3; i++) expect((await call('GET', '/api/v1/items', { apiKey: key.key, org: org.id })).status).toBe(200);
    const stored = await storedKey(org.id, key.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(stored!.usage_count).toBe(3);
    expect(stored!.usage_by_day).toEqual({ [today]: 3 });
    expect(Date.now() - Date.parse(stored!.last_used_at!)).toBeLessThan(60_000);
  });

  it('writes with a member key as the key: items are owned by it and audit records carry its id', async () => {
    const { org, users } = await organizationWithRoles();
    const key = await createKey(org.id, users.admin.token, { role: 'member' });
    const created = await call('POST', '/api/v1/items', { apiKey: key.key, org: org.id, json: { title: 'From the POS' } });
    expect(created.status).toBe(201);
    expect(created.body.owner_id).toBe(key.id);
    const mine = await call('GET', '/api/v1/items/my-items', { apiKey: key.key, org: org.id });
    expect(mine.body.count).toBe(1);
    const record = (await auditOf(org.id)).find((r) => r.action === 'item.created');
    expect(record).toMatchObject({ api_key_id: key.id, entity_id: created.body.id });
    expect(record!.user_id).toBeUndefined();
  });

  it('answers 401 for deactivated, deleted, expired and forged keys', async () => {
    const { org, users } = await organizationWithRoles();
    const get = (apiKey: string) => call('GET', '/api/v1/items', { apiKey, org: org.id });
    const deactivated = await createKey(org.id, users.admin.token);
    const deleted = await createKey(org.id, users.admin.token);
    const expired = await createKey(org.id, users.admin.token, { expires_in_days: 1 });
    expect((await get(deactivated.key)).status).toBe(200);

    await call('PUT', `${base(org.id)}/${deactivated.id}`, { token: users.admin.token, json: { is_active: false } });
    await call('DELETE', `${base(org.id)}/${deleted.id}`, { token: users.admin.token });
    await expire(org.id, expired.id);
    const forged = `${deactivated.key.slice(0, 17)}${'A'.repeat(43)}`;

    for (const k of [deactivated.key, deleted.key, expired.key, forged, 'dft_short_x']) {
      const res = await get(k);
      expect(res.status).toBe(401);
    }
    // Re-activation restores access.
    await call('PUT', `${base(org.id)}/${deactivated.id}`, { token: users.admin.token, json: { is_active: true } });
    expect((await get(deactivated.key)).status).toBe(200);
  });
});

describe('api keys: usage statistics', () => {
  it('reports per-day, per-key and total usage for the organization', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const a = await createKey(org.id, users.admin.token, { name: 'a' });
    const b = await createKey(org.id, users.admin.token, { name: 'b' });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await ApiKey.patch({ organization_id: org.id, id: a.id }).set({ usage_by_day: { [yesterday]: 4, [longAgo]: 10 }, usage_count: 14 }).go();
    await call('GET', '/api/v1/items', { apiKey: a.key, org: org.id });
    await call('GET', '/api/v1/items', { apiKey: b.key, org: org.id });
    // act
    const res = await call('GET', `${base(org.id)}/stats/usage`, { token: users.admin.token, query: { days: 7 } });
    // assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization_id: org.id, days: 7, end_date: today, total_keys: 2, active_keys: 2, total_requests: 16, period_requests: 6 });
    expect(res.body.daily).toHaveLength(7);
    expect(res.body.daily.at(-1)).toEqual({ date: today, requests: 2 });
    expect(res.body.daily.at(-2)).toEqual({ date: yesterday, requests: 4 });
    const perKey = Object.fromEntries(res.body.keys.map((k: { name: string; period_requests: number; usage_count: number }) => [k.name, [k.period_requests, k.usage_count]]));
    expect(perKey).toEqual({ a: [5, 15], b: [1, 1] });
    expect((await call('GET', `${base(org.id)}/stats/usage`, { token: users.member.token })).status).toBe(403);
    expect((await call('GET', `${base(org.id)}/stats/usage`, { token: users.admin.token, query: { days: 0 } })).status).toBe(422);
  });
});
