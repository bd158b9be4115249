import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createOrganization, createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog } from '../db/auditLog.js';
import { uuidv7 } from '../platform/ids.js';

const base = (orgId: string) => `/api/v1/organizations/${orgId}/audit-logs`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Writes an audit record as the pipeline would have at time `at`. */
async function seed(organizationId: string, at: number, fields: { action: string; user_id?: string; user_email?: string; api_key_id?: string }) {
  const { data } = await AuditLog.create({
    organization_id: organizationId,
    id: uuidv7(at),
    day: new Date(at).toISOString().slice(0, 10),
    entity_type: fields.action.split('.')[0]!,
    summary: `${fields.action} at ${new Date(at).toISOString()}`,
    created_at: new Date(at).toISOString(),
    ...fields,
  }).go();
  return data;
}

const actions = (res: { body: { data: { action: string }[] } }) => res.body.data.map((r) => r.action);

describe('audit logs of an organization', () => {
  it('lists newest first with the public shape, filters by action, user and dates, and pages with a total', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const now = Date.now();
    const admin = users.admin.user;
    await seed(org.id, now - 10 * DAY, { action: 'item.created', user_id: admin.id, user_email: admin.email });
    await seed(org.id, now - 5 * DAY, { action: 'item.updated', user_id: users.member.user.id });
    await seed(org.id, now - 2 * DAY, { action: 'file.uploaded', api_key_id: 'key-1' });
    await seed(org.id, now - 1000, { action: 'item.deleted', user_id: admin.id });
    const day = (offset: number) => new Date(now - offset * DAY).toISOString().slice(0, 10);
    const get = (query: Record<string, string | number> = {}) => call('GET', base(org.id), { token: users.admin.token, query });
    // act
    const all = await get();
    // assess
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    expect(actions(all)).toEqual(['item.deleted', 'file.uploaded', 'item.updated', 'item.created']);
    expect(all.body.data[1]).toEqual({
      id: expect.any(String), organization_id: org.id, user_id: null, user_email: null, api_key_id: 'key-1',
      action: 'file.uploaded', entity_type: 'file', entity_id: null, summary: expect.stringContaining('file.uploaded'),
      // Written without one, as records from before narratives were: the screens show the summary.
      narrative: null,
      changes: null, ip_address: null, user_agent: null, created_at: expect.any(String),
    });
    expect(actions(await get({ action: 'item.updated' }))).toEqual(['item.updated']);
    expect(actions(await get({ action: 'item' }))).toEqual(['item.deleted', 'item.updated', 'item.created']);
    expect(actions(await get({ user_id: admin.id }))).toEqual(['item.deleted', 'item.created']);
    expect(actions(await get({ user_id: admin.id, action: 'item.created' }))).toEqual(['item.created']);
    expect(actions(await get({ start_date: day(6), end_date: day(2) }))).toEqual(['file.uploaded', 'item.updated']);
    expect(actions(await get({ end_date: day(5) }))).toEqual(['item.updated', 'item.created']);
    expect(actions(await get({ start_date: day(0) }))).toEqual(['item.deleted']);
    const page = await get({ skip: 1, limit: 2 });
    expect(page.body.count).toBe(4);
    expect(actions(page)).toEqual(['file.uploaded', 'item.updated']);
    const filteredCount = await get({ action: 'item', limit: 1 });
    expect(filteredCount.body).toMatchObject({ count: 3, data: [{ action: 'item.deleted' }] });
  });

  it('is for admins, and refuses bad dates with 422', async () => {
    const { org, users } = await organizationWithRoles();
    expect((await call('GET', base(org.id), { token: users.member.token })).status).toBe(403);
    expect((await call('GET', `${base(org.id)}/recent`, { token: users.viewer.token })).status).toBe(403);
    expect((await call('GET', `${base(org.id)}/summary`, { token: users.member.token })).status).toBe(403);
    expect((await call('GET', base(org.id), { token: users.admin.token, query: { start_date: '2025-13-01' } })).status).toBe(422);
    expect((await call('GET', base(org.id), { token: users.admin.token, query: { start_date: '2025-02-30' } })).status).toBe(422);
    expect((await call('GET', base(org.id), { token: users.admin.token, query: { start_date: '2025-03-02', end_date: '2025-03-01' } })).status).toBe(422);
    const stranger = await createUser();
    expect((await call('GET', base(org.id), { token: stranger.token })).status).toBe(404);
  });

  it('answers recent activity (last 24 hours by default, or the last N records)', async () => {
    const { org, users } = await organizationWithRoles();
    const now = Date.now();
    await seed(org.id, now - 30 * HOUR, { action: 'old.one' });
    await seed(org.id, now - 3 * HOUR, { action: 'recent.first' });
    await seed(org.id, now - 2 * HOUR, { action: 'recent.second' });
    await seed(org.id, now - HOUR, { action: 'recent.third' });
    const recent = await call('GET', `${base(org.id)}/recent`, { token: users.admin.token });
    expect(actions(recent)).toEqual(['recent.third', 'recent.second', 'recent.first']);
    expect(recent.body.count).toBe(3);
    expect(actions(await call('GET', `${base(org.id)}/recent`, { token: users.admin.token, query: { limit: 2 } }))).toEqual(['recent.third', 'recent.second']);
    expect(actions(await call('GET', `${base(org.id)}/recent`, { token: users.admin.token, query: { hours: 48 } }))).toHaveLength(4);
  });

  it('summarizes counts by action and by user over the last days', async () => {
    const { org, users } = await organizationWithRoles();
    const now = Date.now();
    const admin = users.admin.user;
    await seed(org.id, now - 40 * DAY, { action: 'item.created', user_id: admin.id });
    await seed(org.id, now - 3 * DAY, { action: 'item.created', user_id: admin.id, user_email: admin.email });
    await seed(org.id, now - 2 * DAY, { action: 'item.created', user_id: admin.id, user_email: admin.email });
    await seed(org.id, now - DAY, { action: 'file.uploaded', user_id: users.member.user.id });
    await seed(org.id, now - HOUR, { action: 'item.created', api_key_id: 'key-1' });
    const res = await call('GET', `${base(org.id)}/summary`, { token: users.admin.token, query: { days: 7 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 7, total: 4, end_date: new Date(now).toISOString().slice(0, 10) });
    expect(res.body.by_action).toEqual([{ action: 'item.created', count: 3 }, { action: 'file.uploaded', count: 1 }]);
    expect(res.body.by_user).toEqual([
      { user_id: admin.id, user_email: admin.email, count: 2 },
      { user_id: users.member.user.id, user_email: null, count: 1 },
      { user_id: null, user_email: null, count: 1 },
    ]);
    expect((await call('GET', `${base(org.id)}/summary`, { token: users.admin.token })).body).toMatchObject({ days: 30, total: 4 });
  });

  it("shows a user's records to that user as any member, and to admins; not to other members", async () => {
    const { org, users } = await organizationWithRoles();
    const now = Date.now();
    await seed(org.id, now - 2 * HOUR, { action: 'item.created', user_id: users.viewer.user.id });
    await seed(org.id, now - HOUR, { action: 'item.created', user_id: users.member.user.id });
    const path = `${base(org.id)}/user/${users.viewer.user.id}`;
    const own = await call('GET', path, { token: users.viewer.token });
    expect(own.status).toBe(200);
    expect(own.body.count).toBe(1);
    expect(own.body.data[0].user_id).toBe(users.viewer.user.id);
    expect((await call('GET', path, { token: users.admin.token })).body.count).toBe(1);
    expect((await call('GET', path, { token: users.member.token })).status).toBe(403);
    // A member's own records in another organization are not reachable through this one.
    const otherOrg = await createOrganization(users.viewer.user.id);
    await seed(otherOrg.id, now, { action: 'item.created', user_id: users.viewer.user.id });
    expect((await call('GET', path, { token: users.viewer.token })).body.count).toBe(1);
  });

  it('records what the api-keys, items and file-uploads routes change, readable through the log', async () => {
    // prepare
    const { org, users } = await organizationWithRoles();
    const created = await call('POST', `/api/v1/organizations/${org.id}/api-keys`, { token: users.admin.token, json: { name: 'Sync', role: 'member' }, ip: '192.0.2.10' });
    // act
    const item = await call('POST', '/api/v1/items', { apiKey: created.body.key, org: org.id, json: { title: 'Via key' }, ip: '192.0.2.11' });
    const log = await call('GET', base(org.id), { token: users.admin.token });
    // assess
    expect(item.status).toBe(201);
    const [itemRecord, keyRecord] = log.body.data;
    expect(keyRecord).toMatchObject({
      action: 'api_key.created', entity_type: 'api_key', entity_id: created.body.id, user_id: users.admin.user.id,
      user_email: users.admin.user.email, api_key_id: null, ip_address: '192.0.2.10', user_agent: 'vitest',
    });
    expect(keyRecord.summary).toContain('Sync');
    expect(itemRecord).toMatchObject({
      action: 'item.created', entity_type: 'item', entity_id: item.body.id, user_id: null, api_key_id: created.body.id,
      ip_address: '192.0.2.11', changes: { title: 'Via key', description: null },
    });
    // Reading the log is not itself audited.
    expect(log.body.count).toBe(2);
  });
});
