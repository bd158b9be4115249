import { afterEach, describe, expect, it } from 'vitest';
import { handler } from './handler.js';
import { scheduledEvent } from '../../../infra/local/schedules.js';
import { createOrganization, createUser } from '../../test/fixtures.js';
import { uniqueEmail } from '../../test/client.js';
import { createInvitation } from '../invitations/invitations.js';
import { Invitation } from '../db/invitation.js';
import { ApiKey } from '../db/apiKey.js';
import { AuditLog, AuditRetention } from '../db/auditLog.js';
import { uuidv7 } from '../platform/ids.js';

const DAY = 24 * 60 * 60 * 1000;
const nightly = (time: Date) => scheduledEvent('maintenance', 'us-east-1', time);

async function organizationWithHistory(now: Date) {
  const { user } = await createUser();
  const org = await createOrganization(user.id);
  const inviter = { id: user.id, name: user.full_name, role: 'owner' as const };
  const stale = await createInvitation(org, inviter, { email: uniqueEmail('stale'), role: 'member' }, new Date(now.getTime() - 30 * DAY).toISOString());
  const fresh = await createInvitation(org, inviter, { email: uniqueEmail('fresh'), role: 'member' }, now.toISOString());
  const key = (id: string, expires_at: string) => ApiKey.create({
    organization_id: org.id, id, name: `key ${id.slice(-4)}`, role: 'member', key_prefix: id.slice(-12), secret_hash: 'x'.repeat(64),
    expires_at, created_by: user.id, created_at: now.toISOString(), updated_at: now.toISOString(),
  }).go();
  const expiredKey = uuidv7();
  const liveKey = uuidv7();
  await key(expiredKey, new Date(now.getTime() - DAY).toISOString());
  await key(liveKey, '9999');
  const audit = (at: Date) => {
    const id = uuidv7(at.getTime());
    return AuditLog.create({ organization_id: org.id, id, user_id: org.owner_id, day: at.toISOString().slice(0, 10), action: 'test.event', entity_type: 'test', summary: 'history', created_at: at.toISOString() }).go().then(() => id);
  };
  const oldAudit = await audit(new Date(now.getTime() - 400 * DAY));
  const recentAudit = await audit(new Date(now.getTime() - 10 * DAY));
  return { org, stale: stale.invitation, fresh: fresh.invitation, expiredKey, liveKey, oldAudit, recentAudit };
}

describe('nightly maintenance', () => {
  const retention = process.env.AUDIT_RETENTION_DAYS;
  afterEach(() => {
    if (retention === undefined) delete process.env.AUDIT_RETENTION_DAYS;
    else process.env.AUDIT_RETENTION_DAYS = retention;
  });

  it('expires stale invitations, removes expired API keys and deletes audit records past retention', async () => {
    // prepare
    delete process.env.AUDIT_RETENTION_DAYS;
    const now = new Date();
    const s = await organizationWithHistory(now);
    // As after earlier nights: retention has cleared up to 420 days ago (a first run on an empty
    // table walks ten years of day partitions, which only costs this test time).
    await AuditRetention.create({ cleared_before: new Date(now.getTime() - 420 * DAY).toISOString().slice(0, 10), updated_at: now.toISOString() }).go();

    // act
    const summary = await handler(nightly(now));

    // assess
    expect(summary).toMatchObject({ expired_invitations: 1, removed_api_keys: 1, deleted_audit_logs: 1, audit_retention_days: 365 });
    const invitation = async (id: string) => (await Invitation.get({ organization_id: s.org.id, id }).go()).data?.status;
    expect(await invitation(s.stale.id)).toBe('expired');
    expect(await invitation(s.fresh.id)).toBe('pending');
    expect((await ApiKey.get({ organization_id: s.org.id, id: s.expiredKey }).go()).data).toBeNull();
    expect((await ApiKey.get({ organization_id: s.org.id, id: s.liveKey }).go()).data).not.toBeNull();
    expect((await AuditLog.get({ organization_id: s.org.id, id: s.oldAudit }).go()).data).toBeNull();
    expect((await AuditLog.get({ organization_id: s.org.id, id: s.recentAudit }).go()).data).not.toBeNull();

    // a second run the same night finds nothing left to do
    expect(await handler(nightly(now))).toMatchObject({ expired_invitations: 0, removed_api_keys: 0, deleted_audit_logs: 0 });
  });

  it('runs the other steps and then fails when the audit retention setting is invalid', async () => {
    // prepare
    process.env.AUDIT_RETENTION_DAYS = 'a year';
    const now = new Date();
    const s = await organizationWithHistory(now);

    // act
    const run = handler(nightly(now));

    // assess
    await expect(run).rejects.toThrow(/audit logs/);
    expect((await Invitation.get({ organization_id: s.org.id, id: s.stale.id }).go()).data?.status).toBe('expired');
    expect((await ApiKey.get({ organization_id: s.org.id, id: s.expiredKey }).go()).data).toBeNull();
    expect((await AuditLog.get({ organization_id: s.org.id, id: s.oldAudit }).go()).data).not.toBeNull();
  });
});
