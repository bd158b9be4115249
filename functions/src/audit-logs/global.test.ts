import { describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { createUser, organizationWithRoles } from '../../test/fixtures.js';
import { AuditLog, AuditRetention, AUDIT_PLATFORM } from '../db/auditLog.js';
import { uuidv7 } from '../platform/ids.js';
import { cleanupAuditLogs } from './cleanup.js';

/**
 * The global log and retention see every organization's records, so they have their own file
 * (their own table). The tests run in order; the clean-up tests come last.
 */
const DAY = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

async function seed(organizationId: string, at: number, action: string) {
  const { data } = await AuditLog.create({
    organization_id: organizationId, id: uuidv7(at), day: dayOf(at), action, entity_type: action.split('.')[0]!,
    summary: action, created_at: new Date(at).toISOString(),
  }).go();
  return data;
}
const countAll = async (organizationId: string) => (await AuditLog.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' })).data.length;

describe('the global audit log and retention', () => {
  it('walks the day partitions newest first across organizations, with filters, range and paging (superuser only)', async () => {
    // prepare
    const superuser = await createUser({ is_superuser: true });
    const a = await organizationWithRoles();
    const b = await organizationWithRoles();
    const now = Date.now();
    await seed(a.org.id, now - 20 * DAY, 'item.created');
    await seed(b.org.id, now - 3 * DAY, 'file.uploaded');
    await seed(a.org.id, now - 2 * DAY, 'item.updated');
    await seed(AUDIT_PLATFORM, now - DAY, 'auth.login');
    await seed(b.org.id, now - 1000, 'item.deleted');
    const url = `/api/v1/organizations/${a.org.id}/audit-logs/global`;
    const get = (query: Record<string, string | number> = {}) => call('GET', url, { token: superuser.token, query });
    const actions = (res: { body: { data: { action: string }[] } }) => res.body.data.map((r) => r.action);
    // act
    const all = await get();
    // assess
    expect(all.status).toBe(200);
    expect(actions(all)).toEqual(['item.deleted', 'auth.login', 'item.updated', 'file.uploaded', 'item.created']);
    expect(all.body.data.find((r: { action: string }) => r.action === 'auth.login').organization_id).toBeNull();
    expect(actions(await get({ limit: 2 }))).toEqual(['item.deleted', 'auth.login']);
    expect(actions(await get({ skip: 2, limit: 2 }))).toEqual(['item.updated', 'file.uploaded']);
    expect(actions(await get({ organization_id: b.org.id }))).toEqual(['item.deleted', 'file.uploaded']);
    expect(actions(await get({ action: 'item' }))).toEqual(['item.deleted', 'item.updated', 'item.created']);
    expect(actions(await get({ organization_id: a.org.id, action: 'item.updated' }))).toEqual(['item.updated']);
    expect(actions(await get({ start_date: dayOf(now - 3 * DAY), end_date: dayOf(now - 2 * DAY) }))).toEqual(['item.updated', 'file.uploaded']);
    expect(actions(await get({ end_date: dayOf(now - 10 * DAY) }))).toEqual(['item.created']);

    expect((await call('GET', url, { token: a.users.owner.token })).status).toBe(403);
    expect((await get({ start_date: '2020-01-01', end_date: '2025-01-01' })).status).toBe(422);
  });

  it('cleanupAuditLogs deletes whole days older than daysToKeep, in every organization, and remembers where it got to', async () => {
    // prepare
    const a = await organizationWithRoles();
    const b = await organizationWithRoles();
    const now = Date.now();
    const old = [
      await seed(a.org.id, now - 400 * DAY, 'item.created'),
      await seed(b.org.id, now - 100 * DAY, 'item.created'),
      await seed(AUDIT_PLATFORM, now - 95 * DAY, 'auth.login'),
    ];
    const kept = [await seed(a.org.id, now - 80 * DAY, 'item.updated'), await seed(b.org.id, now - DAY, 'item.deleted')];
    // act (the first run walks back from the cut-off; bounded here to keep the test quick)
    const result = await cleanupAuditLogs(90, new Date(now), { firstRunLookbackDays: 500 });
    const rerun = await cleanupAuditLogs(90, new Date(now));
    // assess
    expect(result).toEqual({ deleted: 3, days_to_keep: 90, cutoff_date: dayOf(now - 90 * DAY) });
    expect(rerun.deleted).toBe(0);
    for (const r of old) expect((await AuditLog.get({ organization_id: r.organization_id, id: r.id }).go()).data).toBeNull();
    for (const r of kept) expect((await AuditLog.get({ organization_id: r.organization_id, id: r.id }).go()).data).not.toBeNull();
    expect(await countAll(a.org.id)).toBe(1);
    expect((await AuditRetention.get({}).go()).data?.cleared_before).toBe(dayOf(now - 90 * DAY));
    // A later run only walks the days that aged out since.
    const later = await cleanupAuditLogs(30, new Date(now));
    expect(later.deleted).toBe(1);
    expect((await AuditRetention.get({}).go()).data?.cleared_before).toBe(dayOf(now - 30 * DAY));
    // A longer retention afterwards deletes nothing and does not move the watermark back.
    expect((await cleanupAuditLogs(365, new Date(now))).deleted).toBe(0);
    expect((await AuditRetention.get({}).go()).data?.cleared_before).toBe(dayOf(now - 30 * DAY));
  });

  it('POST audit-logs/cleanup is for superusers and answers how many records it deleted', async () => {
    const superuser = await createUser({ is_superuser: true });
    const { org, users } = await organizationWithRoles();
    const now = Date.now();
    // Earlier tests left records 1, 3 and 20 days old (older ones are gone): keeping 25 days spares them.
    const stale = await seed(org.id, now - 27 * DAY, 'item.created');
    const fresh = await seed(org.id, now - 2 * DAY, 'item.updated');
    const url = `/api/v1/organizations/${org.id}/audit-logs/cleanup`;

    expect((await call('POST', url, { token: users.owner.token, query: { days_to_keep: 25 } })).status).toBe(403);
    expect((await call('POST', url, { token: superuser.token, query: { days_to_keep: 0 } })).status).toBe(422);
    const res = await call('POST', url, { token: superuser.token, query: { days_to_keep: 25 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1, days_to_keep: 25, cutoff_date: dayOf(now - 25 * DAY) });
    expect((await AuditLog.get({ organization_id: org.id, id: stale.id }).go()).data).toBeNull();
    expect((await AuditLog.get({ organization_id: org.id, id: fresh.id }).go()).data).not.toBeNull();
    const platform = (await AuditLog.query.byOrganization({ organization_id: AUDIT_PLATFORM }).go({ order: 'desc' })).data[0];
    expect(platform).toMatchObject({ action: 'audit_log.cleanup', user_id: superuser.user.id, summary: `Deleted 1 audit records dated before ${dayOf(now - 25 * DAY)}` });
  });
});
