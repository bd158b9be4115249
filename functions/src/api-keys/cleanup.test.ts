import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createUser, organizationWithRoles } from '../../test/fixtures.js';
import { ApiKey } from '../db/apiKey.js';
import { AuditLog } from '../db/auditLog.js';
import { cleanupExpiredApiKeys } from './cleanup.js';

/**
 * Clean-up and global statistics see every organization's keys, so they live in their own file
 * (their own table); the tests below run in order and build on each other's leftovers knowingly.
 */
const base = (orgId: string) => `/api/v1/organizations/${orgId}/api-keys`;
const storedKey = async (orgId: string, id: string) => (await ApiKey.get({ organization_id: orgId, id }).go()).data;
const auditOf = async (orgId: string) => (await AuditLog.query.byOrganization({ organization_id: orgId }).go()).data;

async function createKey(orgId: string, token: string, body: Record<string, unknown> = {}) {
  const res = await call('POST', base(orgId), { token, json: { name: 'Integration', role: 'viewer', ...body } });
  expect(res.status).toBe(201);
  return res.body as { id: string; key: string };
}

const expire = (orgId: string, id: string) =>
  ApiKey.patch({ organization_id: orgId, id }).set({ expires_at: new Date(Date.now() - 60_000).toISOString() }).go();

describe('api keys: clean-up and global statistics', () => {
  it('cleans up expired keys across organizations (superuser only) and leaves the rest', async () => {
    // prepare
    const superuser = await createUser({ is_superuser: true });
    const first = await organizationWithRoles();
    const second = await organizationWithRoles();
    const expiredA = await createKey(first.org.id, first.users.admin.token, { name: 'old A', expires_in_days: 1 });
    const expiredB = await createKey(second.org.id, second.users.admin.token, { name: 'old B', expires_in_days: 2 });
    const current = await createKey(first.org.id, first.users.admin.token, { name: 'current', expires_in_days: 5 });
    const forever = await createKey(second.org.id, second.users.admin.token, { name: 'forever' });
    await expire(first.org.id, expiredA.id);
    await expire(second.org.id, expiredB.id);
    // act
    const refused = await call('POST', `${base(first.org.id)}/cleanup`, { token: first.users.owner.token });
    const res = await call('POST', `${base(first.org.id)}/cleanup`, { token: superuser.token });
    const rerun = await call('POST', `${base(first.org.id)}/cleanup`, { token: superuser.token });
    // assess
    expect(refused.status).toBe(403);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    expect(rerun.body.deleted).toBe(0);
    expect(await storedKey(first.org.id, expiredA.id)).toBeNull();
    expect(await storedKey(second.org.id, expiredB.id)).toBeNull();
    expect(await storedKey(first.org.id, current.id)).not.toBeNull();
    expect(await storedKey(second.org.id, forever.id)).not.toBeNull();
    const removal = (await auditOf(second.org.id)).find((r) => r.action === 'api_key.expired_removed');
    expect(removal).toMatchObject({ entity_id: expiredB.id, user_id: superuser.user.id });
    expect(removal!.summary).toContain('old B');
  });

  it('cleanupExpiredApiKeys(now) for the nightly job deletes what expired before `now`', async () => {
    const { org, users } = await organizationWithRoles();
    const soon = await createKey(org.id, users.admin.token, { expires_in_days: 1 });
    const later = await createKey(org.id, users.admin.token, { expires_in_days: 10 });
    const forever = await createKey(org.id, users.admin.token);
    expect(await cleanupExpiredApiKeys(new Date())).toBe(0);
    expect(await cleanupExpiredApiKeys(new Date(Date.now() + 2 * 86_400_000))).toBe(1);
    expect(await storedKey(org.id, soon.id)).toBeNull();
    expect(await storedKey(org.id, later.id)).not.toBeNull();
    expect(await storedKey(org.id, forever.id)).not.toBeNull();
    const removal = (await auditOf(org.id)).find((r) => r.action === 'api_key.expired_removed');
    expect(removal).toMatchObject({ entity_id: soon.id });
    expect(removal!.user_id).toBeUndefined();
  });

  it('reports global totals to superusers only', async () => {
    const superuser = await createUser({ is_superuser: true });
    const before = (await call('GET', `${base('any')}/global/stats`, { token: superuser.token })).body;
    const first = await organizationWithRoles();
    const second = await organizationWithRoles();
    const a = await createKey(first.org.id, first.users.admin.token);
    const b = await createKey(second.org.id, second.users.admin.token, { expires_in_days: 3 });
    const c = await createKey(second.org.id, second.users.admin.token);
    await call('PUT', `${base(second.org.id)}/${c.id}`, { token: second.users.admin.token, json: { is_active: false } });
    await expire(second.org.id, b.id);
    await call('GET', '/api/v1/items', { apiKey: a.key, org: first.org.id });
    await call('GET', '/api/v1/items', { apiKey: a.key, org: first.org.id });

    expect((await call('GET', `${base(first.org.id)}/global/stats`, { token: first.users.owner.token })).status).toBe(403);
    const res = await call('GET', `${base(first.org.id)}/global/stats`, { token: superuser.token });
    expect(res.status).toBe(200);
    const delta = Object.fromEntries(Object.entries(res.body as Record<string, number>).map(([k, v]) => [k, v - before[k]]));
    expect(delta).toEqual({ total_keys: 3, active_keys: 1, inactive_keys: 1, expired_keys: 1, total_requests: 2, organizations_with_keys: 2 });
  });
});
